// Pages the journeys without JavaScript do not pass through on their way (start pages, pages with
// errors, finish, timeout, cookies, not found) are styled by the rules the server puts inline
// exactly as by the full stylesheet. The question pages are checked in nojs.spec.ts.
import type { Page } from '@playwright/test';
import { STORAGE_KEY, expect, test } from './helpers/fixtures';
import { expectInlineStylesComplete } from './helpers/styles';
import { LANGS, pathOf, surveys } from './helpers/surveys';

for (const lang of LANGS) {
  test(`${lang}: every kind of page is complete with its inline styles`, async ({ page }) => {
    // The page exactly as the server sent it, as with JavaScript off.
    await page.route('**/assets/*.js', (route) => route.abort());
    let withErrors = 0;
    for (const survey of surveys) {
      await page.goto(pathOf(lang, survey));
      await expectInlineStylesComplete(page, `${lang}/${survey.id}`);
      if (survey.layout !== 'single') await page.locator('.govuk-button--start').click();
      // The first page sent empty: its error summary and messages, or, where nothing on it is
      // required, the second page.
      await page.locator('form button.govuk-button').first().click();
      await page.waitForLoadState('load');
      const errors = (await page.locator('.govuk-error-summary').count()) > 0;
      if (errors) withErrors++;
      await expectInlineStylesComplete(page, `${lang}/${survey.id}/${errors ? 'errors' : 'next'}`);
    }
    // Most surveys require their first answer, so error pages are checked in earnest.
    expect(withErrors).toBeGreaterThan(surveys.length / 2);
    for (const target of ['finish', 'timeout']) {
      await page.goto(pathOf(lang, surveys[0]!, target));
      await expectInlineStylesComplete(page, `${lang}/${target}`);
    }
    for (const path of [`/${lang}/cookies`, `/${lang}/no-such-survey`]) {
      await page.goto(path);
      await expectInlineStylesComplete(page, path);
    }
  });
}

// With JavaScript the full sheet arrives after the first paint as a print sheet (applied to
// nothing), and is switched on in the first idle moment once the page is live, so the pages the
// app draws are fully styled.
test('with JavaScript, the full stylesheet is switched on once the page is live', async ({
  page,
}) => {
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(pathOf('en', survey));
  const full = page.locator('link[rel="stylesheet"][href^="/assets/"]');
  await expect(full).toHaveAttribute('media', 'all');
  await page.locator('.govuk-button--start').click();
  // A page and an error summary drawn by the app, not the server: styled by the full sheet.
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toBe(pathOf('en', survey, survey.pages[0]!.id));
  await page.locator('form button.govuk-button').first().click();
  await expect(page.locator('.govuk-error-summary')).toHaveCSS('border-top-width', '5px');
});

// A phone too busy to be idle: the sheet waits as a print sheet, and the respondent's first tap
// or key press, or saved answers that change the page, switch it on.
test.describe('with JavaScript, on a page that is never idle', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
  });

  const startPage = async (page: Page) => {
    const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
    await page.goto(pathOf('en', survey));
    const full = page.locator('link[rel="stylesheet"][href^="/assets/"]');
    await expect(full).toHaveAttribute('media', 'print');
    return full;
  };

  test('the first tap switches the full stylesheet on', async ({ page }) => {
    const full = await startPage(page);
    await page.locator('.govuk-button--start').click();
    await expect(full).toHaveAttribute('media', 'all');
  });

  test('a key press alone switches the full stylesheet on', async ({ page }) => {
    const full = await startPage(page);
    await page.keyboard.press('Tab');
    await expect(full).toHaveAttribute('media', 'all');
  });

  // Answers saved in this browser can show a question the server's page left out (it rendered
  // with no answers). In e-result, saying you will share your result 1 to 5 times asks who with,
  // in a text box no other part of the page has.
  test('a question shown by saved answers is styled at once', async ({ page }) => {
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        STORAGE_KEY,
        JSON.stringify({
          state: {
            surveyName: 'e-result',
            answers: { howManyTimes: '2' },
            inProgress: true,
            lastActivity: Date.now(),
          },
          version: 0,
        }),
      ],
    );
    await page.goto('/en/e-result/q1');
    const box = page.getByLabel('Who will you share it with?');
    await expect(box).toBeVisible();
    // The browser's own text box has an inset border; GOV.UK's is solid.
    await expect(box).toHaveCSS('border-top-style', 'solid');
  });
});
