// Pages the journeys without JavaScript do not pass through on their way (start pages, pages with
// errors, finish, timeout, cookies, not found) are styled by the rules the server puts inline
// exactly as by the full stylesheet. The question pages are checked in nojs.spec.ts.
import { expect, test } from './helpers/fixtures';
import { expectInlineStylesComplete } from './helpers/styles';
import { LANGS, pathOf, surveys } from './helpers/surveys';

for (const lang of LANGS) {
  test(`${lang}: every kind of page is complete with its inline styles`, async ({ page }) => {
    // The page exactly as the server sent it, as with JavaScript off.
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const survey of surveys) {
      await page.goto(pathOf(lang, survey));
      await expectInlineStylesComplete(page, `${lang}/${survey.id}`);
      if (survey.layout !== 'single') await page.locator('.govuk-button--start').click();
      // The first page sent empty: its error summary and messages (if it requires anything).
      await page.locator('form button.govuk-button').first().click();
      await page.waitForLoadState('load');
      await expectInlineStylesComplete(page, `${lang}/${survey.id}/errors`);
    }
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
// nothing), and is switched on at the first tap, so the pages the app draws are fully styled.
test('with JavaScript, the full stylesheet is applied from the first tap', async ({ page }) => {
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(pathOf('en', survey));
  const full = page.locator('link[rel="stylesheet"][href^="/assets/"]');
  await expect(full).toHaveAttribute('media', 'print');
  await page.locator('.govuk-button--start').click();
  await expect(full).toHaveAttribute('media', 'all');
  // A page and an error summary drawn by the app, not the server: styled by the full sheet.
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toBe(pathOf('en', survey, survey.pages[0]!.id));
  await page.locator('form button.govuk-button').first().click();
  await expect(page.locator('.govuk-error-summary')).toHaveCSS('border-top-width', '5px');
});
