// Issue 27 item 4: `validate --against <ref>` lists what a change removes or renames from the
// published surveys, and refuses a removed option or field unless it is kept as retired. Run in a
// temporary git repository whose main holds a copy of definitions/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyDefinition } from '../../engine/types';
import { runScript } from '../helpers/run-script';

const repo = mkdtempSync(join(tmpdir(), 'validate-against-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

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

/** Runs `scripts/validate.ts ...args` in the repository (in this process). */
const validate = (...args: string[]) => runScript('scripts/validate.ts', args, { cwd: repo });

beforeAll(() => {
  cpSync('definitions', join(repo, 'definitions'), { recursive: true });
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

describe('validate --against', { timeout: 60_000 }, () => {
  it('passes a change that removes nothing', async () => {
    await edit((def) => {
      q1(def).label.en = 'Why did you ask for a basic DBS check?';
    });
    const { code, stdout } = await validate('--against', 'main', '--dir', 'definitions');
    expect(stdout).not.toMatch(/removed/);
    expect(code).toBe(0);
  });

  it('reports a removed option as an error at its field, with main as the default ref', async () => {
    await edit((def) => {
      q1(def).options = q1(def).options!.filter((o) => o.value !== 'Volunteering');
    });
    const { code, stdout } = await validate('--against');
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /definitions\/basic\.json:\d+:\d+ {2}\/pages\/0\/fields\/0\/options {2}Option "Volunteering" of "whyDidYouApply" was removed: answers that chose it would be counted as another option/,
    );
  });

  it('names the likely new value of a renamed option', async () => {
    await edit((def) => {
      q1(def).options!.find((o) => o.value === 'Volunteering')!.value = 'Voluntary work';
    });
    const { code, stdout } = await validate('--against', 'main');
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Option "Volunteering" of "whyDidYouApply" was removed or renamed to "Voluntary work"',
    );
  });

  it('accepts a retired option, which stays in the definition', async () => {
    await edit((def) => {
      q1(def).options!.find((o) => o.value === 'Volunteering')!.retired = true;
    });
    const { code, stdout } = await validate('--against', 'main');
    expect(stdout).not.toMatch(/removed/);
    expect(code).toBe(0);
  });

  it('reports a removed field and a removed page', async () => {
    await edit((def) => {
      def.pages = def.pages.filter((p) => p.id !== 'q7');
    });
    const { code, stdout } = await validate('--against', 'main');
    expect(code).toBe(1);
    expect(stdout).toContain('warning: Page q7 was removed');
    expect(stdout).toContain('Field "howSatisfied" (on q7) was removed');
  });

  it('says so when the ref does not exist', async () => {
    const { code, stdout } = await validate('--against', 'no-such-branch');
    expect(code).toBe(1);
    expect(stdout).toContain('Cannot read definitions at "no-such-branch"');
  });
});
