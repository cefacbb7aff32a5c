// After a failed submit on the team's forms and filters, without JavaScript, the error summary
// has the keyboard's focus (issue 34, item 2), from the server's page alone. The respondent's pages
// are checked on the way through each survey: without JavaScript in nojs.spec.ts (every survey, in
// English and Welsh), and with it in errors.spec.ts (every kind of page, each failed submit).
import { test as base, type Browser, type Page } from '@playwright/test';
import { expect } from './helpers/fixtures';
import { enrol, inviteLink, origin } from './helpers/team';

/** A page of the team's area without JavaScript, signed in as a new admin (who enrolled with it). */
async function teamWithoutScript(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const site = origin(baseURL);
  const enrolling = await browser.newContext({ baseURL: site });
  await enrol(
    await enrolling.newPage(),
    await inviteLink(baseURL, `focus-${Date.now()}@example.gov.uk`, 'admin'),
  );
  const storageState = await enrolling.storageState();
  await enrolling.close();
  const context = await browser.newContext({
    baseURL: site,
    javaScriptEnabled: false,
    storageState,
  });
  return context.newPage();
}

base(
  'without JavaScript, the team’s forms and filters put focus on their error summary',
  async ({ browser, baseURL }) => {
    const page = await teamWithoutScript(browser, baseURL);
    const summary = page.locator('.govuk-error-summary');
    // An invitation with no email address.
    await page.goto('/team/members');
    await page.locator('form:has(#email) button').click();
    await expect(summary).toBeFocused();
    // A theme with no name, in Welsh.
    await page.goto('/team/themes/new?lang=cy');
    await page.locator('form:has(#name) button').click();
    await expect(summary).toBeFocused();
    // A filter with a date that is not one.
    await page.goto('/team?from=not-a-date');
    await expect(summary).toBeFocused();
    await page.context().close();
  },
);
