// Definition files must be formatted as prettier writes them: CI runs `prettier --check`, and an
// editor should hear it from `npm run validate` with the line, not from a red build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import type { DefinitionProblem } from '../engine/types';

/** The 1-based line where two texts first differ. */
function firstDifferentLine(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const at = left.findIndex((line, i) => line !== right[i]);
  return (at < 0 ? left.length : at) + 1;
}

/** A problem for each file prettier would change; with `fix`, the files are rewritten instead. */
export async function formatFiles(files: string[], fix: boolean): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    // A file outside the repository (a copy being checked) is held to the repository's settings.
    const config =
      (await prettier.resolveConfig(file)) ??
      (await prettier.resolveConfig(fileURLToPath(new URL('../package.json', import.meta.url))));
    const options = { ...config, filepath: file };
    let formatted: string;
    try {
      formatted = await prettier.format(source, options);
    } catch {
      continue; // not JSON: the definition checks report where it breaks
    }
    if (formatted === source) continue;
    if (fix) {
      writeFileSync(file, formatted);
      continue;
    }
    problems.push({
      file,
      pointer: '',
      message: 'Not formatted as prettier writes it (CI checks this)',
      hint: 'Run npm run validate -- --fix (or npm run format) to format it',
      line: firstDifferentLine(source, formatted),
      column: 1,
      severity: 'error',
    });
  }
  return problems;
}
