// Server rendering: the same route table, loaders and pages as the browser, run for one request.
// Built by Vite as its own bundle (npm run build) and used by server/render.ts.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router-dom';
import type { Lang } from '../engine';
import type { ServerContext } from './serverContext';
import { HeadContext } from './hooks';
import { langOf } from './i18n';
import './i18n/words';
import type { ResolvedSurvey } from '../engine';
import { QUESTION_ROUTE_ID, surveyPath } from './paths';
import { routes } from './routes';
import { emptySurvey, useSurveyStore } from './store';

const handler = createStaticHandler(routes);

export interface Rendered {
  status: number;
  /** The app's markup for #root. */
  html: string;
  title: string;
  lang: Lang;
  /** Headers a route's action set (Retry-After on a busy Send). */
  headers: Record<string, string>;
  /** Where a browser without script goes at once: a question page drawn with no draft has no
   *  survey in progress for it (one with script checks its saved answers, src/main.tsx). */
  noScriptRedirect?: string;
  /** What the browser needs to hydrate exactly this page: router data and the respondent's state. */
  data: unknown;
}

/** Renders a request, or answers with the Response a loader or action gave (a redirect). */
export async function render(
  request: Request,
  context: ServerContext,
): Promise<Rendered | Response> {
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) return result;
  const url = new URL(request.url);
  const state = context.state ?? emptySurvey;
  // Rendering is synchronous from here, so this request's state cannot mix with another's.
  useSurveyStore.setState({ ...state });
  const head: { title?: string } = {};
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(
    <StrictMode>
      <HeadContext.Provider value={head}>
        <StaticRouterProvider router={router} context={result} hydrate={false} />
      </HeadContext.Provider>
    </StrictMode>,
  );
  useSurveyStore.setState({ ...emptySurvey });
  return {
    status: result.statusCode,
    html,
    title: head.title ?? '',
    lang: langOf(url.pathname, url.search),
    noScriptRedirect: noScriptTimeout(request, context, result.loaderData),
    headers: Object.assign(
      {},
      ...Object.values(result.actionHeaders).map((headers) => Object.fromEntries(headers)),
    ) as Record<string, string>,
    data: {
      router: {
        loaderData: result.loaderData,
        actionData: result.actionData,
        errors: serialiseErrors(result.errors),
      },
      // A draft's answers are handed to the browser, which takes them over if its script runs.
      state: context.state,
    },
  };
}

function noScriptTimeout(
  request: Request,
  context: ServerContext,
  loaderData: Record<string, unknown>,
): string | undefined {
  const survey = loaderData.survey as ResolvedSurvey | undefined;
  if (request.method !== 'GET' || context.state || !survey || !(QUESTION_ROUTE_ID in loaderData))
    return undefined;
  const url = new URL(request.url);
  return surveyPath(langOf(url.pathname, url.search), survey, 'timeout');
}

/** Route errors in the form React Router's browser router reads back from hydration data. */
function serialiseErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { ...error, __type: 'RouteErrorResponse' }
        : { message: error instanceof Error ? 'Error' : String(error), __type: 'Error' },
    ]),
  );
}
