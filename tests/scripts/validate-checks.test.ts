// Issue 27 item 3: `npm run validate` reports, with file:line, Welsh left the same as the English,
// a rule comparing a field with a value it does not have, a branch-only page without a guard
// (a warning) and a file not formatted as prettier writes it (fixed by --fix). Each case is the
// valid mini fixture with one edit, written to a temporary folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import prettier from 'prettier';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SurveyDefinition } from '../../engine/types';
import { definitionsPlugin } from '../../scripts/vite-plugin-definitions';
import { runScript } from '../helpers/run-script';
import { tempProject } from '../helpers/temp-project';

// A folder laid out as definitions/ is, beside a copy of schemas/ its files' "$schema" reaches.
const project = tempProject('validate-checks-', 'tests/fixtures/valid');
const temp = project.definitions;
afterAll(() => project.remove());

const mini = () =>
  JSON.parse(readFileSync('tests/fixtures/valid/mini.json', 'utf8')) as SurveyDefinition;

/** Writes a variant of mini (formatted, unless `raw`) and returns its path and text. */
async function variant(name: string, edit: (def: SurveyDefinition) => void, raw = false) {
  const def = mini();
  def.id = name;
  def.serviceName = name;
  def.$schema = '../schemas/survey.schema.json';
  edit(def);
  const file = join(temp, `${name}.json`);
  // Raw: all on one line, as a hand edit or another tool might leave it.
  const json = raw ? JSON.stringify(def) : JSON.stringify(def, null, 2);
  const text = raw
    ? json
    : await prettier.format(json, {
        ...(await prettier.resolveConfig('package.json')),
        filepath: 'x.json',
      });
  writeFileSync(file, text);
  return { file, text };
}

/** The 1-based line of the first line containing `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const validate = (...args: string[]) => runScript('scripts/validate.ts', args);

describe('validate content checks', { timeout: 60_000 }, () => {
  it('reports Welsh identical to English as an error at its line', async () => {
    const { file, text } = await variant('welsh-same', (def) => {
      def.pages[0]!.fields[0]!.label = { en: 'Why did you apply?', cy: 'Why did you apply?' };
    });
    const { code, stdout } = await validate(file);
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:${lineOf(text, '"cy": "Why did you apply?"')}:`);
    expect(stdout).toContain('The Welsh is the same as the English: "Why did you apply?"');
  });

  it('lets numbers, addresses and the listed names stay the same', async () => {
    const { file } = await variant('welsh-names', (def) => {
      def.pages[0]!.fields[0]!.hint = { en: 'GOV.UK', cy: 'GOV.UK' };
    });
    const { code, stdout } = await validate(file);
    expect(stdout).not.toContain('The Welsh is the same');
    expect(code).toBe(0);
  });

  it('reports a rule comparing a field with a value it does not have, suggesting the option', async () => {
    const { file, text } = await variant('wrong-value', (def) => {
      def.pages[1]!.next = { if: [{ '==': [{ var: 'whichSector' }, 'third sector'] }, 'q4', 'q3'] };
    });
    const { code, stdout } = await validate(file);
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:${lineOf(text, '"third sector"')}:`);
    expect(stdout).toContain('"whichSector" is never "third sector"');
    expect(stdout).toContain('Did you mean "Third sector"?');
  });

  it('warns about a page reached only by a branch that has no guard, and still exits 0', async () => {
    const { file, text } = await variant('no-guard', (def) => {
      delete def.pages[2]!.guard;
    });
    const { code, stdout } = await validate(file);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `${file}:${lineOf(text, '"id": "q3"') - 1}:5  /pages/2  warning: Page q3 is reached only by a branch but has no guard`,
    );
  });

  it('reports a file prettier would format differently, and --fix formats it', async () => {
    const { file, text } = await variant('unformatted', () => {}, true);
    const { code, stdout } = await validate(file);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      new RegExp(`${file}:\\d+:1 {2}/ {2}Not formatted as prettier writes it`),
    );
    expect(stdout).toContain('npm run validate -- --fix');

    const fixed = await validate('--fix', file);
    expect(fixed.code).toBe(0);
    const now = readFileSync(file, 'utf8');
    expect(now).not.toBe(text);
    expect(now).toBe(
      await prettier.format(text, {
        ...(await prettier.resolveConfig('package.json')),
        filepath: 'x.json',
      }),
    );
  });
});

describe('the dev server', () => {
  it('names the file and line of a definition that is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plugin-json-'));
    const file = join(dir, 'trailing.json');
    writeFileSync(file, '{\n  "id": "trailing",\n  "pages": [],\n}\n');
    const p = definitionsPlugin({ dir }) as unknown as Record<
      string,
      (...args: never[]) => unknown
    >;
    (p.configResolved as (config: { root: string }) => void)({ root: dir });
    const error = vi.fn((message: string) => {
      throw new Error(message);
    });
    const load = p.load as (this: unknown, id: string) => unknown;
    expect(() => load.call({ error }, `${file}?import`)).toThrow(
      /^trailing\.json:4:1 {2}\/ {2}Not valid JSON: Unexpected token }/,
    );
    rmSync(dir, { recursive: true });
  });
});
