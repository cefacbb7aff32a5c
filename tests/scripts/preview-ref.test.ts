// `npm run preview -- <ref>`: its arguments, and the ref's own files (not the working tree's)
// exported for the build. The build and serve are run by hand (a minute or more; see
// docs/editing-surveys.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitOf, exportCommit, previewArgs } from '../../scripts/preview-ref';

const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'preview-ref-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('previewArgs', () => {
  it('takes one ref (HEAD by default) and a port', () => {
    expect(previewArgs([])).toEqual({ ref: 'HEAD' });
    expect(previewArgs(['my-branch'])).toEqual({ ref: 'my-branch' });
    expect(previewArgs(['origin/main', '--port', '4100'])).toEqual({
      ref: 'origin/main',
      port: 4100,
    });
  });

  it.each([[['a', 'b']], [['--port', 'x']], [['--port', '70000']], [['--verbose']]])(
    'refuses %j with the usage line',
    (argv) => {
      expect(() => previewArgs(argv)).toThrow(/usage: npm run preview -- \[git ref\]/);
    },
  );
});

describe('the ref checkout', () => {
  // A small repository of its own: two commits of one file, the second not yet committed too.
  function repository() {
    const dir = folder();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'survey.json'), '{"v":1}\n');
    git('add', '.');
    git('commit', '-qm', 'one');
    git('checkout', '-qb', 'change');
    writeFileSync(join(dir, 'survey.json'), '{"v":2}\n');
    git('commit', '-qam', 'two');
    writeFileSync(join(dir, 'survey.json'), '{"v":3}\n'); // not committed
    return { dir, git };
  }

  it('names the commit of a branch and refuses one git does not know', () => {
    const { dir, git } = repository();
    expect(commitOf('main', dir)).toBe(git('rev-parse', 'main'));
    expect(commitOf('change', dir)).toBe(git('rev-parse', 'HEAD'));
    expect(() => commitOf('no-such-branch', dir)).toThrow(/"no-such-branch" is not a branch/);
  });

  it("exports the ref's committed files, whatever is checked out or changed here", () => {
    const { dir } = repository();
    const out = folder();
    exportCommit(commitOf('main', dir), out, dir);
    expect(readFileSync(join(out, 'survey.json'), 'utf8')).toBe('{"v":1}\n');
    expect(existsSync(join(out, '.git'))).toBe(false);
    const other = folder();
    exportCommit(commitOf('change', dir), other, dir);
    expect(readFileSync(join(other, 'survey.json'), 'utf8')).toBe('{"v":2}\n');
  });
});
