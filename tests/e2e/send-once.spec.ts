// Sending happens once with JavaScript: the run's key (made at Start, kept with the answers in
// localStorage) goes with each send, so two tabs pressing Send store one row, and Back after
// sending shows a page of the service. Without JavaScript the one-page survey's form carries a
// one-time key the server made for it, so a double tap on its Send stores one row too. Back after
// sending the one-page survey, then Send again, stores nothing more, with and without JavaScript.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import type { Lang } from '../../engine';
import { enumeratePaths, findPage } from '../../engine';
import { expect, live, STORAGE_KEY, storedState, test } from './helpers/fixtures';
import { fillPage, submitButton, urlOf } from './helpers/journey';
import { LANGS, pathOf, STANDARD, surveys } from './helpers/surveys';

const basic = surveys.find((s) => s.id === 'basic')!;
/** The one-page survey, found by its layout. */
const onePage = surveys.find((s) => s.layout === 'single')!;

/** How many rows of `survey` (basic unless said) hold `marker` in their answers. */
function rowsWith(marker: string, survey = basic): number {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'), { readonly: true });
  try {
    const found = db
      .prepare(
        "SELECT COUNT(*) AS n FROM feedback WHERE survey_id = ? AND answers LIKE '%' || ? || '%'",
      )
      .get(survey.id, marker) as { n: number };
    return found.n;
  } finally {
    db.close();
  }
}

test('two tabs of one run both pressing Send store one row; Back after sending shows the finish page', async ({
  context,
  page,
}) => {
  // A path through a free-text page, to mark this run's row apart from other tests' rows.
  const path = enumeratePaths(basic).find((p) =>
    p.pages.some((id) => findPage(basic, id)?.fields.some((f) => f.name === 'howToImprove')),
  )!;
  const marker = `Two tabs ${Date.now()}`;
  await page.goto(pathOf('en', basic));
  await page.getByRole('button', { name: basic.start?.button?.en ?? STANDARD.en.startNow }).click();
  await expect(page).toHaveURL(urlOf(page, pathOf('en', basic, path.pages[0]!)));
  // The answers of the whole path, as if typed page by page; the run (and its key) is the app's.
  await page.evaluate(
    ([key, answers]) => {
      const stored = JSON.parse(localStorage.getItem(key!)!) as { state: { answers: unknown } };
      stored.state.answers = JSON.parse(answers!);
      localStorage.setItem(key!, JSON.stringify(stored));
    },
    [STORAGE_KEY, JSON.stringify({ ...path.answers, howToImprove: marker })],
  );
  expect((await storedState(page))?.runKey).toMatch(/^[A-Za-z0-9_-]{22}$/);

  const last = pathOf('en', basic, path.pages.at(-1)!);
  const other = await context.newPage();
  await page.goto(last);
  await other.goto(last);
  // Each form's validation arrives after the page (src/pages): both tabs ready, as a respondent's would be.
  await Promise.all([page, other].map((tab) => tab.waitForLoadState('networkidle')));
  await Promise.all([submitButton(page).click(), submitButton(other).click()]);
  const finish = pathOf('en', basic, 'finish');
  await expect(page).toHaveURL(urlOf(page, finish));
  await expect(other).toHaveURL(urlOf(other, finish));
  expect(rowsWith(marker)).toBe(1);

  // Back after sending: the service says it was sent (the finish page), never a browser error.
  await page.goBack();
  await expect(page).toHaveURL(urlOf(page, finish));
  await expect(page.locator('h1, .govuk-panel__title').first()).toBeVisible();
  expect(rowsWith(marker)).toBe(1);
});

test('with JavaScript the one-page form carries the run key the app sends', async ({ page }) => {
  await page.goto(pathOf('en', onePage));
  await live(page);
  const runKey = (await storedState(page))?.runKey;
  expect(runKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(page.locator('input[name="submission-key"]')).toHaveValue(String(runKey));
});

/** Sends the one-page survey in `lang` with a marked answer, presses Back, and presses Send
 *  again if a form is shown (answered as before): one row is stored and the finish page shown. */
async function sendBackSend(page: Page, lang: Lang, marker: string) {
  const form = onePage.pages[0]!;
  const text = form.fields.find((field) => field.type === 'textarea')!;
  const answers = { ...enumeratePaths(onePage)[0]!.answers, [text.name]: marker };
  await page.goto(pathOf(lang, onePage));
  await fillPage(page, form, {}, answers);
  const finish = pathOf(lang, onePage, 'finish');
  await submitButton(page).click();
  await expect(page).toHaveURL(urlOf(page, finish));
  await expect.poll(() => rowsWith(marker, onePage)).toBe(1);
  await page.goBack();
  // The form again (from the browser's history) or the finish page: either way Send stores nothing.
  const panel = page.locator('.govuk-panel__title');
  await expect(panel.or(submitButton(page)).first()).toBeVisible();
  if (!(await panel.isVisible())) {
    // Answered as before (the browser may have kept what was typed; typed again if not).
    await fillPage(page, form, {}, answers);
    await submitButton(page).click();
    await expect(page).toHaveURL(urlOf(page, finish));
  }
  await expect(panel).toBeVisible();
  expect(rowsWith(marker, onePage)).toBe(1);
}

for (const lang of LANGS)
  test(`${lang}: with JavaScript, the one-page survey sent, Back, and Send again stores one row`, async ({
    page,
  }) => {
    await sendBackSend(page, lang, `Back and send ${lang} ${Date.now()}`);
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of LANGS)
    test(`${lang}: a double tap on the one-page survey's Send stores one row and shows the finish page`, async ({
      page,
    }) => {
      const form = onePage.pages[0]!;
      // Every field of the page answered (its first path's answers), a free-text one with a marker.
      const text = form.fields.find((field) => field.type === 'textarea')!;
      const marker = `Double tap ${lang} ${Date.now()}`;
      const answers = { ...enumeratePaths(onePage)[0]!.answers, [text.name]: marker };
      await page.goto(pathOf(lang, onePage));
      await fillPage(page, form, {}, answers);
      // A double tap on a slow connection: the first post reaches the server (which stores it)
      // but its answer is held back until the second tap has posted the same form again.
      const address = pathOf(lang, onePage);
      let firstStored!: () => void;
      const stored = new Promise<void>((resolve) => (firstStored = resolve));
      let release!: () => void;
      const secondTap = new Promise<void>((resolve) => (release = resolve));
      // No wait without an end: a post that never comes fails the test, saying so.
      const within = <T>(promise: Promise<T>, what: string) =>
        Promise.race([
          promise,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${what} within 15 s`)), 15_000),
          ),
        ]);
      let posts = 0;
      await page.route(
        (url) => url.pathname === address,
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          posts += 1;
          if (posts > 1) return route.continue();
          const answer = await route.fetch({ maxRedirects: 0 });
          firstStored();
          await within(secondTap, 'the second tap').catch(() => undefined);
          // The browser has given up on the first post for the second: nothing to answer.
          await route.fulfill({ response: answer }).catch(() => undefined);
        },
      );
      // Taps where the button is (the page is still on screen while its post is on the way).
      // A tap lands only on the screen: the button is scrolled into view first (below the fold,
      // its coordinates are off the screen, and a tap there reaches nothing), and it must be the
      // element at that point.
      const button = submitButton(page);
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const hit = await page.evaluate(
        ([px, py]) => document.elementFromPoint(px!, py!)?.closest('button')?.textContent ?? null,
        [x, y],
      );
      expect(hit, 'the Send button is under the tap').toBe(await button.textContent());
      const tap = () => page.mouse.click(x, y);
      await tap();
      await within(stored, 'the first post reached the server');
      await tap();
      const finish = pathOf(lang, onePage, 'finish');
      await expect(page).toHaveURL(urlOf(page, finish));
      release();
      expect(posts).toBe(2);
      await expect.poll(() => rowsWith(marker, onePage)).toBe(1);
      await expect(page.locator('.govuk-panel__title')).toBeVisible();
    });

  for (const lang of LANGS)
    test(`${lang}: the one-page survey sent, Back, and Send again stores one row`, async ({
      page,
    }) => {
      await sendBackSend(page, lang, `Back and send without JavaScript ${lang} ${Date.now()}`);
    });
});
