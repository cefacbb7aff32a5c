import { LANGS, type Lang, type ResolvedSurvey } from '../engine/index';

export type AppPath =
  { kind: 'app' } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

const SURVEY_SCREENS = ['finish', 'timeout'];

/**
 * Whether a path is one of the app's screens (see the routes table in server/README.md), derived
 * from the definitions: `/{lang}/cookies`, `/{lang}/{survey}` (+ `/`), `/{lang}/{survey}/{page id}`,
 * `/finish`, `/timeout`. A one-page survey has no page routes and drops a trailing slash.
 */
export function classifyPath(path: string, surveys: Map<string, ResolvedSurvey>): AppPath {
  const [empty, lang, surveyId, screen, ...rest] = path.split('/');
  const notFound: AppPath = { kind: 'not-found' };
  if (empty !== '' || !LANGS.includes(lang as Lang) || surveyId === undefined || rest.length > 0)
    return notFound;
  if (surveyId === 'cookies' && screen === undefined) return { kind: 'app' };
  const survey = surveys.get(surveyId);
  if (!survey) return notFound;
  const single = survey.layout === 'single';
  if (screen === undefined) return { kind: 'app' };
  if (screen === '')
    return single ? { kind: 'redirect', location: `/${lang}/${surveyId}` } : { kind: 'app' };
  if (SURVEY_SCREENS.includes(screen)) return { kind: 'app' };
  if (!single && survey.pages.some((page) => page.id === screen)) return { kind: 'app' };
  return notFound;
}
