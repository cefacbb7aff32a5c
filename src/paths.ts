// Every address of the respondent's pages and of the editors' preview, in one table, and the
// addresses built from it. The app's router (src/routes.tsx), the server's routes and its
// not-found handling (server/render.ts, server/paths.ts) and the preview (server/preview/) read
// this table; nothing else writes an address. Small and free of imports beyond the engine's
// types: the entry script (src/main.tsx) uses it before the app arrives.
import { isLang, type Lang, type ResolvedSurvey } from '../engine/types';

/** The routes. `:name` is a parameter, in the syntax React Router and Fastify share. */
export const ROUTES = {
  cookies: '/:lang/cookies',
  /** The start page, or a one-page survey's only page. */
  survey: '/:lang/:survey',
  finish: '/:lang/:survey/finish',
  timeout: '/:lang/:survey/timeout',
  question: '/:lang/:survey/:page',
  /** A skip link without JavaScript (GET with a draft), or pressed before the app arrived (POST). */
  skip: '/:lang/:survey/:page/skip',
  preview: '/preview',
  previewSurvey: '/preview/:survey',
  /** Opens a page of a survey with the answers of one of its paths, in a new draft. */
  previewOpen: '/preview/:survey/open',
  /** The live editor of a survey's definition, its check as typed, and its save (development). */
  previewEdit: '/preview/:survey/edit',
  previewCheck: '/preview/:survey/check',
  previewSave: '/preview/:survey/save',
} as const;

export type Route = (typeof ROUTES)[keyof typeof ROUTES];

/** A route's address with its parameters filled in. */
export function pathTo(route: Route, params: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The parameters of `path` when it has the route's shape (same number of segments, the fixed
 *  ones equal, each parameter not empty), else null. */
export function matchRoute(route: Route, path: string): Record<string, string> | null {
  const want = route.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i]!;
    if (!part.startsWith(':')) {
      if (part !== value) return null;
    } else if (value === '') return null;
    else {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null; // malformed escapes: no page has such a name
      }
    }
  }
  return params;
}

/** A route's path below its parent's, for the router's nested routes ('finish' below the survey). */
export function below(parent: Route, route: Route): string {
  if (!route.startsWith(`${parent}/`)) throw new Error(`${route} is not below ${parent}`);
  return route.slice(parent.length + 1);
}

/** The address of a flow target ('start', 'finish', 'timeout' or a page id) in a survey. A
 *  one-page survey's page is its own address. */
export function surveyPath(
  lang: Lang,
  survey: Pick<ResolvedSurvey, 'id' | 'layout'>,
  target = 'start',
): string {
  const params = { lang, survey: survey.id };
  if (target === 'finish') return pathTo(ROUTES.finish, params);
  if (target === 'timeout') return pathTo(ROUTES.timeout, params);
  if (target === 'start' || survey.layout === 'single') return pathTo(ROUTES.survey, params);
  return pathTo(ROUTES.question, { ...params, page: target });
}

/** The address of a page's skip link. */
export function skipPath(lang: Lang, survey: Pick<ResolvedSurvey, 'id'>, page: string): string {
  return pathTo(ROUTES.skip, { lang, survey: survey.id, page });
}

/** The cookies page. */
export const cookiesPath = (lang: Lang) => pathTo(ROUTES.cookies, { lang });

/** The same address in another language: its first segment, a language, swapped. */
export function pathInLang(pathname: string, lang: Lang): string {
  const [empty, first, ...rest] = pathname.split('/');
  return empty === '' && isLang(first) ? ['', lang, ...rest].join('/') : pathname;
}

/** A path with the respondent's draft token, when there is one (pages served without JavaScript). */
export function withDraft(path: string, draft: string | null | undefined): string {
  return draft ? `${path}?draft=${encodeURIComponent(draft)}` : path;
}

/** Where a survey root's form posts: its own address marked `?index` (React Router's mark for an
 *  index route's action). Not the page's own address, whose cached copy a browser drops after a
 *  post to it: Back after sending then shows the page the browser kept, with the same form
 *  (and submission key), instead of a new one (docs/architecture.md). */
export function indexAction(pathname: string, search: string): string {
  // The server draws a page held after a post as that post's answer, `index` already marked.
  const rest = new URLSearchParams(search);
  rest.delete('index');
  const kept = rest.toString();
  return `${pathname}?${kept ? `${kept}&` : ''}index`;
}

/** The draft token in an address's query, or null. */
export function draftOf(search: string): string | null {
  return new URLSearchParams(search).get('draft');
}

/** The route table's id for question pages: the entry script finds it in the server's loader data. */
export const QUESTION_ROUTE_ID = 'question';
