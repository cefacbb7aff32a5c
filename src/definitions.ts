// Survey definitions in the browser: each survey's definition is its own chunk, fetched when a
// respondent opens that survey. `@definitions` is the definitions folder (vite.config.ts:
// definitions/, or SURVEY_DEFINITIONS; the tests' fixtures). A build resolves each definition
// against the shared blocks as it bundles it (scripts/vite-plugin-definitions.ts), so the blocks
// of every survey stay out of the first page; the dev server and the tests resolve them here.
import { resolveSurvey, type ResolvingBlocks } from '../engine/resolve';
import type { ResolvedSurvey, SharedBlocks, SurveyDefinition } from '../engine/types';
// By name, so that what resolving never reads (the field catalogue, for the checks) stays out.
import { scales, welshYesNo, patterns, footers, pages } from '@definitions/shared/shared.json';

const shared: ResolvingBlocks = {
  scales: scales as SharedBlocks['scales'],
  welshYesNo,
  patterns,
  footers: footers as SharedBlocks['footers'],
  pages: pages as unknown as SharedBlocks['pages'],
};

const modules = import.meta.glob<SurveyDefinition | ResolvedSurvey>('@definitions/*.json', {
  import: 'default',
});

const loaders = new Map(
  Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), load]),
);

const resolved = (definition: SurveyDefinition | ResolvedSurvey): ResolvedSurvey =>
  import.meta.env.PROD
    ? (definition as ResolvedSurvey)
    : resolveSurvey(definition as SurveyDefinition, shared);

const cache = new Map<string, Promise<ResolvedSurvey>>();

/** The resolved survey with this id, or undefined when there is no such definition. */
export function loadSurvey(id: string): Promise<ResolvedSurvey> | undefined {
  const load = loaders.get(id);
  if (!load) return undefined;
  let survey = cache.get(id);
  if (!survey) {
    survey = load().then(resolved);
    cache.set(id, survey);
    survey.catch(() => cache.delete(id)); // a failed chunk fetch can be retried
  }
  return survey;
}
