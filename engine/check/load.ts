// Loads the survey definitions from disk for Node (server, scripts): checked, then resolved.
// A survey with an error is left out; its problems are returned instead.
import { createHash } from 'node:crypto';
import { checkAll } from './files';
import { resolveSurvey } from '../resolve';
import type { DefinitionProblem, ResolvedSurvey, SharedBlocks, SurveyDefinition } from '../types';
import { definitionsDir } from './folders';

export interface LoadedSurveys {
  shared: SharedBlocks;
  /** The surveys without errors, by id. */
  surveys: Map<string, ResolvedSurvey>;
  problems: DefinitionProblem[];
}

const EMPTY_SHARED: SharedBlocks = {
  fields: [],
  scales: {},
  welshYesNo: {},
  patterns: {},
  footers: {},
  pages: {},
};

/** sha-256 hex of the definition's canonical JSON (as JSON.stringify writes it), stored with each submission. */
export function definitionHash(def: unknown): string {
  return createHash('sha256').update(JSON.stringify(def)).digest('hex');
}

export function loadSurveys(dir = definitionsDir()): LoadedSurveys {
  const checked = checkAll(dir);
  const isClean = (problems: DefinitionProblem[]) => !problems.some((p) => p.severity === 'error');
  const sharedOk = checked.shared.data !== undefined && isClean(checked.shared.problems);
  const shared = sharedOk ? (checked.shared.data as SharedBlocks) : EMPTY_SHARED;
  const surveys = new Map<string, ResolvedSurvey>();
  if (sharedOk)
    for (const file of checked.surveys) {
      if (file.data === undefined || !isClean(file.problems)) continue;
      const def = file.data as SurveyDefinition;
      surveys.set(def.id, { ...resolveSurvey(def, shared), hash: definitionHash(def) });
    }
  return { shared, surveys, problems: checked.problems };
}
