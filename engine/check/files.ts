// Checking definition files on disk (Node only), including the rules that span files:
// each survey's id is its file name, and ids and service names are unique.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkDefinition, checkDefinitionSchema, checkShared } from './definition';
import { schemaRefFindings } from './schema-ref';
import { parseSource, toProblems, type Finding, type SourceMap } from './source';
import { staleWelshProblems } from './stale';
import type { DefinitionProblem, SharedBlocks } from '../types';
import { definitionsDir } from './folders';

export interface CheckedFile {
  file: string;
  /** The parsed JSON (absent when the file could not be read or parsed). */
  data?: unknown;
  problems: DefinitionProblem[];
}

export interface CheckResult {
  shared: CheckedFile;
  surveys: CheckedFile[];
  /** Every problem, shared file first, then each survey in file order. */
  problems: DefinitionProblem[];
}

interface ReadFile {
  file: string;
  source?: string;
  data?: unknown;
  map?: SourceMap;
  problems: DefinitionProblem[];
}

function read(file: string, sources?: ReadonlyMap<string, string>): ReadFile {
  const given = sources?.get(file);
  if (given !== undefined) return parsed(file, given);
  if (!existsSync(file))
    return {
      file,
      problems: [{ file, pointer: '', message: 'File not found', severity: 'error' }],
    };
  return parsed(file, readFileSync(file, 'utf8'));
}

function parsed(file: string, source: string): ReadFile {
  const result = parseSource(source, file);
  if ('problem' in result) return { file, source, problems: [result.problem] };
  return { file, source, data: result.data, map: result.map, problems: [] };
}

const hasErrors = (problems: DefinitionProblem[]) => problems.some((p) => p.severity === 'error');
const stringAt = (data: unknown, key: string) =>
  data && typeof data === 'object' && typeof (data as Record<string, unknown>)[key] === 'string'
    ? ((data as Record<string, unknown>)[key] as string)
    : undefined;

/** Problems that span files: id equals the file name; ids and service names are unique. */
function crossFileFindings(files: ReadFile[]): Map<ReadFile, Finding[]> {
  const findings = new Map<ReadFile, Finding[]>(files.map((f) => [f, []]));
  const firstWith = { id: new Map<string, string>(), serviceName: new Map<string, string>() };
  const named = new Map<string, string>();
  for (const f of files) {
    const id = stringAt(f.data, 'id');
    const expected = basename(f.file, '.json');
    if (id !== undefined && id !== expected)
      findings.get(f)!.push({
        pointer: '/id',
        message: `The id "${id}" does not match the file name ${basename(f.file)}`,
        hint: `Rename the file to ${id}.json, or set "id": "${expected}"`,
      });
    // The name the team's pages and the preview list give it: its teamName, else its title.
    for (const lang of ['en', 'cy'] as const) {
      const data = f.data as {
        title?: Record<string, unknown>;
        teamName?: Record<string, unknown>;
      };
      const name = data?.teamName?.[lang] ?? data?.title?.[lang];
      if (typeof name !== 'string') continue;
      const first = named.get(`${lang}\n${name}`);
      if (first)
        findings.get(f)!.push({
          pointer: data.teamName ? `/teamName/${lang}` : `/title/${lang}`,
          message: `The feedback team and the preview would list this survey as "${name}", as they list ${first}`,
          hint: 'Give it a "teamName" of its own, in English and Welsh, to tell the two apart',
        });
      else named.set(`${lang}\n${name}`, f.file);
    }
    for (const key of ['id', 'serviceName'] as const) {
      const value = stringAt(f.data, key);
      if (value === undefined) continue;
      const first = firstWith[key].get(value);
      if (first)
        findings
          .get(f)!
          .push({ pointer: `/${key}`, message: `${key} "${value}" is also used by ${first}` });
      else firstWith[key].set(value, f.file);
    }
  }
  return findings;
}

/** Checks a shared-blocks file (definitions/shared/shared.json). */
export function checkSharedFile(file: string): CheckedFile {
  const { data, source, map, problems } = read(file);
  return {
    file,
    data,
    problems:
      data === undefined
        ? problems
        : [
            ...checkShared(data, { file, source }),
            ...toProblems(schemaRefFindings(file, data, 'shared'), file, map),
          ],
  };
}

/** Checks survey files against one shared-blocks file (a file's text taken from `sources` where given). */
export function checkFiles(
  surveyFiles: string[],
  sharedFile: string,
  sources?: ReadonlyMap<string, string>,
): CheckResult {
  const shared = checkSharedFile(sharedFile);
  const usableShared = shared.data !== undefined && !hasErrors(shared.problems);
  const files = surveyFiles.map((file) => read(file, sources));
  const crossFile = crossFileFindings(files);
  const surveys = files.map((f): CheckedFile => {
    if (f.data === undefined) return { file: f.file, problems: f.problems };
    const ctx = { file: f.file, source: f.source };
    const own = usableShared
      ? checkDefinition(f.data, { ...ctx, shared: shared.data as SharedBlocks })
      : checkDefinitionSchema(f.data, ctx);
    return {
      file: f.file,
      data: f.data,
      problems: [
        ...own,
        ...toProblems(
          [...crossFile.get(f)!, ...schemaRefFindings(f.file, f.data, 'survey')],
          f.file,
          f.map,
        ),
      ],
    };
  });
  return { shared, surveys, problems: [shared, ...surveys].flatMap((f) => f.problems) };
}

/**
 * Checks every `<dir>/*.json` survey with `<dir>/shared/shared.json`, and warns about stale
 * reviewed Welsh. `sources` gives the text of files being edited (the live editor's, unsaved).
 */
export function checkAll(
  dir = definitionsDir(),
  sources?: ReadonlyMap<string, string>,
): CheckResult {
  const surveyFiles = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(dir, name))
    : [];
  const result = checkFiles(surveyFiles, join(dir, 'shared', 'shared.json'), sources);
  const stale = existsSync(dir) ? staleWelshProblems(dir, sources) : [];
  return { ...result, problems: [...result.problems, ...stale] };
}
