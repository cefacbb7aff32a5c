import { isLang, type ResolvedSurvey } from '../engine/index';
import { matchRoute, ROUTES, surveyPath } from '../src/paths';

export type AppPath =
  { kind: 'app' } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

/**
 * Whether a path is one of the app's screens, read from the route table (src/paths.ts) and the
 * definitions: the cookies page, a survey's start (a trailing slash tolerated; a one-page
 * survey drops it), its finish and timeout pages and, for a multi-page survey, its pages.
 */
export function classifyPath(path: string, surveys: Map<string, ResolvedSurvey>): AppPath {
  const notFound: AppPath = { kind: 'not-found' };
  if (isLang(matchRoute(ROUTES.cookies, path)?.lang)) return { kind: 'app' };
  // `/{lang}/{survey}/` reads as a page with no name: the start page with its trailing slash.
  const slashed = path.endsWith('/') ? matchRoute(ROUTES.survey, path.slice(0, -1)) : null;
  const params =
    slashed ??
    matchRoute(ROUTES.survey, path) ??
    matchRoute(ROUTES.finish, path) ??
    matchRoute(ROUTES.timeout, path) ??
    matchRoute(ROUTES.question, path);
  const lang = params?.lang;
  const survey = params && surveys.get(params.survey!);
  if (!isLang(lang) || !survey) return notFound;
  const single = survey.layout === 'single';
  if (slashed)
    return single ? { kind: 'redirect', location: surveyPath(lang, survey) } : { kind: 'app' };
  const page = params.page;
  if (page === undefined) return { kind: 'app' };
  if (!single && survey.pages.some((p) => p.id === page)) return { kind: 'app' };
  return notFound;
}
