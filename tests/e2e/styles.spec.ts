// Pages the journeys without JavaScript do not pass through on their way (start pages, pages with
// errors, finish, timeout, cookies, not found) are styled by the rules the server puts inline
// exactly as by the full stylesheet. The question pages are checked in nojs.spec.ts.
import { test } from './helpers/fixtures';
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
