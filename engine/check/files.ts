// Checking definition files on disk (Node only), including the rules that span files:
// each survey's id is its file name, and ids and service names are unique.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkDefinition, checkDefinitionSchema, checkShared } from './definition';
import { parseSource, toProblems, type Finding, type SourceMap } from './source';
import { staleWelshProblems } from './stale';
import type { DefinitionProblem, SharedBlocks } from '../types';

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

function read(file: string): ReadFile {
  if (!existsSync(file))
    return {
      file,
      problems: [{ file, pointer: '', message: 'File not found', severity: 'error' }],
    };
  const source = readFileSync(file, 'utf8');
  const parsed = parseSource(source, file);
  if ('problem' in parsed) return { file, source, problems: [parsed.problem] };
  return { file, source, data: parsed.data, map: parsed.map, problems: [] };
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
  for (const f of files) {
    const id = stringAt(f.data, 'id');
    const expected = basename(f.file, '.json');
    if (id !== undefined && id !== expected)
      findings.get(f)!.push({
        pointer: '/id',
        message: `The id "${id}" does not match the file name ${basename(f.file)}`,
        hint: `Rename the file to ${id}.json, or set "id": "${expected}"`,
      });
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
  const { data, source, problems } = read(file);
  return {
    file,
    data,
    problems: data === undefined ? problems : checkShared(data, { file, source }),
  };
}

/** Checks survey files against one shared-blocks file. */
export function checkFiles(surveyFiles: string[], sharedFile: string): CheckResult {
  const shared = checkSharedFile(sharedFile);
  const usableShared = shared.data !== undefined && !hasErrors(shared.problems);
  const files = surveyFiles.map(read);
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
      problems: [...own, ...toProblems(crossFile.get(f)!, f.file, f.map)],
    };
  });
  return { shared, surveys, problems: [shared, ...surveys].flatMap((f) => f.problems) };
}

/** Checks every `<dir>/*.json` survey with `<dir>/shared/shared.json`, and warns about stale reviewed Welsh. */
export function checkAll(dir = 'definitions'): CheckResult {
  const surveyFiles = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(dir, name))
    : [];
  const result = checkFiles(surveyFiles, join(dir, 'shared', 'shared.json'));
  const stale = existsSync(dir) ? staleWelshProblems(dir) : [];
  return { ...result, problems: [...result.problems, ...stale] };
}
