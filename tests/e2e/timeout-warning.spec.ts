// A warning before the answers are cleared (issue 34, item 3; WCAG 2.2.1), with the page's clock
// under the test's control: five minutes before the hour a modal dialog takes focus, says how
// long is left and offers to continue, which starts the hour again and gives focus back. Left
// alone, the hour runs out as before. (Without JavaScript the page says the time instead: see
// tests/server/refused-pages.test.ts.)
import { IDLE_LIMIT_MS } from '../../engine';
import { expect, storedState, test } from './helpers/fixtures';
import { fillPage, planThrough, urlOf, walk } from './helpers/journey';
import { answersForPage } from './helpers/answers';
import { LANGS, needed, pathOf, surveys, ui } from './helpers/surveys';

const MINUTE = 60_000;
const multiPage = needed(
  surveys.find((s) => s.layout !== 'single' && s.pages.length > 1),
  'a multi-page survey',
);
const onePage = surveys.find((s) => s.layout === 'single');

for (const lang of LANGS) {
  test(`${lang}: five minutes before the hour a dialog warns, and continuing starts the hour again`, async ({
    page,
  }) => {
    await page.clock.install();
    const first = multiPage.pages[0]!;
    const plan = planThrough(multiPage, first.id);
    await walk(page, multiPage, lang, plan, { stopAt: first.id, checks: false });
    // Something answered and focused, as a respondent would leave the page.
    await fillPage(page, first, {}, answersForPage(multiPage, first, {}, plan));
    const answered = page
      .locator('main input:checked, main input[type=text], main textarea')
      .first();
    await answered.focus();

    const dialog = page.getByRole('dialog', { name: ui(lang, 'timeoutWarning.title') });
    await page.clock.fastForward(IDLE_LIMIT_MS - 5 * MINUTE - MINUTE);
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward(MINUTE + 1000);
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(dialog).toHaveAttribute('aria-describedby', /.+/);
    await expect(dialog).toContainText(ui(lang, 'timeoutWarning.text_other', { count: 5 }));
    // The page behind is out of reach (a modal dialog): Tab stays in the dialog.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);

    const before = (await storedState(page))?.lastActivity as number;
    if (lang === 'en')
      await dialog.getByRole('button', { name: ui(lang, 'timeoutWarning.keepGoing') }).click();
    else await page.keyboard.press('Escape'); // Escape keeps going too
    await expect(dialog).toHaveCount(0);
    await expect(answered, 'focus is back where it was').toBeFocused();
    expect((await storedState(page))?.lastActivity as number).toBeGreaterThan(before);

    // Past the first hour: still here, the answers kept, the warning again five minutes before
    // the new hour, and then the timeout page.
    await page.clock.fastForward(IDLE_LIMIT_MS - 5 * MINUTE + 1000);
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, multiPage, first.id)));
    await expect(dialog).toBeVisible();
    await page.clock.fastForward(5 * MINUTE + 2000);
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, multiPage, 'timeout')));
    await expect(dialog).toHaveCount(0);
  });
}

test('the one-page survey warns too', async ({ page }) => {
  const survey = needed(onePage, 'a one-page survey');
  await page.clock.install();
  await page.goto(pathOf('cy', survey));
  await page.clock.fastForward(IDLE_LIMIT_MS - 5 * MINUTE + 1000);
  const dialog = page.getByRole('dialog', { name: ui('cy', 'timeoutWarning.title') });
  await expect(dialog).toBeFocused();
  await expect(dialog).toContainText(ui('cy', 'timeoutWarning.text_other', { count: 5 }));
});
