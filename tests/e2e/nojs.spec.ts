// Every generated journey again with JavaScript switched off: the server renders each page,
// forms post to it (Post/Redirect/Get, the draft named in the address), and the row it stores
// must be what the data dictionary (docs/surveys/<id>.md) says is sent for the answers entered.
// On the way, the first page that can refuse what is entered is sent something it refuses: the
// error summary must take the focus (issue 34, item 2), in every survey and both languages (the
// journeys that reach a new page) and with JavaScript switched off in each survey (the others).
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { findPage } from '../../engine';
import type { Answers, Lang, ResolvedSurvey } from '../../engine';
import { answersForPage, pageAfter, walkedIn, type Plan } from './helpers/answers';
import { documentedSubmission } from './helpers/documented';
import { expect, test, visit } from './helpers/fixtures';
import { expectPath, fillPage, submitButton } from './helpers/journey';
import { expectRefusalFocused, refusedEntry } from './helpers/refused';
import { database, rowsSince } from './helpers/rows';
import { expectInlineStylesComplete } from './helpers/styles';
import { detailsOnFirstPage, LANGS, pathOf, STANDARD, surveys, ui } from './helpers/surveys';

/** Whether the draft named by this token still holds answers (once sent it is kept empty, marked sent). */
function draftStored(token: string): boolean {
  const db = database();
  try {
    const hash = createHash('sha256').update(token).digest('hex');
    const row = db.prepare('SELECT answers, sent_at FROM draft WHERE id_hash = ?').get(hash) as
      { answers: string; sent_at: string | null } | undefined;
    return row !== undefined && (row.sent_at === null || row.answers !== '{}');
  } finally {
    db.close();
  }
}

/** The page's path, whatever draft the address carries. */
async function expectAt(page: Page, lang: Lang, survey: ResolvedSurvey, target: string) {
  await expectPath(page, pathOf(lang, survey, target));
}

/** A journey with the plan's answers, clicking only what works without a script. */
async function walkWithoutScript(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  plan: Plan,
  scan = false,
) {
  await page.goto(pathOf(lang, survey));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (survey.layout !== 'single') {
    await expect(page.locator('h1')).toHaveText(survey.start!.heading[lang]);
    await page.locator('.govuk-button--start').click();
  }
  let saved: Answers = {};
  const sent: { at: string; draft: string | null } = { at: '', draft: null };
  let pageId = survey.pages[0]!.id;
  let refusedChecked = false;
  while (pageId !== 'finish') {
    const current = findPage(survey, pageId)!;
    await expectAt(page, lang, survey, pageId);
    if (survey.layout !== 'single')
      expect(new URL(page.url()).searchParams.get('draft'), 'the draft is in the address').toMatch(
        /^[A-Za-z0-9_-]{22}$/,
      );
    if (scan) {
      // The address changes when the new page starts to arrive; scan it once it is styled.
      await page.waitForLoadState('load');
      await visit(page, `nojs/${lang}/${survey.id}/${pageId}`);
      await expectInlineStylesComplete(page, `nojs/${lang}/${survey.id}/${pageId}`);
    }
    if (plan.skipAll && current.skip) {
      await page.getByRole('link', { name: STANDARD[lang].skip, exact: true }).click();
      pageId = current.skip;
      continue;
    }
    // The first page on the way that can refuse what is entered does, once: its error summary
    // takes the focus from the server's page alone (the summary's autofocus).
    const refused = refusedChecked ? undefined : refusedEntry(current);
    if (refused) {
      await expectRefusalFocused(page, current, saved, refused);
      refusedChecked = true;
    }
    const entered = answersForPage(survey, current, saved, plan);
    await fillPage(page, current, saved, entered);
    saved = { ...saved, ...entered };
    if (current.submit) {
      sent.at = new Date().toISOString();
      sent.draft = new URL(page.url()).searchParams.get('draft');
    }
    await submitButton(page).click();
    pageId = current.submit ? 'finish' : pageAfter(plan, pageId);
  }
  // The journeys scanned with axe go through every page in both languages: each meets one.
  if (scan) expect(refusedChecked, `a page of ${survey.id} that refuses something`).toBe(true);
  await expectAt(page, lang, survey, 'finish');
  await expect(page.locator('.govuk-panel--confirmation')).toContainText(
    survey.finish.panelTitle[lang],
  );
  return { saved, sent };
}

type Walked = Awaited<ReturnType<typeof walkWithoutScript>>;

/** Stored when Send was pressed as the data dictionary says it is sent, and its draft gone. */
function expectStored(survey: ResolvedSurvey, { saved, sent }: Walked) {
  // Only a stored submission deletes the draft; other journeys may store rows at the same time.
  expect(rowsSince(survey, sent.at)).toContainEqual(documentedSubmission(survey, saved));
  if (survey.layout !== 'single') expect(draftStored(sent.draft!)).toBe(false);
}

// The plans that reach a new page, in English and Welsh, are the accessibility walks (below); the
// others in one language each, the opposite one to the walk with JavaScript (walkedIn).
for (const [order, survey] of surveys.entries()) {
  test.describe(`${survey.id} without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });
    for (const { plan, langs, covers } of walkedIn(survey, order, 'without JavaScript')) {
      if (covers) continue;
      for (const lang of langs)
        test(`${lang}: ${plan.name}`, async ({ page }) => {
          expectStored(survey, await walkWithoutScript(page, survey, lang, plan));
        });
    }
  });
}

test.describe('controls that need a script, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of LANGS)
    test(`${lang}: a character count shows its limit, not a count that cannot follow the typing`, async ({
      page,
    }) => {
      // Its details box shows open without a script.
      await page.goto(pathOf(lang, detailsOnFirstPage));
      await page.getByRole('button', { name: ui(lang, 'common.startNow') }).click();
      await expect(page).toHaveURL(/\?draft=/);
      const count = page.locator('.govuk-character-count').first();
      const limit = count.locator('.govuk-character-count__message[id$="-info"]');
      await expect(limit).toBeVisible();
      const max = Number(await count.getAttribute('data-maxlength'));
      const plural = new Intl.PluralRules(lang).select(max);
      const limitText = ui(lang, `characterCount.description_${plural}`, { count: max });
      await expect(limit).toHaveText(limitText);
      await expect(count.locator('.govuk-character-count__status')).toBeHidden();
      // A screen reader is given the limit too, not a count that stays as drawn.
      await expect(count.locator('.govuk-character-count__sr-status')).toBeHidden();
      await expect(count.locator('textarea')).toHaveAccessibleDescription(limitText);
    });

  for (const lang of LANGS)
    test(`${lang}: a question a choice on the same page shows is there to answer with it`, async ({
      page,
    }) => {
      // e-result q1: "who will you share it with" follows any of 1 to 5 (a rule, not an option's
      // reveal). Without a script it must be on the page, not first met in an error message.
      const eResult = surveys.find((s) => s.id === 'e-result')!;
      await page.goto(pathOf(lang, eResult));
      await page.getByRole('button', { name: ui(lang, 'common.startNow') }).click();
      const who = page.locator('input[name="whoSharingTo"]');
      await expect(who).toBeVisible();
      await page.locator('input[name="howManyTimes"][value="2"]').check();
      await who.fill('A letting agent');
      await submitButton(page).click();
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/e-result/${eResult.pages[1]!.id}\\?draft=`),
      );
      await expect(page.locator('.govuk-error-summary')).toHaveCount(0);
    });

  for (const lang of LANGS)
    test(`${lang}: offers the cookies page, not a Hide button that could do nothing`, async ({
      page,
    }) => {
      await page.goto(pathOf(lang, surveys[0]!));
      const banner = page.getByRole('region', { name: ui(lang, 'cookieBanner.ariaLabel') });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: ui(lang, 'cookieBanner.more') })).toBeVisible();
      await expect(
        banner.getByRole('button', { name: ui(lang, 'cookieBanner.hide') }),
      ).toBeHidden();
    });
});

// axe needs a script in the page, so here the page's own scripts are refused instead: the
// browser shows exactly the server's HTML, as with JavaScript off (only the page's inline script
// runs, which carries nothing in a fresh browser). Each page is also checked to be styled by its
// inline rules exactly as by the full stylesheet, and the row stored as without JavaScript.
for (const [order, survey] of surveys.entries())
  for (const { plan, langs, covers } of walkedIn(survey, order, 'without JavaScript')) {
    if (!covers) continue;
    for (const lang of langs)
      test(`${lang}: every no-JavaScript page of ${survey.id} on ${plan.name} is accessible`, async ({
        page,
      }) => {
        await page.route('**/assets/*.js', (route) => route.abort());
        expectStored(survey, await walkWithoutScript(page, survey, lang, plan, true));
      });
  }
