// The route table (README, and docs/architecture.md 'How an answer travels'). Loaders do the checks that must happen before a page
// shows: unknown survey or page (404), inactivity expiry, no survey in progress (timeout), guards.
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { findPage, guardRedirect } from '../engine';
import type { ResolvedSurvey } from '../engine';
import { loadSurvey } from './definitions';
import { isLang } from './i18n';
import { SurveyLayout } from './layout/SurveyLayout';
import { CookiesPage, NotFoundPage, RouteError } from './pages/Plain';
import { FinishPage, TimeoutPage } from './pages/Endings';
import { SurveyIndex } from './pages/StartPage';
import { QuestionRoute } from './pages/QuestionPage';
import { surveyPath } from './paths';
import { Root } from './Root';
import { checkActivity, useSurveyStore } from './store';

function notFound(): never {
  throw data(null, { status: 404 });
}

async function surveyOf({ params }: LoaderFunctionArgs): Promise<ResolvedSurvey> {
  const survey = isLang(params.lang) && params.survey ? loadSurvey(params.survey) : undefined;
  return survey ?? notFound();
}

async function indexLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  checkActivity();
  if (survey.layout !== 'single') return null;
  // The one-page survey lives at the root without a trailing slash, and needs no Start button.
  if (new URL(args.request.url).pathname.endsWith('/'))
    throw redirect(surveyPath(args.params.lang as 'en', survey));
  const state = useSurveyStore.getState();
  if (!state.inProgress || state.surveyName !== survey.id) state.start(survey.id);
  return null;
}

async function questionLoader(args: LoaderFunctionArgs) {
  const survey = await surveyOf(args);
  const lang = args.params.lang as 'en' | 'cy';
  const page = findPage(survey, args.params.page ?? '');
  if (!page || survey.layout === 'single') notFound();
  checkActivity();
  const { inProgress, surveyName, answers } = useSurveyStore.getState();
  if (!inProgress || surveyName !== survey.id) throw redirect(surveyPath(lang, survey, 'timeout'));
  const elsewhere = guardRedirect(survey, page.id, answers);
  if (elsewhere) throw redirect(surveyPath(lang, survey, elsewhere));
  return null;
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
          { index: true, loader: indexLoader, element: <SurveyIndex /> },
          { path: 'finish', element: <FinishPage /> },
          { path: 'timeout', element: <TimeoutPage /> },
          { path: ':page', loader: questionLoader, element: <QuestionRoute /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
