import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

/** Deletes the run's temporary data folder (the feedback the journeys sent). */
export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dirname(dir) === tmpdir() && basename(dir).startsWith('feedback-e2e-')) {
    rmSync(dir, { recursive: true, force: true });
  }
}
