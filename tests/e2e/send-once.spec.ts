// Sending happens once with JavaScript: the run's key (made at Start, kept with the answers in
// localStorage) goes with each send, so two tabs pressing Send store one row, and Back after
// sending shows a page of the service.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { enumeratePaths, findPage } from '../../engine';
import { expect, STORAGE_KEY, storedState, test } from './helpers/fixtures';
import { submitButton, urlOf } from './helpers/journey';
import { pathOf, STANDARD, surveys } from './helpers/surveys';

const basic = surveys.find((s) => s.id === 'basic')!;

/** How many rows of basic hold `marker` in their answers. */
function rowsWith(marker: string): number {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'), { readonly: true });
  try {
    const found = db
      .prepare(
        "SELECT COUNT(*) AS n FROM feedback WHERE survey_id = ? AND answers LIKE '%' || ? || '%'",
      )
      .get(basic.id, marker) as { n: number };
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
