// Scores over time and dated notes in the browser, at 320 px, in English and Welsh, with and
// without JavaScript: an analyst adds a note through the form (its errors first), the overview
// shows the weekly CSAT with its interval and the note's text beside it, and every page passes axe
// and does not scroll sideways. Responses of no known language are seeded, so the filter
// `respondentLang=unknown` leaves out other tests' responses. Figures worked out by hand.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { enrol, inviteLink, origin } from './helpers/team';

const DAY = 24 * 60 * 60 * 1000;

/** Four responses at noon UTC on `day` (three "Very satisfied", one "Very dissatisfied"). */
function seed(day: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, NULL)',
  );
  for (const howSatisfied of ['5', '5', '5', '1'])
    insert.run(
      randomUUID(),
      'basic',
      'e2e',
      `${day}T12:00:00.000Z`,
      JSON.stringify({ howSatisfied, serviceName: 'basic-dbs-check' }),
    );
  db.close();
}

async function fitsAndPasses(page: Page, key: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoViolations(page, key);
}

/** The CSAT trend's table rows, as text. */
const csatRows = (page: Page, caption: string) =>
  page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tbody tr')
    .allInnerTexts();

test('an analyst notes a date and reads the weekly CSAT against it, with and without JavaScript', async ({
  page,
  browser,
  baseURL,
}) => {
  const site = origin(baseURL);
  const day = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
  seed(day);
  await enrol(page, await inviteLink(baseURL, `trends-${Date.now()}@example.gov.uk`, 'analyst'));
  await page.setViewportSize({ width: 320, height: 900 });
  const note = `Phone line ${randomUUID().slice(0, 8)}`;

  // The form's errors, then the note.
  await page.goto(`${site}/team/notes`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.govuk-error-summary')).toContainText('Enter the note');
  await fitsAndPasses(page, 'notes-errors-en');
  await page.getByLabel('Date').fill(day);
  await page.getByLabel('Note', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('h1')).toHaveText('Notes');
  await expect(page.locator('table')).toContainText(note);
  await fitsAndPasses(page, 'notes-en');

  // 3 of 4 satisfied: 75%, Wilson's 95% interval 30.1% to 95.4%; fewer than 30 answers.
  const overview = `${site}/team?survey=basic&respondentLang=unknown&from=${day}&to=${day}`;
  await page.goto(overview);
  const [row] = await csatRows(page, 'Satisfied (CSAT) each week');
  expect(row).toContain('75% (95% interval 30% to 95%)');
  expect(row).toContain('4 Fewer than 30 answers');
  expect(row).toContain(note);
  await expect(page.locator('ol.govuk-list--number')).toContainText(note);
  await expect(page.getByText('Days are UK time.')).toBeVisible();
  await fitsAndPasses(page, 'trends-en');
  await page.goto(`${overview}&period=month&lang=cy`);
  const [month] = await csatRows(page, 'Bodlon (CSAT) bob mis');
  expect(month).toContain('75% (Cyfwng hyder 95% 30% i 95%)');
  await fitsAndPasses(page, 'trends-cy');
  await page.goto(`${site}/team/notes?lang=cy`);
  await page.getByRole('button', { name: 'Ychwanegu nodyn' }).click();
  await expect(page.locator('.govuk-error-summary')).toContainText('Rhowch y nodyn');
  await fitsAndPasses(page, 'notes-errors-cy');

  // Without JavaScript: the same session in a browser that runs no scripts (axe needs them: the
  // server's HTML is the same as above, checked there).
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 320, height: 900 },
  });
  const plain = await noScript.newPage();
  await plain.goto(`${overview}&lang=cy`);
  const [welshWeek] = await csatRows(plain, 'Bodlon (CSAT) bob wythnos');
  expect(welshWeek).toContain(note);
  await plain.goto(`${site}/team/notes?lang=cy`);
  await plain.getByRole('button', { name: 'Ychwanegu nodyn' }).click();
  await expect(plain.locator('.govuk-error-summary')).toContainText('Rhowch y nodyn');
  const ours = plain.locator('tr', { hasText: note });
  await ours.getByRole('button', { name: /^Dileu/ }).click();
  await expect(plain.locator('h1')).toHaveText('Nodiadau');
  await expect(plain.locator('main')).not.toContainText(note);
  await noScript.close();
});
