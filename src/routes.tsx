// The route table (README, and docs/architecture.md 'How an answer travels'). Loaders do the checks that must happen before a page
// shows: unknown survey or page (404), inactivity expiry, no survey in progress (timeout), guards.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { findPage, move, NO_SESSION } from '../engine';
import type { Lang, ResolvedSurvey, StepResult } from '../engine';
import { loadSurvey } from './definitions';
import { isLang } from '../engine';
import { SurveyLayout } from './layout/SurveyLayout';
import { CookiesPage, NotFoundPage, RouteError } from './pages/Plain';
import { FinishPage, TimeoutPage } from './pages/Endings';
import { SurveyIndex } from './pages/StartPage';
import { QuestionRoute } from './pages/QuestionPage';
import { below, QUESTION_ROUTE_ID, ROUTES, surveyPath, withDraft } from './paths';
import { Root } from './Root';
import { serverContext } from './serverContext';
import { clock } from './clock';
import { browserSession, useSurveyStore } from './store';

function notFound(): never {
  throw data(null, { status: 404 });
}

async function surveyOf({ params }: LoaderFunctionArgs): Promise<ResolvedSurvey> {
  const survey = isLang(params.lang) && params.survey ? loadSurvey(params.survey) : undefined;
  return survey ?? notFound();
}

async function indexLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  if (survey.layout !== 'single') return null;
  // The one-page survey lives at the root without a trailing slash, and needs no Start button.
  if (new URL(args.request.url).pathname.endsWith('/'))
    throw redirect(surveyPath(args.params.lang as 'en', survey));
  // Opening it is the page step's 'start': within the hour after its run was sent (Back after
  // sending), the finish page instead of a form to send again.
  const server = serverContext(args);
  const started = server
    ? move(survey, server.state ?? NO_SESSION, { kind: 'start' }, clock.now())
    : openOnePage(survey);
  const lang = args.params.lang as Lang;
  if (started.kind === 'go' && surveyPath(lang, survey, started.to) !== surveyPath(lang, survey))
    throw redirect(withDraft(surveyPath(lang, survey, started.to), server?.draft));
  // Its form carries a submission key, so that posting it twice stores it once: one made by the
  // server for each form it draws, or the browser's run key (src/store.ts).
  if (server) return { submissionKey: server.newSubmissionKey() };
  return { submissionKey: useSurveyStore.getState().keyOfRun() };
}

/** Opening a one-page survey in this browser: the page step's 'start', kept in the browser's
 *  store (the server starts it when it is posted). */
export function openOnePage(survey: ResolvedSurvey): StepResult {
  const started = move(survey, browserSession.read(), { kind: 'start' }, clock.now());
  if ('session' in started) browserSession.write(started.session);
  return started;
}

/** A visit is the page step's 'visit': the store in the browser, the draft on the server. With
 *  no draft the server draws the page as is (a respondent with JavaScript keeps answers in the
 *  browser, which checks the page once its state is loaded). */
async function questionLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  const lang = args.params.lang as Lang;
  const page = findPage(survey, args.params.page ?? '');
  if (!page || survey.layout === 'single') notFound();
  const server = serverContext(args);
  const state = server ? server.state : browserSession.read();
  if (!state) return null;
  const result = move(survey, state, { kind: 'visit', page: page.id }, clock.now());
  if (!server && 'session' in result) browserSession.write(result.session);
  if (result.kind === 'go')
    throw redirect(withDraft(surveyPath(lang, survey, result.to), server?.draft));
  return null;
}

/** Forms posted without JavaScript are answered by the server; the browser's page handles its own. */
function action(args: ActionFunctionArgs) {
  const server = serverContext(args);
  if (!server) throw data(null, { status: 405 });
  return server.post(args.request, args.params);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: ROUTES.cookies, element: <CookiesPage /> },
      {
        path: ROUTES.survey,
        id: 'survey',
        loader: surveyOf,
        element: <SurveyLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, loader: indexLoader, action, element: <SurveyIndex /> },
          { path: below(ROUTES.survey, ROUTES.finish), element: <FinishPage /> },
          { path: below(ROUTES.survey, ROUTES.timeout), element: <TimeoutPage /> },
          {
            path: below(ROUTES.survey, ROUTES.question),
            id: QUESTION_ROUTE_ID,
            loader: questionLoader,
            action,
            element: <QuestionRoute />,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
