// No tracked file keeps a merge's conflict markers, also as a formatter leaves them in Markdown
// ("\=======", "> > > > > > >"): a half-resolved merge fails the tests instead of being published.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MARKER = /^\s*(<{7}(\s|$)|\\?={7}\s*$|>{7}(\s|$)|(> ){6}>(\s|$))/;

/** Each line of these texts that is a conflict marker, as `file:line`. */
export function conflictMarkers(files: [name: string, text: string][]): string[] {
  return files.flatMap(([name, text]) =>
    text.split('\n').flatMap((line, i) => (MARKER.test(line) ? [`${name}:${i + 1}`] : [])),
  );
}

describe('conflict markers', () => {
  it('are recognised as git writes them and as a Markdown formatter rewrites them', () => {
    const merged = ['a', '<<<<<<< HEAD', 'b', '=======', 'c', '>>>>>>> topic', 'd'].join('\n');
    const formatted = ['  <<<<<<< HEAD', 'b', '  \\=======', 'c', '> > > > > > > topic'].join('\n');
    const clean = ['a ======= b', '<<< not one', '> quoted', '======== eight'].join('\n');
    expect(
      conflictMarkers([
        ['m', merged],
        ['f', formatted],
        ['c', clean],
      ]),
    ).toEqual(['m:2', 'm:4', 'm:6', 'f:1', 'f:3', 'f:5']);
  });

  it('are in no tracked file', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    const texts = tracked.flatMap((name): [string, string][] => {
      if (!existsSync(name)) return []; // deleted in the work tree, not yet committed
      const bytes = readFileSync(name);
      // Binary files (images, fonts) are not read as text.
      return bytes.includes(0) ? [] : [[name, bytes.toString('utf8')]];
    });
    expect(conflictMarkers(texts)).toEqual([]);
  });
});
