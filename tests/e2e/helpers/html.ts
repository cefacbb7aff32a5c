// The Nu Html Checker (vnu-jar, run with the system's Java) over server-rendered pages. One run
// for many pages: each start of Java costs about a second.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const jar = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

/** Each named page's errors, as 'line:column message' (an empty list for a valid page). */
export function htmlErrors(pages: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const names = Object.keys(pages);
    const files = names.map((name, i) => {
      const file = join(dir, `${i}.html`);
      writeFileSync(file, pages[name]!);
      return file;
    });
    const run = spawnSync(
      'java',
      // A run lasts seconds: the quick compiler alone (TieredStopAtLevel=1) took 2.2 CPU-seconds
      // for 40 pages here where the default took 5; without the optimising compiler the checker
      // needs a larger thread stack than Java's default to read its schema.
      [
        '-Xss4m',
        '-XX:TieredStopAtLevel=1',
        '-jar',
        jar,
        '--format',
        'json',
        '--exit-zero-always',
        ...files,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw new Error(`java could not run vnu.jar: ${run.error.message}`);
    // The checker writes its JSON report to standard error when given files.
    const { messages } = JSON.parse(run.stderr) as {
      messages: {
        type: string;
        url?: string;
        message: string;
        lastLine?: number;
        lastColumn?: number;
      }[];
    };
    const errors = Object.fromEntries(names.map((name) => [name, [] as string[]]));
    for (const m of messages.filter((m) => m.type === 'error')) {
      const index = Number(/(\d+)\.html$/.exec(m.url ?? '')?.[1]);
      errors[names[index] ?? 'unknown'] ??= [];
      errors[names[index] ?? 'unknown']!.push(`${m.lastLine}:${m.lastColumn} ${m.message}`);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
