// The live editor (issue 33 item 6) under `npm run dev`, as an editor uses it: typing a mistake
// lists it with its line, fixing it and changing a label redraws the preview in English and Welsh,
// and Save writes a file that `npm run validate` accepts. The dev server is started here on a
// temporary copy of the definitions (SURVEY_DEFINITIONS), so the real files are never written.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import type { SurveyDefinition } from '../../engine';
import { expect, expectNoViolations } from './helpers/fixtures';

const ROOT = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'editor-e2e-'));
const definitions = join(temp, 'definitions');
const test = base.extend({});
test.describe.configure({ mode: 'serial' });

/** A free port on the loopback address. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let dev: ChildProcess | undefined;
let base_ = '';
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cpSync(join(ROOT, 'definitions'), definitions, { recursive: true });
  cpSync(join(ROOT, 'schemas'), join(temp, 'schemas'), { recursive: true });
  const port = Number(process.env.E2E_EDITOR_PORT) || (await freePort());
  dev = spawn(
    'npx',
    [
      'vite',
      '--configLoader',
      'runner',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, SURVEY_DEFINITIONS: definitions, DATA_DIR: join(temp, 'data') },
      stdio: 'ignore',
      detached: true,
    },
  );
  base_ = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base_}/preview`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600) throw new Error('the dev server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
test.afterAll(() => {
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  rmSync(temp, { recursive: true, force: true });
});

/** The first survey with pages in a folder (the editor is the same for every survey). */
function subject(dir = definitions): {
  id: string;
  file: string;
  text: string;
  def: SurveyDefinition;
} {
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const def = JSON.parse(text) as SurveyDefinition;
    if (def.layout !== 'single') return { id: def.id, file, text, def };
  }
  throw new Error('no survey with pages in definitions/');
}

/** The 1-based line of the first line containing `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** Puts the cursor at the end of a line of the editor, as a click on it and End would. */
async function endOfLine(page: Page, text: string) {
  await page.locator('.cm-line', { hasText: text }).first().click();
  await page.keyboard.press('End');
}

// Wide enough that the lines typed into are not wrapped (End goes to the end of what is shown).
test.use({ viewport: { width: 1600, height: 1000 } });

test('typing a mistake lists it by line; fixing it redraws the preview in both languages; Save writes a valid file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { id, file, text, def } = subject();
  const field = def.pages[0]!.fields[0]!;
  await page.goto(`${base_}/preview/${id}/edit?lang=en`);
  const problems = page.locator('#problems');
  await expect(page.locator('.cm-content')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'The definition (JSON)' })).toBeVisible();
  await expect(problems).toContainText('No problems');
  const english = page.locator('#preview .govuk-grid-column-one-half[lang="en"]');
  const welsh = page.locator('#preview .govuk-grid-column-one-half[lang="cy"]');
  await expect(english.first()).toBeVisible();
  await expectNoViolations(page, `editor/${id}`);

  // A property the schema does not have, typed on a new line after "duration".
  const duration = lineOf(text, '"duration":');
  await endOfLine(page, text.split('\n')[duration - 1]!.trim());
  await page.keyboard.press('Enter');
  await page.keyboard.type('"durashun": 5,');
  await expect(problems).toContainText(`Line ${duration + 1}`);
  await expect(problems).toContainText('Unknown property "durashun"');
  await expect(page.locator('#edit-status')).toHaveText('1 problem');
  await expect(page.locator('#preview-stale')).toBeVisible();

  // Fixed (the line deleted), then the first question's label changed in both languages.
  await page.keyboard.press('ControlOrMeta+Shift+k');
  await expect(problems).toContainText('No problems');
  for (const [lang, added] of [
    ['en', ' (edited)'],
    ['cy', ' (golygwyd)'],
  ] as const) {
    await endOfLine(page, `"${lang}": ${JSON.stringify(field.label[lang])}`);
    await page.keyboard.press('ArrowLeft'); // before the closing quote
    if (lang === 'en') await page.keyboard.press('ArrowLeft'); // and the comma after it
    await page.keyboard.type(added);
  }
  await expect(english.filter({ hasText: `${field.label.en} (edited)` })).toHaveCount(1);
  await expect(welsh.filter({ hasText: `${field.label.cy} (golygwyd)` })).toHaveCount(1);
  await expect(problems).toContainText('No problems');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#edit-status')).toContainText(`Saved`);
  const saved = readFileSync(file, 'utf8');
  expect(saved).toContain(`${field.label.en} (edited)`);
  expect(saved).toContain(`${field.label.cy} (golygwyd)`);
  const validate = spawnSync('npx', ['tsx', 'scripts/validate.ts', '--dir', definitions], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(validate.stdout).toMatch(/definitions checked, 0 errors/);
  expect(validate.status).toBe(0);
});

test('the Welsh editor speaks Welsh, and works without JavaScript as a form', async ({
  browser,
}) => {
  const { id } = subject();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base_}/preview/${id}/edit?lang=cy`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  const box = page.getByRole('textbox', { name: 'Y diffiniad (JSON)' });
  await box.fill((await box.inputValue()).replace('"duration":', '"durashun": 5,\n  "duration":'));
  await page.getByRole('button', { name: 'Gwirio a rhagweld' }).click();
  await expect(page.locator('#problems')).toContainText('Unknown property "durashun"');
  await expect(page.locator('#problems')).toContainText('Llinell');
  await context.close();
});

test("on a built server with PREVIEW=true: the editor's own bundle loads under the page's policy, completes and explains from the schema, downloads and never saves", async ({
  page,
}) => {
  const { id, text, def } = subject(join(ROOT, 'definitions')); // what the built server has
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(`/preview/${id}/edit?lang=en`); // the suite's built server (playwright.config.ts)
  await expect(page.locator('.cm-content')).toBeVisible();
  await expect(page.locator('#problems')).toContainText('No problems');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'survey.schema.json'), 'utf8')) as {
    properties: Record<string, { description?: string }>;
  };
  // The schema's help for a property, on hovering over its name (a few characters into its line).
  const line = await page.locator('.cm-line', { hasText: '"duration":' }).first().boundingBox();
  await page.mouse.move(line!.x + 30, line!.y + line!.height / 2);
  await expect(page.locator('.cm-tooltip-hover')).toContainText(
    schema.properties.duration!.description!,
  );
  await page.mouse.move(0, 0);

  // A property the schema offers that the file does not have yet, completed at the top level.
  const offered = Object.keys(schema.properties).find((name) => !(name in def))!;
  await endOfLine(page, text.split('\n')[lineOf(text, '"duration":') - 1]!.trim());
  await page.keyboard.press('Enter');
  await page.keyboard.type('"');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText(offered);
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${id}.json`);
  expect(blocked).toEqual([]);
});
