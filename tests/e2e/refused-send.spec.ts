// A Send the feedback API refuses, with JavaScript (issue 34, item 4): too busy (503) or the
// client over its limit (429) shows the "try again later" page in the page's language, says the
// answers are kept on this device and leads back to them; going back shows the form as it was,
// and sending again stores the row the data dictionary describes: nothing is lost.
import type { Page } from '@playwright/test';
import type { Answers, Lang, ResolvedSurvey } from '../../engine';
import { answersForPage } from './helpers/answers';
import { documentedSubmission } from './helpers/documented';
import { expect, test, visit } from './helpers/fixtures';
import {
  FEEDBACK_PATH,
  fillPage,
  headingOf,
  planThrough,
  submitButton,
  urlOf,
  walk,
} from './helpers/journey';
import { rowsSince } from './helpers/rows';
import { needed, pathOf, surveys, ui } from './helpers/surveys';

const multiPage = needed(
  surveys.find((s) => s.layout !== 'single' && s.pages.some((p) => p.submit)),
  'a multi-page survey',
);
const onePage = surveys.find((s) => s.layout === 'single');

/** On the sending page with its answers filled in, not yet sent: every answer of the run. */
async function readyToSend(page: Page, survey: ResolvedSurvey, lang: Lang): Promise<Answers> {
  const last = survey.pages.find((p) => p.submit)!;
  const plan = planThrough(survey, last.id);
  let saved: Answers = {};
  if (survey.layout === 'single') await page.goto(pathOf(lang, survey));
  else ({ saved } = await walk(page, survey, lang, plan, { stopAt: last.id, checks: false }));
  const entered = answersForPage(survey, last, saved, plan);
  await fillPage(page, last, saved, entered);
  return { ...saved, ...entered };
}

const REASON = { 503: 'unavailable.busyP1', 429: 'unavailable.limitP1' } as const;

const cases: { survey: ResolvedSurvey; lang: Lang; status: 503 | 429 }[] = [
  { survey: multiPage, lang: 'en', status: 503 },
  { survey: multiPage, lang: 'cy', status: 503 },
  { survey: multiPage, lang: 'en', status: 429 },
  { survey: multiPage, lang: 'cy', status: 429 },
  ...(onePage ? [{ survey: onePage, lang: 'cy' as Lang, status: 503 as const }] : []),
];

for (const { survey, lang, status } of cases)
  test(`${lang}: ${survey.layout === 'single' ? 'the one-page survey' : 'a multi-page survey'}'s Send refused with ${status}: the busy page, the way back, nothing lost`, async ({
    page,
  }) => {
    const since = new Date().toISOString();
    const answers = await readyToSend(page, survey, lang);
    const last = survey.pages.find((p) => p.submit)!;
    // The API refuses the first Send only.
    let refused = 0;
    await page.route(`**${FEEDBACK_PATH}`, (route) =>
      refused++ === 0
        ? route.fulfill({
            status,
            contentType: 'application/json',
            headers: { 'retry-after': '60' },
            body: '{}',
          })
        : route.continue(),
    );
    await submitButton(page).click();

    const main = page.locator('main');
    await expect(page.locator('h1')).toHaveText(ui(lang, 'unavailable.title'));
    await expect(page.locator('h1'), 'announced as a new page').toBeFocused();
    await expect(main).toContainText(ui(lang, REASON[status]));
    await expect(main).toContainText(ui(lang, 'unavailable.keptDevice'));
    await expect(main).not.toContainText(ui(lang, 'error.title'));
    expect((await page.title()).startsWith(ui(lang, 'unavailable.title'))).toBe(true);
    await visit(page, `${lang}/${survey.id}/refused-${status}`);

    await main.getByRole('link', { name: ui(lang, 'unavailable.back') }).click();
    await expect(page.locator('h1')).toContainText(headingOf(last, lang));
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, survey, last.id)));
    expect((await page.title()).startsWith(headingOf(last, lang)), 'its own title again').toBe(
      true,
    );
    // The form as it was: sent again as it stands, it stores every answer of the run.
    await submitButton(page).click();
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, survey, 'finish')));
    expect(refused).toBe(2);
    expect(rowsSince(survey, since)).toContainEqual(documentedSubmission(survey, answers));
  });
