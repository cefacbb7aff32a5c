// The server's HTML is valid (Nu Html Checker, vnu-jar with the system Java): a start page, a
// question page with errors and a finish page, in English and Welsh.
import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../../engine';
import { expect, test } from './helpers/fixtures';
import { htmlErrors } from './helpers/html';
import { LANGS, pathOf, surveys } from './helpers/surveys';

const multiPage = surveys.find((s) => s.layout !== 'single' && s.start)!;

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
    for (const [name, html] of Object.entries(pages))
      expect(html, name).toContain(`<html lang="${lang}"`);
    for (const [name, errors] of Object.entries(htmlErrors(pages)))
      expect(errors, `${name} page`).toEqual([]);
  });
}
