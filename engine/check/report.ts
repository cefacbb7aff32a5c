// Definition problems as text, for the command line and the dev server's log and overlay.
import type { DefinitionProblem } from '../types';

/** One problem as `file:line:col  /pointer  message`, with its hint indented on the next line. */
export function formatProblem(p: DefinitionProblem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
  const message = p.severity === 'warning' ? `warning: ${p.message}` : p.message;
  return `${where}  ${p.pointer || '/'}  ${message}` + (p.hint ? `\n    hint: ${p.hint}` : '');
}

/** `N definitions checked, N errors, N warnings`. */
export function summary(checked: number, problems: DefinitionProblem[]): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${count(checked, 'definition')} checked, ${count(errors, 'error')}, ${count(problems.length - errors, 'warning')}`;
}
