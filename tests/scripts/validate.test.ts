import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { definitionsDir } from '../../engine/check/folders';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { definitionsPlugin } from '../../scripts/vite-plugin-definitions';
import { runScript } from '../helpers/run-script';
import { tempProject } from '../helpers/temp-project';

const BROKEN = 'tests/fixtures/broken';

/** Runs `scripts/validate.ts ...files` (in this process) and returns its exit code and output. */
const validate = (...files: string[]) => runScript('scripts/validate.ts', files);

// Each broken fixture: the location and message the CLI must print for it.
const broken: [string, string][] = [
  [
    'missing-welsh',
    ':43:20  /pages/1/fields/0/label  Welsh text is missing\n    hint: Every string needs both en and cy',
  ],
  [
    'unknown-next',
    ':36:15  /pages/0/next  next goes to "q9", which is not a page of this survey\n    hint: Go to one of: "q1", "q2", "q3", "finish"',
  ],
  ['cycle', ':89:11  /pages/2/next/if/1  Pages go round in a loop: q2 → q3 → q2'],
  ['unreachable', ':38:5  /pages/1  Page q2 cannot be reached from the first page'],
  [
    'rule-before-asked',
    ':40:22  /pages/0/next/if/0/!!/var  The next rule reads "howToImprove", which is not asked on every path before q1',
  ],
  [
    'unknown-field',
    ':27:19  /pages/0/fields/0/name  Unknown field name "howSatisifed"\n    hint: Did you mean "howSatisfied"?',
  ],
  [
    'duplicate-option',
    ':49:24  /pages/0/fields/0/options/2/value  Option value "Yes" is used twice in "howSatisfied"',
  ],
  [
    'unknown-scale',
    ':33:20  /pages/0/fields/0/scale  Unknown scale "satisfction"\n    hint: Did you mean "satisfaction"?',
  ],
  [
    'unknown-property',
    ':50:7  /pages/1/nxt  Unknown property "nxt"\n    hint: Did you mean "next"?',
  ],
  ['single-with-start', ':11:12  /start  A single-page survey has no start page'],
  [
    'submit-not-last',
    ':41:15  /pages/1/next  The submit page q2 goes to q3, but it must be the last page',
  ],
  [
    'guard-same-page',
    ':53:20  /pages/1/guard/when/!!/var  The guard reads "howToImprove", which is asked on this same page',
  ],
  [
    'duplicate-field',
    ':41:19  /pages/1/fields/0/name  Field name "howSatisfied" is already used on q1',
  ],
  [
    'reveal-not-option',
    ':35:13  /pages/0/fields/0/reveal/0  reveal names "0", which is not an option of "howSatisfied"',
  ],
  ['id-mismatch', ':3:9  /id  The id "wrong-name" does not match the file name id-mismatch.json'],
  // Issue 33 item 4: each with the line and the fix.
  [
    'other-without-flag',
    ':41:13  /pages/0/fields/0/options/1  Option "Other" of "howDidYouHear" reads as an Other answer but has no text box for it\n    hint: Add "other": true to it',
  ],
  [
    'schema-path',
    ':2:14  /$schema  "$schema" does not lead to this project\'s survey.schema.json, so your editor\'s completion and help stop\n    hint: Write "$schema": "../../../schemas/survey.schema.json"',
  ],
  [
    'schema-url',
    ':2:14  /$schema  "$schema" is a web address, not this project\'s schema: your editor\'s completion and help stop\n    hint: Write "$schema": "../../../schemas/survey.schema.json"',
  ],
  [
    'skip-on-submit',
    ':55:15  /pages/2/skip  q3 sends the answers, so it cannot have a skip link: skipping it would leave without sending anything\n    hint: Remove "skip" from this page',
  ],
  [
    'duplicate-page',
    ':38:13  /pages/1/id  Page id "q1" is already used by page 1 of the list\n    hint: Give this page an id no other page has, such as "q5"',
  ],
];

describe('scripts/validate.ts', { timeout: 120_000 }, () => {
  // The runs are independent, so start them all at once.
  const results = new Map(broken.map(([name]) => [name, validate(`${BROKEN}/${name}.json`)]));

  it.each(broken)('%s: exits 1 and prints the location and message', async (name, expected) => {
    const { code, stdout } = await results.get(name)!;
    expect(code).toBe(1);
    expect(stdout).toContain(`${BROKEN}/${name}.json${expected}`);
    expect(stdout).toMatch(/^2 definitions checked, [1-9]\d* errors?, 0 warnings$/m);
    // One mistake, one error: no follow-on noise (a copied page is not also a loop).
    if (name !== 'submit-not-last') expect(stdout).toMatch(/^2 definitions checked, 1 error, /m);
  });

  it('exits 0 for valid definitions and reports the count', async () => {
    const { code, stdout } = await validate(
      'tests/fixtures/valid/mini.json',
      'tests/fixtures/valid/mini-single.json',
    );
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('3 definitions checked, 0 errors, 0 warnings');
  });

  it('marks warnings and still exits 0', async () => {
    const { code, stdout } = await validate('tests/fixtures/valid/warnings/warnings.json');
    expect(code).toBe(0);
    expect(stdout).toContain(
      'tests/fixtures/valid/warnings/warnings.json:36:29  /pages/0/fields/0/characterCount  warning: characterCount only applies to textareas',
    );
    expect(stdout).toContain('2 definitions checked, 0 errors, 1 warning');
  });

  it('reports a file that is not JSON at the point where it breaks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'validate-'));
    const file = join(dir, 'not-json.json');
    writeFileSync(file, '{\n  "id": "not-json",\n  "pages": [],\n}\n');
    const { code, stdout } = await validate(file);
    rmSync(dir, { recursive: true });
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:4:1  /  Not valid JSON: Unexpected token }`);
  });

  it('warns about stale Welsh in a full run of a folder', async () => {
    const project = tempProject('validate-stale-');
    // Record a review of basic's title against English that is not its English now.
    writeFileSync(
      join(project.definitions, 'translations', 'reviewed.json'),
      JSON.stringify({ 'basic.json#/title': '000000000000' }),
    );
    const { code, stdout } = await validate('--dir', project.definitions);
    project.remove();
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /basic\.json:\d+:\d+ {2}\/title\/en {2}warning: The English changed after its Welsh was reviewed/,
    );
    expect(stdout).toMatch(/, 0 errors, 1 warning$/m);
  });

  it('checks the definitions folder when given no files (SURVEY_DEFINITIONS, here the fixtures)', async () => {
    const { code, stdout } = await validate();
    // The fixture surveys and their shared blocks, each one valid.
    const files = readdirSync(definitionsDir()).filter((name) => name.endsWith('.json'));
    expect(stdout).toMatch(
      new RegExp(`^${files.length + 1} definitions checked, 0 errors, 0 warnings$`, 'm'),
    );
    expect(stdout).not.toMatch(/\.json:\d+:\d+ /); // no problem listed
    expect(code).toBe(0);
  });
});

describe('definitionsPlugin', () => {
  function plugin(dir: string) {
    const p = definitionsPlugin({ dir });
    (p.configResolved as (config: { root: string }) => void)({ root: process.cwd() });
    return p as unknown as Record<string, (...args: unknown[]) => unknown>;
  }

  it('fails the build when a definition is broken', () => {
    const error = vi.fn((message: string) => {
      throw new Error(message);
    });
    expect(() => plugin(BROKEN).buildStart!.call({ error, warn: vi.fn() })).toThrow(
      /tests\/fixtures\/broken\/cycle\.json:89:11 {2}\/pages\/2\/next\/if\/1 {2}Pages go round in a loop: q2 → q3 → q2/,
    );
    expect(() =>
      plugin('tests/fixtures/valid').buildStart!.call({ error, warn: vi.fn() }),
    ).not.toThrow();
  });

  it('shows the problems in the dev overlay and keeps the broken file from the app', () => {
    const send = vi.fn();
    const server = {
      ws: { send, on: vi.fn() },
      config: { logger: { error: vi.fn(), warn: vi.fn() } },
    };
    const p = plugin(BROKEN);
    p.configureServer!(server);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        err: expect.objectContaining({
          message: expect.stringContaining('Welsh text is missing'),
          stack: '',
        }),
      }),
    );
    expect(server.config.logger.error).toHaveBeenCalled();
    expect(p.handleHotUpdate!({ file: `${process.cwd()}/${BROKEN}/cycle.json`, server })).toEqual(
      [],
    );
    expect(p.handleHotUpdate!({ file: `${process.cwd()}/src/main.tsx`, server })).toBeUndefined();
  });

  it('shows stale Welsh in the dev overlay, as npm run validate does', () => {
    const project = tempProject('plugin-stale-');
    writeFileSync(
      join(project.definitions, 'translations', 'reviewed.json'),
      JSON.stringify({ 'basic.json#/title': '000000000000' }),
    );
    const send = vi.fn();
    const server = {
      ws: { send, on: vi.fn() },
      config: { logger: { error: vi.fn(), warn: vi.fn() } },
    };
    plugin(project.definitions).configureServer!(server);
    project.remove();
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        err: expect.objectContaining({
          message: expect.stringMatching(
            /^Survey definitions have warnings:[\s\S]*The English changed after its Welsh was reviewed/,
          ),
        }),
      }),
    );
  });
});
