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

/** The draft token in an address's query, or null. */
export function draftOf(search: string): string | null {
  return new URLSearchParams(search).get('draft');
}

/** The route table's id for question pages: the entry script finds it in the server's loader data. */
export const QUESTION_ROUTE_ID = 'question';
