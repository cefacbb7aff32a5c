// The live editor's check of the text being typed: every problem `npm run validate` would report
// for that file (the schema, the flow, the fields, the Welsh, the other surveys it must differ from,
// stale reviewed Welsh, and what it removes from the published version), each at its line, and the
// survey itself when it has no errors, for the preview. The one exception is formatting: saving
// and downloading write the file as prettier formats it, so it is never a problem here.
import { basename, join } from 'node:path';
import { resolveSurvey, type ResolvedSurvey, type SharedBlocks } from '../../engine';
import { checkAll } from '../../engine/check';
import { definitionsDir } from '../../engine/check/folders';
import { compareSurvey, publishedSurvey } from '../../engine/check/published';
import { parseSource, toProblems } from '../../engine/check/source';
import type { DefinitionProblem, SurveyDefinition } from '../../engine/types';

export interface EditCheck {
  problems: DefinitionProblem[];
  /** The survey as typed, when it has no errors. */
  survey?: ResolvedSurvey;
}

/** The file a survey id is edited in, or undefined for an id that cannot be a file name. */
export function definitionFile(id: string, dir = definitionsDir()): string | undefined {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) ? join(dir, `${id}.json`) : undefined;
}

/** Checks `source` as the text of `file`, with the other definitions as they are on disk. */
export function checkEdited(file: string, source: string, dir = definitionsDir()): EditCheck {
  const result = checkAll(dir, new Map([[file, source]]));
  const own = result.problems.filter((p) => p.file === file);
  const parsed = parseSource(source, file);
  if ('problem' in parsed) return { problems: own };
  const before = publishedSurvey(file);
  const removed = before
    ? toProblems(compareSurvey(before, parsed.data as SurveyDefinition), file, parsed.map)
    : [];
  const problems = [...own, ...removed];
  const shared = result.shared.data as SharedBlocks | undefined;
  const clean = !problems.some((p) => p.severity === 'error') && shared;
  return {
    problems,
    survey: clean ? resolveSurvey(parsed.data as SurveyDefinition, shared) : undefined,
  };
}

/** The text as the file should be written: prettier's formatting (as CI checks), or plain JSON
 *  where prettier is not installed (a production install without the development packages). */
export async function formatted(file: string, source: string): Promise<string> {
  const data: unknown = JSON.parse(source);
  try {
    const prettier = await import('prettier');
    // A copy outside the repository is held to the repository's settings (as validate does).
    const config =
      (await prettier.resolveConfig(file)) ?? (await prettier.resolveConfig('package.json')) ?? {};
    return await prettier.format(source, { ...config, filepath: basename(file) });
  } catch {
    return `${JSON.stringify(data, null, 2)}\n`;
  }
}
