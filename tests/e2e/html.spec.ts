// The server's HTML is valid (Nu Html Checker, vnu-jar with the system Java): a start page, a
// question page with errors and a finish page, in English and Welsh.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../../engine';
import { expect, test } from './helpers/fixtures';
import { LANGS, pathOf, surveys } from './helpers/surveys';

const jar = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);
const multiPage = surveys.find((s) => s.layout !== 'single' && s.start)!;

/** The checker's errors for a page, as 'line:column message'. */
function htmlErrors(html: string): string[] {
  const run = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', '-'], {
    input: html,
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`java could not run vnu.jar: ${run.error.message}`);
  const { messages } = JSON.parse(run.stdout) as {
    messages: { type: string; message: string; lastLine?: number; lastColumn?: number }[];
  };
  return messages
    .filter((m) => m.type === 'error')
    .map((m) => `${m.lastLine}:${m.lastColumn} ${m.message}`);
}

/** A question page with errors: a draft from Start, then the first page posted empty. */
async function pageWithErrors(request: APIRequestContext, lang: Lang): Promise<string> {
  const started = await request.post(pathOf(lang, multiPage), { form: {}, maxRedirects: 0 });
  const first = started.headers().location!;
  const posted = await request.post(first, { form: {} });
  const html = await posted.text();
  expect(html).toContain('govuk-error-summary');
  return html;
}

for (const lang of LANGS) {
  test(`${lang}: server-rendered pages are valid HTML`, async ({ request }) => {
    const pages = {
      start: await (await request.get(pathOf(lang, multiPage))).text(),
      'question with errors': await pageWithErrors(request, lang),
      finish: await (await request.get(pathOf(lang, multiPage, 'finish'))).text(),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).toContain(`<html lang="${lang}"`);
      expect(htmlErrors(html), `${name} page`).toEqual([]);
    }
  });
}
