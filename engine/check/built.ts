// One truth at start: the app's bundles (dist/, and dist-server/, which the server draws pages
// with) hold the surveys they were built with, while the running server reads the files on disk to
// check answers (and the team's figures). The server-rendering build records what it baked in (a
// hash of each definition file, in `definitions.json` beside the bundle); `npm start` rebuilds when
// the files differ from it, and a server started on a stale build refuses to start, naming the
// files, rather than draw one survey and check answers against another.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { definitionsDir } from './folders';

export const BUILT_MANIFEST = 'definitions.json';

/** The built folders that hold definitions: the server-rendering bundle (dist/ is built with it). */
export const BUILT_FOLDERS = ['dist-server'];

/** The hash of a definition's content (its JSON, so reformatting the file changes nothing). */
function contentHash(file: string): string {
  let content: string;
  try {
    content = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    content = readFileSync(file, 'utf8'); // not JSON: the checks say so; any edit still counts
  }
  return createHash('sha256').update(content).digest('hex');
}

/** Each definition file of the folder (surveys and shared/shared.json) with its content hash. */
export function definitionHashes(dir = definitionsDir()): Record<string, string> {
  if (!existsSync(dir)) return {};
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  if (existsSync(join(dir, 'shared', 'shared.json'))) files.push('shared/shared.json');
  return Object.fromEntries(files.sort().map((name) => [name, contentHash(join(dir, name))]));
}

/**
 * The definition files that differ between a build's record (`<builtDir>/definitions.json`) and
 * the folder now: changed, added or removed. Undefined when that build recorded nothing.
 */
export function changedSinceBuild(builtDir: string, dir = definitionsDir()): string[] | undefined {
  const manifest = join(builtDir, BUILT_MANIFEST);
  if (!existsSync(manifest)) return undefined;
  const built = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  const now = definitionHashes(dir);
  return [...new Set([...Object.keys(built), ...Object.keys(now)])]
    .filter((name) => built[name] !== now[name])
    .sort();
}

/** Why a server built into these folders must not start on the definitions now, if it must not. */
export function staleBuildProblem(
  builtDirs = BUILT_FOLDERS,
  dir = definitionsDir(),
): string | undefined {
  const changed = new Set<string>();
  for (const built of builtDirs) {
    if (!existsSync(built)) continue;
    const files = changedSinceBuild(built, dir);
    if (files === undefined)
      return `${built} records no definitions it was built with: run npm run build (npm start builds what is out of date)`;
    for (const file of files) changed.add(file);
  }
  if (changed.size === 0) return undefined;
  return `The definitions changed since the server was built (${[...changed].join(', ')}): the pages would show the built surveys while answers are checked against the files. Run npm run build (npm start builds what is out of date) and start again.`;
}
