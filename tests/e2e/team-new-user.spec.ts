// Tried as a new user would (issue 25): five respondents answer the basic survey through its
// pages (one in Welsh, one without JavaScript), then an analyst compares two periods, looks at
// a segment and adds a theme, and every figure shown is checked against one worked out by hand
// below. The built server's clock cannot be set, so the test puts its own responses in two
// periods in the past: each stored row is deleted and inserted again with a chosen date (the
// database's triggers count an insert as any other).
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { enrol, inviteLink } from './helpers/team';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
// Days no other test stores responses on (team-narrow.spec.ts seeds every sixth day from day 1,
// team-analysis.spec.ts this week, four weeks ago and day 77).
const EARLIER = 123;
const CHOSEN = 62;

interface Respondent {
  lang: 'en' | 'cy';
  js: boolean;
  sector: string;
  satisfied: string;
  text: string;
  daysAgo: number;
}

/** Answers the basic survey through its pages: each radio by value, then the page's button. */
async function answer(browser: Browser, site: string, r: Respondent) {
  const context = await browser.newContext({ javaScriptEnabled: r.js });
  const page = await context.newPage();
  await page.goto(`${site}/${r.lang}/basic`);
  const chosen: Record<string, string> = {
    whyDidYouApply: 'Job',
    whichSector: r.sector,
    whichSubSector: 'Education',
    howDidYouVerify: 'Online',
    npsResult: '8',
    helpNeeded: 'No',
    howSatisfied: r.satisfied,
  };
  const thanks = r.lang === 'en' ? 'Thank you for your feedback' : 'Diolch am eich adborth';
  for (let step = 0; step < 15; step++) {
    await page.waitForLoadState('load');
    if (new URL(page.url()).pathname.endsWith('/finish')) break;
    const radio = page.locator('main input[type=radio]').first();
    if (await radio.count()) {
      const name = (await radio.getAttribute('name'))!;
      const value = chosen[name];
      await (value ? page.locator(`main input[name="${name}"][value="${value}"]`) : radio).check();
    }
    const box = page.locator('main textarea[name="howToImprove"]');
    if (await box.count()) await box.fill(r.text);
    const before = page.url();
    const heading = await page.locator('main h1').first().textContent();
    await page.locator('main .govuk-button').first().click();
    await page.waitForURL((url) => url.href !== before);
    // The app changes the address first and draws the next page after it (React Router): on a
    // busy machine the old page is still on screen for a moment, and acting on it would answer
    // the wrong question. Wait for the next page itself.
    await expect(page.locator('main h1').first()).not.toHaveText(heading ?? '');
  }
  await expect(page.getByText(thanks)).toBeVisible();
  await context.close();
}

/** The test's rows, found by their text, stored again `daysAgo` days ago (midday UTC). */
function redate(stamp: string, respondents: Respondent[]) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  db.pragma('busy_timeout = 5000');
  const rows = db
    .prepare('SELECT * FROM feedback WHERE answers LIKE ?')
    .all(`%${stamp}%`) as Record<string, unknown>[];
  expect(rows).toHaveLength(respondents.length);
  db.transaction(() => {
    for (const row of rows) {
      const r = respondents.find((x) => (row.answers as string).includes(JSON.stringify(x.text)))!;
      db.prepare('DELETE FROM feedback WHERE id = ?').run(row.id);
      const at = `${ymd(r.daysAgo)}T12:00:00.000Z`;
      db.prepare(
        'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(row.id, row.survey_id, row.definition_hash, at, row.answers, row.lang);
    }
  })();
  db.close();
}

test('a new analyst sees the comparison, a segment and a theme of answers given through the survey', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const site = `http://localhost:${new URL(baseURL!).port}`;
  const stamp = `${Date.now()}`;
  const word = `kiwi${stamp}`;
  const respondents: Respondent[] = [
    // The earlier period: 2 responses, 1 satisfied (50%), 1 with the theme's word.
    {
      lang: 'en',
      js: true,
      sector: 'Private',
      satisfied: '5',
      text: `The ${word} page`,
      daysAgo: EARLIER,
    },
    {
      lang: 'en',
      js: false,
      sector: 'Public',
      satisfied: '1',
      text: `Too long ${stamp}a`,
      daysAgo: EARLIER,
    },
    // The chosen period: 3 responses, 2 satisfied (4 or 5: 66.7%), 2 with the word (one Welsh).
    {
      lang: 'en',
      js: true,
      sector: 'Private',
      satisfied: '4',
      text: `Slow ${word} check`,
      daysAgo: CHOSEN,
    },
    {
      lang: 'cy',
      js: true,
      sector: 'Private',
      satisfied: '5',
      text: `Roedd y ${word} yn iawn`,
      daysAgo: CHOSEN,
    },
    {
      lang: 'en',
      js: false,
      sector: 'Public',
      satisfied: '2',
      text: `Fine ${stamp}b`,
      daysAgo: CHOSEN,
    },
  ];
  for (const r of respondents) await answer(browser, site, r);
  redate(stamp, respondents);
  await enrol(page, await inviteLink(baseURL!, `new-user-${stamp}@example.gov.uk`, 'analyst'));

  const periods = `from=${ymd(CHOSEN)}&to=${ymd(CHOSEN)}&beforeFrom=${ymd(EARLIER)}&beforeTo=${ymd(EARLIER)}`;
  const main = page.locator('main');

  // The overview of the chosen day: 3 responses, 2 in English and 1 in Welsh.
  await page.goto(`${site}/team?survey=basic&from=${ymd(CHOSEN)}&to=${ymd(CHOSEN)}`);
  await expect(main.locator('table').first()).toContainText(/3\s*2\s*1/);
  await expect(main).toContainText('Fewer than 30 responses match these filters');

  // The comparison: responses 2 -> 3; satisfaction 50% -> 66.7% (2 of 3), too few to test.
  await page.goto(`${site}/team/compare?survey=basic&${periods}`);
  await expect(main).toContainText('Responses rose from 2 to 3.');
  await expect(main).toContainText(
    'Satisfaction (CSAT) rose from 50% to 66.7%; there are too few answers to tell',
  );
  // With 2 and 3 answers no share's test can be made, unchanged ones included: never "No".
  await expect(main.locator('td', { hasText: /^No$/ })).toHaveCount(0);
  await expect(main.locator('td', { hasText: /^Too few answers to tell$/ }).first()).toBeVisible();
  await expectNoViolations(page, 'team new user compare en');
  await page.goto(`${site}/team/compare?survey=basic&${periods}&lang=cy`);
  await expect(main).toContainText('Cododd nifer yr ymatebion o 2 i 3.');
  await expect(main.locator('td', { hasText: /^Nac ydy$/ })).toHaveCount(0);
  await expectNoViolations(page, 'team new user compare cy');

  // A segment, chosen in the form: private sector only. Chosen period: 2 responses, both
  // satisfied (100%); earlier: 1, satisfied (100%).
  await page.goto(`${site}/team/compare?survey=basic&${periods}`);
  await page.getByText('Choose which responses').click();
  await page.getByLabel('Only responses that answered').selectOption({ label: 'Private sector' });
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/answer=whichSector%3APrivate/);
  await expect(main).toContainText('Responses rose from 1 to 2.');
  await expect(main).toContainText('Satisfaction (CSAT) stayed at 100%.');

  // A theme of the word: 1 of 2 earlier (50%), 2 of 3 in the chosen period (66.7%), the
  // Welsh answer among them.
  await page.goto(`${site}/team/themes`);
  await page.getByRole('button', { name: 'Add a theme' }).click();
  await page.getByLabel('Name').fill(`Kiwi ${stamp}`);
  await page.getByLabel('Words or phrases in English').fill(word);
  await page.getByRole('button', { name: 'Save theme' }).click();
  await page.goto(`${site}/team/themes?survey=basic&${periods}`);
  await expect(page.getByRole('row', { name: new RegExp(`Kiwi ${stamp}`) })).toContainText(
    /1 of 2 \(50%\)\s*2 of 3 \(66\.7%\)/,
  );
  await expectNoViolations(page, 'team new user themes en');
});
