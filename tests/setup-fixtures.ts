// Behaviour tests (every project but `definitions`) run on the fixture surveys: reading the live
// definitions/ folder throws here, so a test cannot take its expectations from what an editor may
// change. vitest.config.ts refuses importing a module from it the same way. The tests over the live
// set belong in tests/definitions, where expectations come from each definition and its doc.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIVE = resolve('definitions');

export function refuseLive(path: unknown): void {
  const text = path instanceof URL ? fileURLToPath(path) : path;
  if (typeof text !== 'string') return;
  const absolute = resolve(text);
  if (absolute === LIVE || absolute.startsWith(LIVE + sep))
    throw new Error(
      `${text}: a behaviour test reads the fixture surveys (tests/fixtures/surveys, SURVEY_DEFINITIONS here), never the live definitions/; tests over the live set go in tests/definitions`,
    );
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
const guarded = (real: AnyFunction): AnyFunction =>
  function (this: unknown, ...args: unknown[]) {
    refuseLive(args[0]);
    return real.apply(this, args);
  };
const patch = (target: object, names: string[], promised = false) => {
  const record = target as Record<string, AnyFunction>;
  for (const name of names) {
    const wrapped = guarded(record[name]!);
    record[name] = promised
      ? function (this: unknown, ...args: unknown[]) {
          try {
            return wrapped.apply(this, args);
          } catch (error) {
            return Promise.reject(error);
          }
        }
      : wrapped;
  }
};
// Once per process: the files that share a module cache (vitest.config.ts) each run this file.
const PATCHED = Symbol.for('feedback.refuseLive');
const marks = fs as unknown as Record<symbol, boolean>;
if (!marks[PATCHED]) {
  marks[PATCHED] = true;
  patch(fs, [
    'readFileSync',
    'readdirSync',
    'existsSync',
    'statSync',
    'cpSync',
    'openSync',
    'readFile',
    'readdir',
    'createReadStream',
  ]);
  patch(fs.promises, ['readFile', 'readdir', 'cp', 'open'], true);
  syncBuiltinESMExports();
}
export {};
