import type { Lang, ResolvedSurvey } from '../engine';

/** The address of a flow target ('start', 'finish', 'timeout' or a page id) in a survey. */
export function surveyPath(
  lang: Lang,
  survey: Pick<ResolvedSurvey, 'id' | 'layout'>,
  target = 'start',
): string {
  const root = `/${lang}/${survey.id}`;
  if (
    target === 'start' ||
    (survey.layout === 'single' && target !== 'finish' && target !== 'timeout')
  )
    return root;
  return `${root}/${target}`;
}

/** The same address in the other language: the first path segment swapped. */
export function withLang(pathname: string, lang: Lang): string {
  return pathname.replace(/^\/(en|cy)(?=\/|$)/, `/${lang}`);
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
