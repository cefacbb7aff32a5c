// The live-survey check (issue 27 item 4, issue 33 item 3): a full `npm run validate` (so
// `npm test` and CI) compares the definitions with the published version, the merge base with
// main unless PUBLISHED_REF names one, and fails on a removed or renamed page, field or option
// with the advice to retire it; it says when there is nothing to compare with. Run in a temporary
// git repository laid out as this one, whose main holds the fixture surveys.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyDefinition } from '../../engine/types';
import { openSqliteStore } from '../../server/storage/sqlite';
import { runScript, type ScriptRun } from '../helpers/run-script';
import { tempProject } from '../helpers/temp-project';

const project = tempProject('validate-against-');
const repo = project.root;
afterAll(() => project.remove());

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const file = join(repo, 'definitions', 'basic.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as SurveyDefinition;
const write = async (def: SurveyDefinition) =>
  writeFileSync(
    file,
    await prettier.format(JSON.stringify(def), {
      ...(await prettier.resolveConfig('package.json')),
      filepath: file,
    }),
  );

/** The validate command in the repository as a checkout runs it: definitions/ is its folder.
 *  Run in this process (tests/helpers/run-script.ts), not by a TypeScript runner per case; the
 *  command itself is started as `npm run validate` in tests/definitions/any-survey.test.ts. */
function validate(
  args: string[] = [],
  env: Record<string, string> = {},
  cwd = repo,
): Promise<ScriptRun> {
  return runScript('scripts/validate.ts', args, {
    cwd,
    env: {
      SURVEY_DEFINITIONS: undefined,
      PUBLISHED_REF: undefined,
      DATA_DIR: undefined,
      DATABASE_URL: undefined,
      ...env,
    },
  });
}

beforeAll(() => {
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-qm', 'published');
  git('checkout', '-qb', 'edit');
});

/** Sets basic back to main's copy and applies an edit. */
async function edit(change: (def: SurveyDefinition) => void): Promise<void> {
  git('checkout', '-q', 'main', '--', 'definitions');
  const def = read();
  change(def);
  await write(def);
}

const q1 = (def: SurveyDefinition) => def.pages.find((p) => p.id === 'q1')!.fields[0]!;

describe('the live-survey check in a full validate run', { timeout: 180_000 }, () => {
  it('passes a change that removes nothing, saying what it compared with', async () => {
    await edit((def) => {
      q1(def).label.en = 'Why did you ask for a basic DBS check?';
    });
    const { code, stdout } = await validate();
    const base = git('merge-base', 'HEAD', 'main').trim().slice(0, 7);
    expect(stdout).toContain(
      `Live surveys compared with the merge base with main (${base}): nothing removed or renamed.`,
    );
    expect(code).toBe(0);
  });

  it('fails on a removed option, with the advice to retire it', async () => {
    await edit((def) => {
      q1(def).options = q1(def).options!.filter((o) => o.value !== 'Volunteering');
    });
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /definitions\/basic\.json:\d+:\d+ {2}\/pages\/0\/fields\/0\/options {2}Option "Volunteering" of "whyDidYouApply" was removed: answers that chose it would be counted as another option\n {4}hint: Keep the option and add "retired": true to it instead/,
    );
  });

  it('names the likely new value of a renamed option', async () => {
    await edit((def) => {
      q1(def).options!.find((o) => o.value === 'Volunteering')!.value = 'Voluntary work';
    });
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Option "Volunteering" of "whyDidYouApply" was removed or renamed to "Voluntary work"',
    );
  });

  it('accepts a retired option, and warns about a rule that still uses it, naming the rule', async () => {
    await edit((def) => {
      q1(def).options!.find((o) => o.value === 'Volunteering')!.retired = true;
      const q2 = def.pages.find((p) => p.id === 'q2')!;
      q2.fields[0]!.options!.find((o) => o.value === 'Third')!.retired = true;
    });
    const { code, stdout } = await validate();
    expect(stdout).not.toMatch(/was removed/);
    expect(stdout).toContain(
      'warning: Option "Third" of "whichSector" is retired, but the next rule of q2 still uses it',
    );
    expect(code).toBe(0);
  });

  it('fails on a removed field and a removed or renamed page', async () => {
    await edit((def) => {
      def.pages = def.pages.filter((p) => p.id !== 'q7');
      def.pages.find((p) => p.id === 'q6')!.id = 'q6a';
      def.pages.find((p) => p.id === 'q5')!.skip = 'q8';
    });
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Page q6 was removed or renamed to q6a: its address is in links respondents have been given',
    );
    expect(stdout).toContain('hint: Keep page q6 with its id.');
    expect(stdout).toContain('Field "howSatisfied" (on q7) was removed');
  });

  it('lets a page whose questions are all retired stay off the route', async () => {
    await edit((def) => {
      const q7 = def.pages.find((p) => p.id === 'q7')!;
      for (const field of q7.fields) field.retired = true;
      def.pages.find((p) => p.id === 'q6')!.next = 'q8';
    });
    const { code, stdout } = await validate();
    expect(stdout).toContain('nothing removed or renamed');
    expect(code).toBe(0);
  });

  it('compares with the ref CI names in PUBLISHED_REF', async () => {
    await edit((def) => {
      q1(def).options = q1(def).options!.filter((o) => o.value !== 'Volunteering');
    });
    git('tag', 'published-now', 'main');
    const { code, stdout } = await validate([], { PUBLISHED_REF: 'published-now' });
    expect(stdout).toContain('Live surveys compared with published-now: 1 removed or renamed.');
    expect(code).toBe(1);
    expect((await validate(['--against', 'no-such-branch'])).stdout).toContain(
      'Cannot read definitions at "no-such-branch"',
    );
  });

  it('on main itself compares the files with their own last commit', async () => {
    git('checkout', '-q', 'main', '--', 'definitions');
    git('checkout', '-q', 'main');
    const { code, stdout } = await validate();
    const head = git('rev-parse', '--short=7', 'HEAD').trim();
    expect(stdout).toContain(
      `Live surveys compared with the merge base with main (${head}): nothing removed or renamed.`,
    );
    expect(code).toBe(0);
    git('checkout', '-q', 'edit');
  });

  it('is skipped with a note where there is no published version (a clone without main)', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'validate-clone-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', '-b', 'edit', `file://${repo}`, clone]);
      execFileSync('cp', ['-r', join(repo, 'schemas'), clone]);
      const { code, stdout } = await validate([], {}, clone);
      expect(stdout).toContain(
        'Live-survey check skipped: no published version to compare with (no main branch, or a shallow clone without it). Set PUBLISHED_REF',
      );
      expect(code).toBe(0);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('with DATA_DIR, says how many stored responses each removal touches', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'validate-data-'));
    try {
      const store = openSqliteStore(join(dataDir, 'feedback.sqlite'));
      const save = (whyDidYouApply: string, howSatisfied?: string) =>
        store.save({
          surveyId: 'basic',
          definitionHash: 'h',
          receivedAt: new Date(),
          answers: {
            whyDidYouApply,
            ...(howSatisfied ? { howSatisfied } : {}),
            serviceName: 'basic-survey',
          },
          lang: 'en',
        });
      await save('Volunteering', '5');
      await save('Volunteering');
      await save('Job', '4');
      await store.close();
      await edit((def) => {
        q1(def).options = q1(def).options!.filter((o) => o.value !== 'Volunteering');
        def.pages.find((p) => p.id === 'q7')!.fields[0]!.name = 'howContent';
        def.newFields = [...(def.newFields ?? []), 'howContent'];
      });
      const { code, stdout } = await validate([], { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stdout).toContain(
        'Option "Volunteering" of "whyDidYouApply" was removed: answers that chose it would be counted as another option (2 stored responses chose it)',
      );
      expect(stdout).toContain(
        'Field "howSatisfied" (on q7) was removed or renamed to "howContent": answers already stored under it would lose their question (2 stored responses answered it)',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
