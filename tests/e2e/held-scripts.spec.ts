// Nothing typed is lost whenever the app arrives (issue 26, item 3): the app's script is held
// back (route interception) at the start, on a reload mid-survey and while it hydrates, and
// the respondent ticks, types, skips and presses Continue meanwhile. The sending page and a
// tick before hydration are in hydration.spec.ts.
import type { BrowserContext, Page } from '@playwright/test';
import { enumeratePaths, findPage, type Answers } from '../../engine';
import { expect, STORAGE_KEY, storedState, test } from './helpers/fixtures';
import { submitButton } from './helpers/journey';
import { database } from './helpers/rows';
import { pathOf, STANDARD, surveys, ui } from './helpers/surveys';

const basic = surveys.find((s) => s.id === 'basic')!;
const APP = /\/assets\/app-[^/]*\.js$/;

/** A page whose app is held until `release()`, with `answers` of basic saved in this browser. */
async function held(context: BrowserContext, answers?: Answers) {
  if (answers)
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        STORAGE_KEY,
        JSON.stringify({
          state: { surveyName: basic.id, answers, inProgress: true, lastActivity: Date.now() },
          version: 0,
        }),
      ],
    );
  const page = await context.newPage();
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP, async (route) => {
    await gate;
    await route.continue();
  });
  return { page, release };
}

const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'live');

test('at the start: Start and the first page answered while the app is held go on, and the app takes them over', async ({
  context,
}) => {
  const { page, release } = await held(context);
  await page.goto(pathOf('en', basic));
  await page.getByRole('button', { name: basic.start?.button?.en ?? STANDARD.en.startNow }).click();
  await expect(page).toHaveURL(/\/en\/basic\/q1\?draft=/);
  await page.locator('input[name="whyDidYouApply"][value="Job"]').check();
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/en\/basic\/q2\?draft=/);
  release();
  await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
  expect((await storedState(page))?.answers).toMatchObject({ whyDidYouApply: 'Job' });
});

test('a reload mid-survey: Skip while the app is held goes to the skipped-to page, no timeout', async ({
  context,
}) => {
  const answers = {
    whyDidYouApply: 'Job',
    whichSector: 'Third',
    howDidYouVerify: 'Online',
  };
  const { page } = await held(context, answers);
  await page.goto(pathOf('en', basic, 'q5'));
  await page.getByRole('link', { name: ui('en', 'common.skipQuestion') }).click();
  await expect(page).toHaveURL(/\/en\/basic\/q8\?draft=/);
  await expect(page.locator('h1')).not.toHaveText(ui('en', 'timeout.title'));
  // The answers go on from there: Continue reaches the contact page.
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/en\/basic\/q9\?draft=/);
});

/** The Third-sector path of basic up to q8 (an optional free-text page), as the docs list it. */
const thirdSector = enumeratePaths(basic).find((p) => !p.pages.includes('q3'))!;
const beforeQ8 = thirdSector.pages.slice(0, thirdSector.pages.indexOf('q8'));

/** Types into q8's text box while the app arrives, hydrates and loads the answers; then checks
 *  that all of it is in the box and, after Continue, in the saved answers. */
async function typeWhileArriving(page: Page, release: () => void, next: RegExp) {
  const box = page.locator('textarea[name="howToImprove"]');
  await box.click();
  let typed = 'Before';
  await page.keyboard.type(typed);
  release();
  // One letter at a time while the app arrives, hydrates and loads the saved answers.
  for (let i = 0; i < 400 && !(await isLive(page)); i++) {
    await page.keyboard.type('x');
    typed += 'x';
  }
  expect(await isLive(page)).toBe(true);
  await page.keyboard.type(' after');
  typed += ' after';
  await expect(box).toHaveValue(typed);
  await submitButton(page).click();
  await expect(page).toHaveURL(next);
  expect((await storedState(page))?.answers).toMatchObject({ howToImprove: typed });
}

test('a reload mid-survey: text typed while the app arrives and hydrates is all kept', async ({
  context,
}) => {
  const { page, release } = await held(context, thirdSector.answers);
  await page.goto(pathOf('en', basic, 'q8'));
  await typeWhileArriving(page, release, /\/en\/basic\/q9$/);
});

test('pages answered on the server: text typed while the app arrives on a draft page is all kept', async ({
  context,
}) => {
  const { page, release } = await held(context);
  await page.goto(pathOf('en', basic));
  await page.getByRole('button', { name: basic.start?.button?.en ?? STANDARD.en.startNow }).click();
  for (const id of beforeQ8) {
    await expect(page).toHaveURL(new RegExp(`/en/basic/${id}\\?draft=`));
    const step = findPage(basic, id)!;
    for (const field of step.fields)
      await page
        .locator(`input[name="${field.name}"][value="${String(thirdSector.answers[field.name])}"]`)
        .check();
    await submitButton(page).click();
  }
  await expect(page).toHaveURL(/\/en\/basic\/q8\?draft=/);
  await typeWhileArriving(page, release, /\/en\/basic\/q9/);
});

test('the sending page: contact details typed while the app is held are sent with the saved answers', async ({
  context,
}) => {
  const marker = `Held send ${Date.now()}`;
  const { page } = await held(context, { ...thirdSector.answers, howToImprove: marker });
  await page.goto(pathOf('en', basic, 'q9'));
  await page.locator('input[name="firstName"]').fill('Sam');
  await page.locator('input[name="lastName"]').fill('Jones');
  await page.locator('input[name="email"]').fill('sam@example.com');
  await submitButton(page).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf('en', basic, 'finish')}$`));
  const db = database();
  const rows = db
    .prepare("SELECT answers FROM feedback WHERE survey_id = ? AND answers LIKE '%' || ? || '%'")
    .all(basic.id, marker) as { answers: string }[];
  db.close();
  expect(rows.map((row) => JSON.parse(row.answers) as Record<string, string>)).toEqual([
    expect.objectContaining({
      howToImprove: marker,
      firstName: 'Sam',
      lastName: 'Jones',
      email: 'sam@example.com',
    }),
  ]);
});

// A question an option reveals (GOV.UK's conditional reveal) must open while the app is held:
// the entry script's support class hides closed ones, and until it gave up (10 s) nothing opened them.
test('an option that reveals a question opens it while the app is held, and the page goes on', async ({
  context,
}) => {
  const eResult = surveys.find((s) => s.id === 'e-result')!;
  const [first, second] = eResult.pages;
  const { page } = await held(context);
  await page.goto(pathOf('en', eResult));
  await page
    .getByRole('button', { name: eResult.start?.button?.en ?? STANDARD.en.startNow })
    .click();
  await expect(page).toHaveURL(new RegExp(`/en/e-result/${first!.id}\\?draft=`));
  await page.locator('input[name="howManyTimes"][value="0"]').check();
  await submitButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/en/e-result/${second!.id}\\?draft=`));
  const revealed = page.locator('input[name="typeOfJob"]');
  await expect(revealed).toBeHidden();
  await page.locator('input[name="isForJob"][value="Yes"]').check();
  // Well before the entry script would give up on the app.
  await expect(revealed).toBeVisible({ timeout: 2000 });
  await revealed.fill('Care worker');
  await page.locator('input[name="isForJob"][value="No"]').check();
  await expect(revealed).toBeHidden({ timeout: 2000 });
  await page.locator('input[name="isForJob"][value="Yes"]').check();
  await expect(revealed).toHaveValue('Care worker');
  expect(await isLive(page)).toBe(false);
  await submitButton(page).click();
  await expect(page).not.toHaveURL(new RegExp(`/en/e-result/${second!.id}\\?`));
  await expect(page.locator('.govuk-error-summary')).toHaveCount(0);
});

// The same for a field a choice on its page shows by rule (e-result q1: any of 1 to 5).
test('a choice that shows a question by rule opens it while the app is held', async ({
  context,
}) => {
  const eResult = surveys.find((s) => s.id === 'e-result')!;
  const { page } = await held(context);
  await page.goto(pathOf('en', eResult));
  await page
    .getByRole('button', { name: eResult.start?.button?.en ?? STANDARD.en.startNow })
    .click();
  const who = page.locator('input[name="whoSharingTo"]');
  await expect(page.locator('input[name="howManyTimes"]').first()).toBeVisible();
  await expect(who).toBeHidden();
  await page.locator('input[name="howManyTimes"][value="2"]').check();
  await expect(who).toBeVisible({ timeout: 2000 });
  await page.locator('input[name="howManyTimes"][value="NA"]').check();
  await expect(who).toBeHidden({ timeout: 2000 });
  await page.locator('input[name="howManyTimes"][value="5"]').check();
  await who.fill('An employer', { timeout: 2000 });
  expect(await isLive(page)).toBe(false);
  await submitButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/en/e-result/${eResult.pages[1]!.id}\\?draft=`));
});

test('a reload mid-survey: a tick made after hydration, while the survey definition is held, is kept', async ({
  context,
}) => {
  // The app is live in two steps: it hydrates and loads the saved answers, then its loaders run
  // again, which fetch the survey's definition chunk. Held here, the page is the app's but not
  // yet 'live': a tick then must survive the loaders' return.
  const { page } = await held(context, { whyDidYouApply: 'Job' });
  await page.unroute(APP);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/basic-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(pathOf('en', basic, 'q2'));
  // Hydrated: React has taken over the radio (its fiber is on the element).
  await page.waitForFunction(() => {
    const radio = document.querySelector('input[name="whichSector"]');
    return !!radio && Object.keys(radio).some((key) => key.startsWith('__reactFiber'));
  });
  const sector = page.locator('input[name="whichSector"][value="Private"]');
  await sector.check();
  expect(await isLive(page)).toBe(false);
  release();
  await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
  await expect(sector).toBeChecked();
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/en\/basic\/q3$/);
  expect((await storedState(page))?.answers).toMatchObject({ whichSector: 'Private' });
});
