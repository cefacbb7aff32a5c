// One truth at start (issue 33 item 7): the built bundles draw the surveys they were built with,
// the server checks answers against the files, so a server whose files differ from its build
// refuses to start, naming the files (`npm start` rebuilds first instead: scripts/build-stale.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILT_MANIFEST,
  changedSinceBuild,
  definitionHashes,
  staleBuildProblem,
} from '../../engine/check/built';
import { definitionsPlugin } from '../../scripts/vite-plugin-definitions';
import { tempProject } from '../helpers/temp-project';

const project = tempProject('built-definitions-');
afterAll(() => project.remove());
const built = join(project.root, 'dist-server');

/** What the definitions plugin writes beside a bundle in `folder`, built for the server or not. */
function build(folder: string, consumer: 'server' | 'client'): string[] {
  mkdirSync(folder, { recursive: true });
  const p = definitionsPlugin({ dir: project.definitions }) as unknown as Record<
    string,
    (...args: unknown[]) => void
  >;
  p.configResolved!({ root: project.root });
  p.writeBundle!.call({ environment: { config: { consumer } } }, { dir: folder });
  return readdirSync(folder);
}

describe('the definitions a build was made with', () => {
  it('are recorded beside the server-side bundle, never in the public browser build', () => {
    expect(build(built, 'server')).toEqual([BUILT_MANIFEST]);
    const record = JSON.parse(readFileSync(join(built, BUILT_MANIFEST), 'utf8')) as Record<
      string,
      string
    >;
    expect(record).toEqual(definitionHashes(project.definitions));
    expect(Object.keys(record)).toContain('basic.json');
    expect(Object.keys(record)).toContain('shared/shared.json');
    expect(build(join(project.root, 'dist'), 'client')).toEqual([]);
  });

  it('match the files until one changes, is added or is removed; reformatting is no change', () => {
    expect(changedSinceBuild(built, project.definitions)).toEqual([]);
    expect(staleBuildProblem([built], project.definitions)).toBeUndefined();
    const file = join(project.definitions, 'basic.json');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify(JSON.parse(before)));
    expect(changedSinceBuild(built, project.definitions)).toEqual([]);
    writeFileSync(file, before.replace('"Job"', '"Employment"'));
    writeFileSync(join(project.definitions, 'new-one.json'), '{}');
    expect(changedSinceBuild(built, project.definitions)).toEqual(['basic.json', 'new-one.json']);
    expect(staleBuildProblem([built], project.definitions)).toBe(
      'The definitions changed since the server was built (basic.json, new-one.json): the pages would show the built surveys while answers are checked against the files. Run npm run build (npm start builds what is out of date) and start again.',
    );
  });
});

describe('a server started on a build made with other definitions', { timeout: 60_000 }, () => {
  it('refuses to start, naming the files that differ', () => {
    const started = spawnSync(resolve('node_modules/.bin/tsx'), [resolve('server/main.ts')], {
      cwd: project.root,
      encoding: 'utf8',
      env: { ...process.env, SURVEY_DEFINITIONS: 'definitions', PORT: '0', DATA_DIR: project.root },
      timeout: 50_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'The definitions changed since the server was built (basic.json, new-one.json)',
    );
  });
});
