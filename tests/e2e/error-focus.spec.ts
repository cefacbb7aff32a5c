// After a failed submit the error summary has the keyboard's focus (issue 34, item 2), as GOV.UK
// Frontend's script gives it: without JavaScript (the server's page alone) on every survey, in
// English and Welsh, and on the team's forms; with JavaScript on every failed submit. Each survey's
// first page that can be refused is found on its first documented path, so a new survey is
// covered with no test edited.
import { test as base, type Browser, type Page } from '@playwright/test';
import { findPage, typeOf, visibleFields } from '../../engine';
import type { Answers, Lang, ResolvedPage, ResolvedSurvey } from '../../engine';
import { answersForPage, pageAfter, plansFor, requiredFields } from './helpers/answers';
import { expect, test } from './helpers/fixtures';
import { fillPage, headingOf, submitButton } from './helpers/journey';
import { enrol, inviteLink, origin } from './helpers/team';
import { LANGS, needed, pathOf, surveys } from './helpers/surveys';

/** What entered on a page is refused: nothing where a field is required, else one letter in a
 *  text field that needs two or more. Undefined when the page takes anything. */
function refusedEntry(page: ResolvedPage): Answers | undefined {
  if (requiredFields(page, {}).length) return {};
  const short = visibleFields(page, {}).find(
    (field) =>
      (field.minLength ?? 0) >= 2 &&
      typeOf(field)
        .entry(field, 'x')
        .every((entry) => entry.control === 'text'),
  );
  return short ? { [short.name]: 'x' } : undefined;
}

/** The survey's first page on its first documented path that can be refused, and that path. */
function targetOf(survey: ResolvedSurvey) {
  const plan = plansFor(survey)[0]!;
  const page = needed(
    plan.pages.map((id) => findPage(survey, id)!).find((one) => refusedEntry(one)),
    `a page of ${survey.id} that refuses something`,
  );
  return { plan, page, refused: refusedEntry(page)! };
}

/** Starts the survey and answers the pages before the target, pressing only buttons. */
async function walkTo(page: Page, survey: ResolvedSurvey, lang: Lang) {
  const { plan, page: target } = targetOf(survey);
  await page.goto(pathOf(lang, survey));
  if (survey.layout !== 'single') await page.locator('.govuk-button--start').click();
  let saved: Answers = {};
  for (let id = plan.pages[0]!; id !== target.id; id = pageAfter(plan, id)) {
    const current = findPage(survey, id)!;
    await expect(page.locator('h1')).toContainText(headingOf(current, lang));
    const entered = answersForPage(survey, current, saved, plan);
    await fillPage(page, current, saved, entered);
    saved = { ...saved, ...entered };
    await submitButton(page).click();
  }
  await expect(page.locator('h1')).toContainText(headingOf(target, lang));
  return saved;
}

/** Presses the button with the refused entry twice: each time the summary has the focus. */
async function expectSummaryFocused(page: Page, survey: ResolvedSurvey, saved: Answers) {
  const { page: target, refused } = targetOf(survey);
  const summary = page.locator('.govuk-error-summary');
  for (const attempt of [1, 2]) {
    await fillPage(page, target, saved, refused);
    await submitButton(page).click();
    await expect(summary, `failed submit ${attempt}`).toBeVisible();
    await expect(summary, `failed submit ${attempt}`).toBeFocused();
    // Somewhere else before the next attempt, so that focus must move again.
    await page.locator('main h1, main legend').first().click();
    await expect(summary).not.toBeFocused();
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const survey of surveys)
    for (const lang of LANGS)
      test(`${lang}: ${survey.id}: the error summary takes focus after each failed submit`, async ({
        page,
      }) => {
        const saved = await walkTo(page, survey, lang);
        await expectSummaryFocused(page, survey, saved);
      });
});

for (const [i, survey] of surveys.entries()) {
  const lang = LANGS[i % LANGS.length]!;
  test(`with JavaScript, ${lang}: ${survey.id}: the error summary takes focus after each failed submit`, async ({
    page,
  }) => {
    const saved = await walkTo(page, survey, lang);
    await expectSummaryFocused(page, survey, saved);
  });
}

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
