// Where a problem sits in a definition file: JSON pointers mapped to 1-based line and column.
import jsonMap from 'json-source-map';
import type { DefinitionProblem } from '../types';

export type SourceMap = Record<string, jsonMap.PointerLocation>;

/** A problem before it is tied to a file; `at: 'key'` places it on the property name rather than its value. */
export interface Finding {
  pointer: string;
  message: string;
  hint?: string;
  severity?: 'error' | 'warning';
  at?: 'key';
}

/** Builds a JSON pointer from path segments, escaping '~' and '/'. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

/** Parses JSON text, keeping the position of every value; a syntax error becomes a located problem. */
export function parseSource(
  source: string,
  file: string,
): { data: unknown; map: SourceMap } | { problem: DefinitionProblem } {
  const text = source.replace(/^\uFEFF/, '');
  try {
    const { data, pointers } = jsonMap.parse(text);
    return { data, map: pointers };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
    const before = text.slice(0, position).split('\n');
    return {
      problem: {
        file,
        pointer: '',
        message: `Not valid JSON: ${message.replace(/ in JSON at position \d+/, '')}`,
        hint: 'Check for a missing comma or quote, or a trailing comma, just before this point',
        line: before.length,
        column: (before.at(-1)?.length ?? 0) + 1,
        severity: 'error',
      },
    };
  }
}

/** The nearest mapped location of a pointer (a missing property is placed on the object that lacks it). */
function locationOf(map: SourceMap, at: string, onKey: boolean): jsonMap.Location | undefined {
  for (let p = at; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const entry = map[p];
    if (entry) return (onKey && p === at && entry.key) || entry.value;
    if (p === '') return undefined;
  }
}

/** Ties findings to a file and, when the source map is known, to 1-based lines and columns. */
export function toProblems(
  findings: Finding[],
  file: string,
  map?: SourceMap,
): DefinitionProblem[] {
  const seen = new Set<string>();
  const problems: DefinitionProblem[] = [];
  for (const f of findings) {
    const key = `${f.pointer}\n${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const location = map && locationOf(map, f.pointer, f.at === 'key');
    problems.push({
      file,
      pointer: f.pointer,
      message: f.message,
      ...(f.hint ? { hint: f.hint } : {}),
      ...(location ? { line: location.line + 1, column: location.column + 1 } : {}),
      severity: f.severity ?? 'error',
    });
  }
  return problems;
}
