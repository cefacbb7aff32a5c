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
