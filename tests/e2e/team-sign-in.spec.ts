// A Welsh member who opens a team page while signed out signs in with their passkey and lands
// on that page, in Welsh, with its filters (issue 24).
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './helpers/fixtures';
import { enrol, inviteLink, origin } from './helpers/team';

test('signing in from a Welsh page with filters lands on that page, in Welsh, with them', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  await enrol(page, await inviteLink(baseURL, `return-${Date.now()}@example.gov.uk`, 'viewer'));
  await page.getByRole('button', { name: 'Sign out' }).click();

  const asked = `${site}/team/responses?survey=basic&respondentLang=cy&lang=cy`;
  await page.goto(asked);
  await expect(page).toHaveURL(/\/team\/sign-in\?next=.*&lang=cy$/);
  await expect(page.locator('h1')).toHaveText('Mewngofnodi');
  await expectNoViolations(page, 'sign-in with next, cy');
  await page.getByRole('button', { name: 'Mewngofnodi gydag allwedd fynediad' }).click();
  await expect(page).toHaveURL(asked);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(page.locator('h1')).toHaveText('Ymatebion');
  // The filters are still chosen: the survey and the Welsh-language responses.
  await expect(page.getByLabel('Iaith yr ymateb')).toHaveValue('cy');

  // And in English, a question page with its dates.
  await page.getByRole('button', { name: 'Allgofnodi' }).click();
  const question = `${site}/team/questions/basic/howSatisfied?from=2026-01-01`;
  await page.goto(question);
  await expect(page).toHaveURL(/\/team\/sign-in\?next=/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(question);
});
