// The browser takes over the server's HTML without a hydration mismatch: React reports nothing
// in the console on any kind of page, and a question page reloaded mid-survey shows the saved answers.
import { expect, storedState, test } from './helpers/fixtures';
import { planThrough, walk } from './helpers/journey';
import { pathOf, surveys } from './helpers/surveys';

const multiPage = surveys.find((s) => s.layout !== 'single' && s.pages.length > 2)!;
const single = surveys.find((s) => s.layout === 'single')!;

test('no console errors while hydrating any kind of page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The not-found page's own 404 is reported by the browser, not by React.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const lang of ['en', 'cy'] as const) {
    for (const path of [
      pathOf(lang, multiPage),
      pathOf(lang, multiPage, multiPage.pages[0]!.id),
      pathOf(lang, multiPage, 'finish'),
      pathOf(lang, multiPage, 'timeout'),
      pathOf(lang, single),
      `/${lang}/cookies`,
      `/${lang}/no-such-survey`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
  }
  expect(errors).toEqual([]);
});

test('a question page reloaded mid-survey keeps the saved answers', async ({ page }) => {
  const second = multiPage.pages[1]!;
  const { saved } = await walk(page, multiPage, 'en', planThrough(multiPage, second.id), {
    stopAt: second.id,
    checks: false,
  });
  const first = multiPage.pages[0]!;
  await page.goto(pathOf('en', multiPage, first.id));
  const [name, value] = Object.entries(saved).find(([n]) =>
    first.fields.some((f) => f.name === n),
  )!;
  await expect(page.locator(`input[name="${name}"][value="${String(value)}"]`)).toBeChecked();
  expect((await storedState(page))?.inProgress).toBe(true);
});

test('when the app never arrives, the page works as it does without JavaScript', async ({
  page,
}) => {
  const survey = surveys.find(
    (s) =>
      s.layout !== 'single' &&
      s.pages[0]!.fields.some((f) => f.options?.some((o) => o.other || f.reveal?.[o.value])),
  )!;
  await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
  await page.goto(pathOf('en', survey));
  await page.getByRole('button', { name: 'Start now' }).click();
  // Start posted to the server, which made a draft: the address carries it.
  await expect(page).toHaveURL(/\?draft=/);
  await page.waitForFunction(() => document.documentElement.dataset.app === undefined);
  await expect(page.locator('body')).not.toHaveClass(/govuk-frontend-supported/);
  // Conditional questions show open, as GOV.UK Frontend draws them for no script.
  const conditional = page.locator('.govuk-radios__conditional, .govuk-checkboxes__conditional');
  await expect(conditional.first()).toBeVisible();
  // Continue with nothing chosen: the server's error summary.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.govuk-error-summary')).toBeVisible();
});
