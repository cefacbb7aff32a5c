// The previous release (server/storage/released-migrations.json, or PREVIOUS_RELEASE), built once
// into node_modules/.cache/previous-release/<commit> for the rolling-deploy test
// (tests/server/two-releases.test.ts): its files as committed (git archive), this checkout's
// node_modules when they hold every package of its lock file at its version (else `npm ci`
// there), then `npm run build`. Later runs reuse the build.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { commitOf, exportCommit } from './preview-ref';

const CACHE = resolve('node_modules', '.cache', 'previous-release');

/** The ref of the previous release. */
export function previousReleaseRef(): string {
  if (process.env.PREVIOUS_RELEASE) return process.env.PREVIOUS_RELEASE;
  const recorded = JSON.parse(readFileSync('server/storage/released-migrations.json', 'utf8')) as {
    release: string;
  };
  return recorded.release;
}

/** Every package the ref's lock file installs is installed here at the same version. */
function locksAgree(theirs: string): boolean {
  type Lock = { packages?: Record<string, { version?: string }> };
  const them = (JSON.parse(readFileSync(theirs, 'utf8')) as Lock).packages ?? {};
  const us = (JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock).packages ?? {};
  return Object.entries(them).every(
    ([path, entry]) => path === '' || us[path]?.version === entry.version,
  );
}

/**
 * The folder of the previous release's build; or why there is none (the ref is not in this
 * clone, or git is missing). Building takes minutes the first time.
 */
export function previousReleaseBuild(
  log: (line: string) => void = () => undefined,
): { dir: string; commit: string } | { missing: string } {
  const ref = previousReleaseRef();
  let commit: string;
  try {
    commit = commitOf(ref);
  } catch (error) {
    return {
      missing: `the previous release ${ref} is not in this clone: ${(error as Error).message}`,
    };
  }
  const dir = join(CACHE, commit);
  if (existsSync(join(dir, '.built'))) return { dir, commit };
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    exportCommit(commit, building);
    const run = (command: string, args: string[]) =>
      execFileSync(command, args, { cwd: building, stdio: 'pipe', maxBuffer: 64 << 20 });
    if (locksAgree(join(building, 'package-lock.json')))
      symlinkSync(resolve('node_modules'), join(building, 'node_modules'), 'dir');
    else {
      log(`installing the packages of ${ref} (npm ci) …`);
      run('npm', ['ci', '--no-audit', '--no-fund']);
    }
    log(`building ${ref} (${commit.slice(0, 7)}) …`);
    run('npm', ['run', '--silent', 'build']);
    writeFileSync(join(building, '.built'), new Date().toISOString());
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
    return { dir, commit };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    const { stderr } = error as { stderr?: Buffer };
    throw new Error(`building the previous release ${ref} failed: ${String(stderr ?? error)}`, {
      cause: error,
    });
  }
}
