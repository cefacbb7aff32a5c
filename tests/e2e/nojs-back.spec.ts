// Without JavaScript, a page posted with errors is answered Post/Redirect/Get, so the browser's
// Back and reload never ask to send a form again, even after the answers were sent.
import { expect, test } from './helpers/fixtures';
import { submitButton } from './helpers/journey';
import { pathOf, surveys } from './helpers/surveys';

test.use({ javaScriptEnabled: false });

const single = surveys.find((s) => s.layout === 'single')!;

test('errors, then Send, then Back and reload: pages of the service, never a resubmission', async ({
  page,
}) => {
  await page.goto(pathOf('en', single));
  await submitButton(page).click();
  // The errors are shown at the page's own address (a GET), with the draft that holds them.
  await expect(page).toHaveURL(new RegExp(`${pathOf('en', single)}\\?draft=`));
  await expect(page.locator('.govuk-error-summary')).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  // Shown once: a reload draws the page as it stands, without asking to send anything again.
  await page.reload();
  await expect(page.locator('.govuk-error-summary')).toHaveCount(0);

  await submitButton(page).click();
  await expect(page.locator('.govuk-error-summary')).toBeVisible();
  for (const field of single.pages[0]!.fields.filter((f) => f.required))
    await page.locator(`input[name="${field.name}"]`).first().check();
  await submitButton(page).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf('en', single, 'finish')}$`));

  // Back, twice: each entry is a page the service draws (the finish page: it was sent).
  for (let i = 0; i < 2; i++) {
    const back = await page.goBack();
    // A form sent again would be a POST (the browser's "Confirm form resubmission").
    expect(back?.request().method()).toBe('GET');
    expect(back?.status()).toBeLessThan(400);
    await expect(page.locator('h1, .govuk-panel__title').first()).toBeVisible();
  }
});
