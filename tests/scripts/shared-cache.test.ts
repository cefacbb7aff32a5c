// The definitions project shares a module cache per worker (vitest.config.ts): a file
// that changes the process must not change it for the next file (tests/setup-shared.ts).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = resolve('tests/fixtures/shared-cache');

/** first.test.ts then second.test.ts in one worker with a shared module cache. */
function runBoth(withSetup: boolean) {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  if (withSetup) delete env.WITHOUT_SETUP;
  else env.WITHOUT_SETUP = '1';
  const run = spawnSync('npx', ['vitest', 'run', '--root', FOLDER], { encoding: 'utf8', env });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('files that share a module cache', () => {
  it('find the environment, globals and timers as they were, whatever the file before changed', () => {
    const run = runBoth(true);
    expect(run.output).toMatch(/2 passed/);
    expect(run.status).toBe(0);
  });

  it('would see the first file’s changes without the set-up that puts them back', () => {
    const run = runBoth(false);
    expect(run.output).toMatch(/sees none of what the first file changed/);
    expect(run.output).toMatch(/expected 'left by the first file' to be undefined/);
    expect(run.status).not.toBe(0);
  });
});
