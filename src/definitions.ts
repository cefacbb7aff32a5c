// Survey definitions in the browser: shared blocks are bundled with the app, each survey's
// definition is its own chunk, fetched when a respondent opens that survey. `@definitions` is the
// definitions folder (vite.config.ts: definitions/, or SURVEY_DEFINITIONS; the tests' fixtures).
import { resolveSurvey } from '../engine';
import type { ResolvedSurvey, SharedBlocks, SurveyDefinition } from '../engine';
import type { ResolvingBlocks } from '../engine/resolve';
// By name, so that what resolving never reads (the field catalogue, for the checks) stays out of
// the bundle.
import { scales, welshYesNo, patterns, footers, pages } from '@definitions/shared/shared.json';

export const shared: ResolvingBlocks = {
  scales: scales as SharedBlocks['scales'],
  welshYesNo,
  patterns,
  footers: footers as SharedBlocks['footers'],
  pages: pages as unknown as SharedBlocks['pages'],
};

const modules = import.meta.glob<SurveyDefinition>('@definitions/*.json', { import: 'default' });

const loaders = new Map(
  Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), load]),
);

const cache = new Map<string, Promise<ResolvedSurvey>>();

/** The resolved survey with this id, or undefined when there is no such definition. */
export function loadSurvey(id: string): Promise<ResolvedSurvey> | undefined {
  const load = loaders.get(id);
  if (!load) return undefined;
  let survey = cache.get(id);
  if (!survey) {
    survey = load().then((definition) => resolveSurvey(definition, shared));
    cache.set(id, survey);
    survey.catch(() => cache.delete(id)); // a failed chunk fetch can be retried
  }
  return survey;
}
