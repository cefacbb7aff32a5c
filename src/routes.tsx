// The route table (README, and docs/architecture.md 'How an answer travels'). Loaders do the checks that must happen before a page
// shows: unknown survey or page (404), inactivity expiry, no survey in progress (timeout), guards.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { findPage, guardRedirect } from '../engine';
import type { Lang, ResolvedSurvey } from '../engine';
import { loadSurvey } from './definitions';
import { isLang } from './i18n';
import { SurveyLayout } from './layout/SurveyLayout';
import { CookiesPage, NotFoundPage, RouteError } from './pages/Plain';
import { FinishPage, TimeoutPage } from './pages/Endings';
import { SurveyIndex } from './pages/StartPage';
import { QuestionRoute } from './pages/QuestionPage';
import { QUESTION_ROUTE_ID, surveyPath, withDraft } from './paths';
import { Root } from './Root';
import { serverContext } from './serverContext';
import { checkActivity, useSurveyStore, type SurveyData } from './store';

function notFound(): never {
  throw data(null, { status: 404 });
}

async function surveyOf({ params }: LoaderFunctionArgs): Promise<ResolvedSurvey> {
  const survey = isLang(params.lang) && params.survey ? loadSurvey(params.survey) : undefined;
  return survey ?? notFound();
}

/** The respondent's state: the store in the browser, the draft on the server. 'unknown' when the
 *  server renders without a draft (a respondent with JavaScript keeps answers in the browser,
 *  so the page is drawn as is and the browser checks it once its state is loaded). */
function stateOf(args: LoaderFunctionArgs): SurveyData | 'unknown' {
  const server = serverContext(args);
  if (server) return server.state ?? 'unknown';
  checkActivity();
  return useSurveyStore.getState();
}

async function indexLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  const state = stateOf(args);
  if (survey.layout !== 'single') return null;
  // The one-page survey lives at the root without a trailing slash, and needs no Start button.
  if (new URL(args.request.url).pathname.endsWith('/'))
    throw redirect(surveyPath(args.params.lang as 'en', survey));
  if (
    state !== 'unknown' &&
    !serverContext(args) &&
    (!state.inProgress || state.surveyName !== survey.id)
  )
    useSurveyStore.getState().start(survey.id);
  return null;
}

async function questionLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  const lang = args.params.lang as Lang;
  const page = findPage(survey, args.params.page ?? '');
  if (!page || survey.layout === 'single') notFound();
  const state = stateOf(args);
  if (state === 'unknown') return null;
  if (!state.inProgress || state.surveyName !== survey.id) {
    // Back from the finish page: the answers were sent, not cleared for idling.
    const sent = state.sent && state.surveyName === survey.id;
    throw redirect(surveyPath(lang, survey, sent ? 'finish' : 'timeout'));
  }
  const elsewhere = guardRedirect(survey, page.id, state.answers);
  if (elsewhere)
    throw redirect(withDraft(surveyPath(lang, survey, elsewhere), serverContext(args)?.draft));
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
      { path: ':lang/cookies', element: <CookiesPage /> },
      {
        path: ':lang/:survey',
        id: 'survey',
        loader: surveyOf,
        element: <SurveyLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, loader: indexLoader, action, element: <SurveyIndex /> },
          { path: 'finish', element: <FinishPage /> },
          { path: 'timeout', element: <TimeoutPage /> },
          {
            path: ':page',
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
