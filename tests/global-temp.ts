// Every temporary file and folder the unit run makes goes in one folder of its own, removed when
// the run ends: a test that forgets its own (a dist stand-in, a store, a cluster's data) leaves
// nothing in the system's temporary folder. Workers start after this and inherit TMPDIR, which
// os.tmpdir() reads on every call; so do the processes the tests start. A unix socket's path is
// short (a PostgreSQL cluster's, under a test's folder), so the folder is made once, not nested.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export const RUN_TEMP_PREFIX = 'feedback-unit-';

export default function setup(): () => void {
  // Each project runs this setup; a run started by a test (any-survey's) inherits the folder too.
  if (basename(tmpdir()).startsWith(RUN_TEMP_PREFIX)) return () => {};
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), RUN_TEMP_PREFIX));
  // Searchable by the `postgres` user, who runs the throwaway clusters made inside it as root.
  chmodSync(dir, 0o711);
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
