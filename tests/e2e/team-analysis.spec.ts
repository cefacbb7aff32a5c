// The team's analysis in Chromium (issue 25): the segment form with and without JavaScript,
// removable filter tags, a wrong date's error summary, the period comparison and a theme, in
// English and Welsh, each page checked with axe.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { enrol, inviteLink, origin } from './helpers/team';

const DAY = 24 * 60 * 60 * 1000;

/** Responses to the basic survey: this week and four weeks ago, a word only this test uses. */
function seed(word: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const save = (daysAgo: number, answers: Record<string, string>, lang: 'en' | 'cy') =>
    insert.run(
      randomUUID(),
      'basic',
      'e2e',
      new Date(Date.now() - daysAgo * DAY).toISOString(),
      JSON.stringify({ ...answers, serviceName: 'basic-dbs-check' }),
      lang,
    );
  for (let i = 0; i < 4; i++)
    save(2, { howSatisfied: '5', howToImprove: `The ${word} page was slow` }, 'en');
  save(2, { howSatisfied: '1', howToImprove: `Roedd fy nghais ${word} yn araf` }, 'cy');
  save(40, { howSatisfied: '2', howToImprove: 'Fine' }, 'en');
  db.close();
}

test('segments, comparison and themes work with and without JavaScript, in English and Welsh, with axe', async ({
  page,
  browser,
  baseURL,
}) => {
  const site = origin(baseURL);
  // Letters only: a long run of digits would read as an identifier and be withheld on the page.
  const word = `zebra${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'qrstuvwxyz'.charAt(Number(d)))}`;
  seed(word);
  await enrol(page, await inviteLink(baseURL, `analysis-${Date.now()}@example.gov.uk`, 'analyst'));

  // The segment form with JavaScript: open it, choose Welsh responses, apply.
  await page.goto(`${site}/team?survey=basic`);
  await page.getByText('Choose which responses').click();
  await page.getByLabel('Language answered in').selectOption('cy');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/respondentLang=cy/);
  const tag = page.getByRole('link', { name: /^Welsh – remove this filter/ });
  await expect(tag).toBeVisible();
  await expectNoViolations(page, 'team overview segment en');
  // The language link keeps the filters.
  await page.getByRole('link', { name: 'Cymraeg', exact: true }).click();
  await expect(page).toHaveURL(/survey=basic.*respondentLang=cy.*lang=cy/);
  await expect(page.getByRole('link', { name: /^Cymraeg – tynnu’r hidlydd hwn/ })).toBeVisible();
  await expectNoViolations(page, 'team overview segment cy');
  // A tag removes its filter only.
  await page.goto(`${site}/team?survey=basic&respondentLang=cy`);
  await tag.click();
  await expect(page).toHaveURL(`${site}/team?survey=basic`);

  // An impossible date: the error summary links to the field; no figures.
  await page.getByText('Choose which responses').click();
  await page.getByLabel('Received from').fill('2026-02-30');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.locator('.govuk-error-summary');
  await expect(summary).toContainText('There is a problem');
  await summary.getByRole('link', { name: /Received from must be a real date/ }).click();
  await expect(page.getByLabel('Received from')).toBeFocused();
  await expectNoViolations(page, 'team overview error en');
  await page.goto(`${site}/team?from=2026-02-30&lang=cy`);
  await expect(page).toHaveTitle(/^Gwall: /);
  await expectNoViolations(page, 'team overview error cy');

  // The comparison: this survey's last 30 days against the 30 before.
  await page.goto(`${site}/team/compare?survey=basic`);
  await expect(page.locator('main')).toContainText(/Satisfaction \(CSAT\) (rose|fell|stayed)/);
  await expectNoViolations(page, 'team compare en');
  await page.goto(`${site}/team/compare?survey=basic&lang=cy`);
  await expect(page.locator('h1')).toHaveText('Cymharu dau gyfnod');
  await expectNoViolations(page, 'team compare cy');

  // A theme, added through the form: the Welsh word is found in its nasal form too.
  await page.goto(`${site}/team/themes`);
  await page.getByRole('button', { name: 'Add a theme' }).click();
  await page.getByLabel('Name').fill(`Theme ${word}`);
  await page.getByLabel('Words or phrases in English').fill(word);
  await page.getByLabel('Words or phrases in Welsh').fill('cais');
  await expectNoViolations(page, 'team theme form en');
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(page.locator('h1')).toHaveText(`Theme ${word}`);
  await expect(page.locator('main')).toContainText('5 responses');
  await expect(page.locator('main')).toContainText(`Roedd fy nghais ${word} yn araf`);
  await expectNoViolations(page, 'team theme en');
  await page.goto(`${page.url()}?lang=cy`);
  await expectNoViolations(page, 'team theme cy');
  await page.goto(`${site}/team/themes?lang=cy`);
  await expect(page.locator('main')).toContainText(`Theme ${word}`);
  await expectNoViolations(page, 'team themes cy');

  // Without JavaScript, the same session: the GET form in its details box, and a theme's form.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const nojs = await context.newPage();
  await nojs.goto(`${site}/team/questions/basic/howSatisfied?lang=cy`);
  await nojs.getByText('Dewis pa ymatebion').click();
  await nojs.getByLabel('Iaith yr ymateb').selectOption('cy');
  await nojs.getByRole('button', { name: 'Hidlo' }).click();
  await expect(nojs).toHaveURL(/respondentLang=cy/);
  await expect(nojs.getByRole('link', { name: /^Cymraeg – tynnu’r hidlydd hwn/ })).toBeVisible();
  await nojs.goto(`${site}/team/themes/new`);
  await nojs.getByRole('button', { name: 'Save theme' }).click();
  await expect(nojs).toHaveTitle(/^Error: /);
  await expect(nojs.locator('.govuk-error-summary')).toContainText('Enter a name for the theme');
  // axe runs in the page, so on the same states in the page with JavaScript.
  await page.goto(`${site}/team/questions/basic/howSatisfied?respondentLang=cy&lang=cy`);
  await expectNoViolations(page, 'team question segment cy');
  await page.goto(`${site}/team/themes/new`);
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoViolations(page, 'team theme form error en');
  await context.close();
});

/** Barring responses on one day: two ticked "Someone suggested it" (one in Welsh), one did not. */
function seedTicked(day: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const field = 'whyDidYouUseThePreReferralCheck';
  for (const [sent, lang] of [
    ['To check if a referral was needed, Someone suggested it', 'en'],
    ['Someone suggested it', 'cy'],
    // The Other entry's text holds the option's words: not a tick.
    ['Another reason, a friend, Someone suggested it', 'en'],
  ])
    insert.run(
      randomUUID(),
      'barring',
      'e2e',
      `${day}T12:00:00.000Z`,
      JSON.stringify({ [field]: sent, serviceName: 'barring' }),
      lang,
    );
  db.close();
}

test('a ticked checkbox as a segment, with and without JavaScript, in English and Welsh, with axe', async ({
  page,
  browser,
  baseURL,
}) => {
  const site = origin(baseURL);
  // A day no other test stores responses on.
  const day = new Date(Date.now() - 77 * DAY).toISOString().slice(0, 10);
  seedTicked(day);
  await enrol(page, await inviteLink(baseURL, `ticked-${Date.now()}@example.gov.uk`, 'analyst'));

  // With JavaScript: the overview of that day, the checkbox option chosen in the form.
  await page.goto(`${site}/team?survey=barring&from=${day}&to=${day}`);
  await page.getByText('Choose which responses').click();
  await page
    .getByLabel('Only responses that answered')
    .selectOption({ label: 'Someone suggested I use it' });
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/answer=whyDidYouUseThePreReferralCheck%3ASomeone\+suggested\+it/);
  // 2 responses: 1 in English, 1 in Welsh.
  await expect(page.locator('main table').first()).toContainText(/2\s*1\s*1/);
  await expect(
    page.getByRole('link', {
      name: /^Why did you use the pre-referral check\?: Someone suggested I use it – remove this filter/,
    }),
  ).toBeVisible();
  await expect(page.locator('main')).toContainText('Fewer than 30 responses match these filters');
  await expectNoViolations(page, 'team overview checkbox segment en');

  // Without JavaScript, in Welsh, on the question's page: both ticked it (100%).
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const nojs = await context.newPage();
  await nojs.goto(
    `${site}/team/questions/barring/whyDidYouUseThePreReferralCheck?from=${day}&to=${day}&lang=cy`,
  );
  await nojs.getByText('Dewis pa ymatebion').click();
  await nojs
    .getByLabel('Dim ond ymatebion a atebodd')
    .selectOption({ label: 'Awgrymodd rhywun y dylwn ei ddefnyddio' });
  await nojs.getByRole('button', { name: 'Hidlo' }).click();
  await expect(nojs).toHaveURL(/answer=whyDidYouUseThePreReferralCheck%3ASomeone\+suggested\+it/);
  await expect(
    nojs.getByRole('row', { name: /Awgrymodd rhywun y dylwn ei ddefnyddio/ }),
  ).toContainText(/2\s*100%/);
  const url = nojs.url();
  await context.close();
  await page.goto(url);
  await expectNoViolations(page, 'team question checkbox segment cy');
});
