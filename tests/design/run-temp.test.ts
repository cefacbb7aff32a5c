// The unit run's temporary files all go in its own folder, removed when the run ends
// (tests/global-temp.ts): here, in a worker, the system's temporary folder is that one.
import { basename, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RUN_TEMP_PREFIX } from '../global-temp';

describe("the unit run's temporary folder", () => {
  it('is where os.tmpdir() points in a test and in a process a test starts', () => {
    expect(basename(tmpdir())).toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
    const child = spawnSync(process.execPath, ['-p', "require('node:os').tmpdir()"], {
      encoding: 'utf8',
    });
    expect(child.stdout.trim()).toBe(tmpdir());
    // Made once for the run, not once for each project (a socket's path must stay short).
    expect(basename(dirname(tmpdir()))).not.toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
  });
});
