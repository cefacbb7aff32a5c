// Any valid survey keeps every test green (issue 33 item 1), proven on the next ones rather than
// the ones at hand: a temporary copy of the definitions folder gets a generated survey using the
// whole vocabulary (tests/helpers/generate-survey.ts) and a changed copy of an existing one (a page
// and a branch added), their docs are generated as an editor would (`npm run docs`), and then the
// commands CI runs on definitions (validate, docs:check) and every test that reads the definitions
// (this `definitions` project: behaviour tests cannot read them, vitest.config.ts) run on that copy.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedBlocks, SurveyDefinition } from '../../engine/types';
import { generatedSurvey, withBranchAdded } from '../helpers/generate-survey';
import { DEFINITIONS_DIR, DOCS_DIR, committedPaths } from '../helpers/definitions';
import { tempProject } from '../helpers/temp-project';

// The nested run below is this same project: it must not start this check again.
const nested = process.env.SURVEY_CHECK_NESTED === '1';
const project = nested ? undefined : tempProject('any-survey-', DEFINITIONS_DIR);
afterAll(() => project?.remove());

const env = () => ({
  ...process.env,
  SURVEY_DEFINITIONS: project!.definitions,
  SURVEY_DOCS: project!.docs,
  SURVEY_CHECK_NESTED: '1',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
});
/** A command of this project's (tsx, vitest) run from its own bin folder, as npx would find it. */
function run([command, ...args]: string[]) {
  const bin = join('node_modules', '.bin', command!);
  const done = spawnSync(bin, args, { encoding: 'utf8', env: env(), timeout: 600_000 });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
async function writeJson(file: string, data: unknown): Promise<void> {
  const options = await prettier.resolveConfig('package.json');
  writeFileSync(file, await prettier.format(JSON.stringify(data), { ...options, parser: 'json' }));
}

const surveyFiles = () =>
  readdirSync(project!.definitions)
    .filter((file) => file.endsWith('.json'))
    .sort();
let added = '';
let changed: { id: string; page: string; after: string; before: string } | undefined;

beforeAll(async () => {
  if (!project) return;
  cpSync(DOCS_DIR, project.docs, { recursive: true });
  const shared = read<SharedBlocks>(join(project.definitions, 'shared', 'shared.json'));
  const taken = new Set(surveyFiles().map((file) => file.replace(/\.json$/, '')));
  added = 'generated-survey';
  while (taken.has(added)) added += '-x';
  await writeJson(join(project.definitions, `${added}.json`), generatedSurvey(added, shared));
  // The first survey (in file order) whose first page can take a branch.
  for (const file of surveyFiles()) {
    const source = read<SurveyDefinition>(join(project.definitions, file));
    const result = source.layout === 'single' ? undefined : withBranchAdded(source, shared);
    if (!result) continue;
    await writeJson(join(project.definitions, file), result.def);
    changed = { id: source.id, ...result };
    break;
  }
}, 120_000);

describe.skipIf(nested)(
  'a generated survey and a changed one, in a copy of the folder',
  { timeout: 600_000 },
  () => {
    it('finds a survey to change', () => {
      expect(changed, 'no survey whose first page has a choice to branch on').toBeDefined();
    });

    it('fails docs:check until npm run docs has run, naming both docs', () => {
      const check = run(['tsx', 'scripts/docs.ts', '--check']);
      expect(check.status).toBe(1);
      expect(check.output).toContain(join(project!.docs, `${added}.md`));
      expect(check.output).toContain(join(project!.docs, `${changed!.id}.md`));
    });

    it('passes validate, docs and docs:check once the docs are generated', () => {
      expect(run(['tsx', 'scripts/docs.ts']).status).toBe(0);
      expect(run(['tsx', 'scripts/docs.ts', '--check'])).toEqual({ status: 0, output: '' });
      const validate = run(['tsx', 'scripts/validate.ts']);
      // Every survey of the copy and its shared blocks, none with a problem.
      expect(validate.output).toContain(
        `${surveyFiles().length + 1} definitions checked, 0 errors, 0 warnings`,
      );
      expect(validate.status).toBe(0);
    });

    it('documents the branches: the generated survey through q2 and past it, the new page on a path', () => {
      const paths = committedPaths(added, project!.docs).map((path) => path.join(' '));
      expect(paths.some((path) => path.startsWith('q1 q2 q3'))).toBe(true);
      expect(paths.some((path) => path.startsWith('q1 q3'))).toBe(true);
      const { page, after, before } = changed!;
      const withPage = committedPaths(changed!.id, project!.docs).map((path) => path.join(' '));
      expect(withPage.some((path) => path.includes(`${after} ${page} ${before}`))).toBe(true);
      expect(withPage.some((path) => path.includes(`${after} ${before}`))).toBe(true);
    });

    it('passes every test that reads the definitions, run on the copy', () => {
      const tests = run(['vitest', 'run', '--project', 'definitions', '--reporter=verbose']);
      expect(tests.status, tests.output.slice(-4000)).toBe(0);
      // They really ran on the copy: the per-survey tests name the two new surveys.
      for (const id of [added, changed!.id])
        expect(tests.output).toContain(`${id} has exactly the paths its committed doc lists`);
      expect(tests.output).toContain(`every page of every path of ${added}`);
    });
  },
);
