// A score by another answer, the figures of a question several surveys share, and the words
// people use (issue 35 item 3) in Chromium at 320 px: reached from a question's page, with and
// without JavaScript, in English and Welsh, no page scrolling sideways, each checked with axe.
// The figures themselves are worked out by hand in tests/team/{crosstab,pooled,words-page}.test.ts.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { enrol, inviteLink, origin } from './helpers/team';

const DAY = 24 * 60 * 60 * 1000;

/** Responses to the basic survey from the last few days, with a word only this test uses. */
function seed(word: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const save = (answers: Record<string, string>, lang: 'en' | 'cy') =>
    insert.run(
      randomUUID(),
      'basic',
      'e2e',
      new Date(Date.now() - 2 * DAY).toISOString(),
      JSON.stringify({ ...answers, serviceName: 'basic-dbs-check' }),
      lang,
    );
  for (let i = 0; i < 3; i++)
    save({ howSatisfied: '5', didYouTryOnline: 'Yes', howToImprove: `The ${word} was slow` }, 'en');
  save({ howSatisfied: '1', didYouTryOnline: 'No', howToImprove: `Roedd ${word} yn araf` }, 'cy');
  db.close();
}

/** The page fits 320 px: nothing scrolls sideways but a table in its own box. */
async function fits(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('crosstab, pooled figures and words, with and without JavaScript, in English and Welsh, at 320 px', async ({
  page,
  browser,
  baseURL,
}) => {
  const site = origin(baseURL);
  const word = `quokka${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'qrstuvwxyz'.charAt(Number(d)))}`;
  seed(word);
  await enrol(page, await inviteLink(baseURL, `crosstab-${Date.now()}@example.gov.uk`, 'analyst'));
  await page.setViewportSize({ width: 320, height: 900 });

  // From a question's page to its breakdown; another question chosen with the form.
  await page.goto(`${site}/team/questions/basic/howSatisfied`);
  await page.getByRole('link', { name: 'Break this down by another answer' }).click();
  await expect(page).toHaveURL(/\/team\/crosstab\?survey=basic&score=howSatisfied/);
  await page.getByLabel('Broken down by').selectOption('didYouTryOnline');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/by=didYouTryOnline/);
  await expect(page.locator('caption').first()).toContainText(/how satisfied/i);
  await expect(page.getByRole('link', { name: 'Download this table (CSV)' })).toBeVisible();
  await fits(page);
  await expectNoViolations(page, 'team crosstab en');
  await page.getByRole('link', { name: 'Cymraeg', exact: true }).click();
  await expect(page).toHaveURL(/by=didYouTryOnline.*lang=cy/);
  await expect(page.getByRole('columnheader', { name: 'Wedi ateb' })).toBeVisible();
  await fits(page);
  await expectNoViolations(page, 'team crosstab cy');
  // A wrong question: the error summary, in the page's language.
  await page.goto(`${site}/team/crosstab?survey=basic&score=howSatisfied&by=howToImprove`);
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoViolations(page, 'team crosstab error en');

  // The question several surveys ask, from its page.
  await page.goto(`${site}/team/questions/basic/howSatisfied?lang=cy`);
  await page
    .getByRole('link', { name: 'Gweld y cwestiwn hwn ym mhob arolwg sy’n ei ofyn' })
    .click();
  await expect(page).toHaveURL(/\/team\/pooled\?question=howSatisfied/);
  await expect(page.getByRole('rowheader', { name: /Yr holl arolygon hyn/ })).toBeVisible();
  await fits(page);
  await expectNoViolations(page, 'team pooled cy');
  await page.goto(page.url().replace('&lang=cy', ''));
  await fits(page);
  await expectNoViolations(page, 'team pooled en');

  // The words people use, from the themes page, to a theme made of one.
  await page.goto(`${site}/team/themes`);
  await page.getByRole('link', { name: 'Words people use' }).click();
  await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}survey=basic`);
  await expect(page.getByRole('rowheader', { name: word }).first()).toBeVisible();
  await fits(page);
  await expectNoViolations(page, 'team words en');
  await page.goto(`${page.url()}&lang=cy`);
  await expect(page.getByRole('heading', { name: 'Atebion yn Gymraeg' })).toBeVisible();
  await fits(page);
  await expectNoViolations(page, 'team words cy');
  await page.goto(`${site}/team/words?survey=basic`);
  await page
    .getByRole('link', { name: `Make a theme “${word}”` })
    .first()
    .click();
  await expect(page.getByLabel('Name')).toHaveValue(word);

  // Without JavaScript, the same session: the question form and the segment form keep each other.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 320, height: 900 },
  });
  const nojs = await context.newPage();
  await nojs.goto(`${site}/team/crosstab?survey=basic&lang=cy`);
  await nojs.getByLabel('Wedi’i rannu yn ôl').selectOption('didYouTryOnline');
  await nojs.getByRole('button', { name: 'Dangos' }).click();
  await expect(nojs).toHaveURL(/by=didYouTryOnline/);
  await nojs.getByText('Dewis pa ymatebion').click();
  await nojs.getByLabel('Iaith yr ymateb').selectOption('cy');
  await nojs.getByRole('button', { name: 'Hidlo' }).click();
  await expect(nojs).toHaveURL(/respondentLang=cy/);
  await expect(nojs).toHaveURL(/by=didYouTryOnline/);
  await expect(nojs.locator('table')).toHaveCount(1);
  await context.close();
});
