// Every survey a third time (issues 26 and 34): with JavaScript, but every script and stylesheet
// held back (route interception) part of the way: the entry script, the app, its chunks and the
// full stylesheet, so the page is only its HTML (and its own inline script). A multi-page journey
// starts with the app live, reloads a page a third of the way along with everything held, answers
// pages while it is held (the forms post to the server, which carries on from the answers saved in
// this browser: see docs/architecture.md, 'Nothing typed is lost'), and either lets the scripts
// arrive two pages later and sends with the app live, or sends while they are still held. The
// one-page survey is filled in while they are held, and they arrive halfway through or not before
// Send. What is held is how a page arrives, not where the answers lead, so the journeys held are
// those that reach a new page (heldPlans): each in English and Welsh, the first with every field
// (Other and revealed fields, drawn open without the entry script) in one of the two. The row
// stored must be what the data dictionary says is sent, as with JavaScript (journeys.spec.ts) and
// without (nojs.spec.ts), which walk every other journey.
import type { Page } from '@playwright/test';
import { findPage, pageFields, typeOf, visibleFields } from '../../engine';
import type { Answers, Lang, ResolvedPage, ResolvedSurvey } from '../../engine';
import { answersForPage, pageAfter, walkedIn, type Plan } from './helpers/answers';
import { documentedSubmission } from './helpers/documented';
import { expect, test } from './helpers/fixtures';
import {
  choiceOf,
  expectPath,
  FEEDBACK_PATH,
  fillPage,
  headingOf,
  startSurvey,
  submitButton,
} from './helpers/journey';
import { rowsSince } from './helpers/rows';
import { LANGS, pathOf, STANDARD, surveys } from './helpers/surveys';

/** Every script and stylesheet file (the page's own inline script and styles are its HTML). */
const FILES = /\.(js|css)(\?|$)/;

/** Holds every request for a script or stylesheet until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(FILES, async (route) => {
    await gate;
    // A page left while its script was held has cancelled the request.
    await route.continue().catch(() => {});
  });
  return release;
}

// The suite's page fixture waits for the app after goto and reload (fixtures.ts), which here
// would wait until the entry script gave up on it: the page's own methods are called instead,
// waiting only for the page to come (its load event waits for the held entry script).
const navigation = (page: Page) => Object.getPrototypeOf(page) as Page;

async function appLive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
}

/** Nothing but the HTML has run: the entry script would have marked the page as loading. */
async function scriptsHeld(page: Page): Promise<void> {
  expect(await page.locator('html').getAttribute('data-app'), 'every script is held').toBeNull();
}

/** The pages the plan goes through, skip links included, as the committed docs' path has them. */
function stepsOf(survey: ResolvedSurvey, plan: Plan): string[] {
  const steps: string[] = [];
  for (let id = survey.pages[0]!.id; id !== 'finish';) {
    steps.push(id);
    const current = findPage(survey, id)!;
    if (plan.skipAll && current.skip) id = current.skip;
    else id = current.submit ? 'finish' : pageAfter(plan, id);
  }
  return steps;
}

/** On this page of the journey: its address (whatever draft it carries) and its heading. */
async function expectOn(page: Page, survey: ResolvedSurvey, lang: Lang, pageId: string) {
  await expectPath(page, pathOf(lang, survey, pageId));
  await expect(page.locator('h1')).toContainText(headingOf(findPage(survey, pageId)!, lang));
}

/** Presses the page's button; with the app live, Send must be stored by the feedback API. */
async function pressSubmit(page: Page, sendLive: boolean): Promise<void> {
  if (!sendLive) return submitButton(page).click();
  const stored = page.waitForResponse(
    (r) => new URL(r.url()).pathname === FEEDBACK_PATH && r.request().method() === 'POST',
  );
  await submitButton(page).click();
  expect((await stored).status(), 'the feedback API stores it').toBe(201);
}

async function expectFinish(page: Page, survey: ResolvedSurvey, lang: Lang): Promise<void> {
  await expectPath(page, pathOf(lang, survey, 'finish'));
  await expect(page.locator('.govuk-panel--confirmation')).toContainText(
    survey.finish.panelTitle[lang],
  );
}

interface Schedule {
  steps: string[];
  /** The step reloaded with every script held. */
  holdAt: number;
  /** The step on which the scripts are let through (steps.length: sent while held). */
  releaseAt: number;
}

/**
 * Held from a third of the way; let through two pages later, or never when `sendHeld`. Pages
 * where a choice reveals a question are held too: without the entry script it is drawn open.
 */
function scheduleOf(survey: ResolvedSurvey, plan: Plan, sendHeld: boolean): Schedule {
  const steps = stepsOf(survey, plan);
  // The one-page survey is held from the start; the scripts arrive halfway through filling it in.
  if (survey.layout === 'single') return { steps, holdAt: 0, releaseAt: sendHeld ? 1 : 0 };
  const holdAt = Math.max(1, Math.floor(steps.length / 3));
  const releaseAt = sendHeld ? steps.length : holdAt + 2;
  if (holdAt >= steps.length || (!sendHeld && releaseAt >= steps.length))
    throw new Error(`${plan.name}: no page to hold the scripts on as planned`);
  return { steps, holdAt, releaseAt };
}

/** A multi-page journey: live, then held from a reload, then live again or not. */
async function walkHeld(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  plan: Plan,
  { steps, holdAt, releaseAt }: Schedule,
): Promise<Answers> {
  await startSurvey(page, survey, lang, false);
  let saved: Answers = {};
  let release = () => {};
  for (const [i, pageId] of steps.entries()) {
    await expectOn(page, survey, lang, pageId);
    if (i === holdAt) {
      release = await holdScripts(page);
      await navigation(page).reload.call(page, { waitUntil: 'commit' });
      await expectOn(page, survey, lang, pageId);
    }
    if (i === releaseAt) {
      release();
      await appLive(page);
    }
    if (i >= holdAt && i < releaseAt) await scriptsHeld(page);
    // Pages after the first held one come from the server, which carries on in a draft.
    if (i > holdAt && i <= releaseAt)
      expect(new URL(page.url()).searchParams.get('draft'), 'a server draft').toBeTruthy();
    const current = findPage(survey, pageId)!;
    if (plan.skipAll && current.skip) {
      await page.getByRole('link', { name: STANDARD[lang].skip, exact: true }).click();
      continue;
    }
    const entered = answersForPage(survey, current, saved, plan);
    await fillPage(page, current, saved, entered);
    saved = { ...saved, ...entered };
    await pressSubmit(page, !!current.submit && i >= releaseAt);
  }
  await expectFinish(page, survey, lang);
  return saved;
}

/** The answers are on the page as entered: nothing ticked or typed was dropped. Checked once the
 *  app is live, when the form has been drawn again from the saved answers: no need to wait. */
async function expectEntered(page: Page, current: ResolvedPage, answers: Answers) {
  const now = { timeout: 1000 };
  for (const field of pageFields(current)) {
    const value = answers[field.name];
    if (value === undefined) continue;
    for (const { name, control, values } of typeOf(field).entry(field, value)) {
      if (control !== 'text')
        for (const v of values) await expect(choiceOf(page, name, v)).toBeChecked(now);
      else await expect(page.locator(`[name="${name}"]`)).toHaveValue(values[0] ?? '', now);
    }
  }
}

/** The one-page survey filled in with every script held: they arrive halfway through, or not before Send. */
async function fillHeld(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  plan: Plan,
  { releaseAt }: Schedule,
): Promise<Answers> {
  const sendHeld = releaseAt > 0;
  const release = await holdScripts(page);
  await navigation(page).goto.call(page, pathOf(lang, survey), { waitUntil: 'commit' });
  const only = survey.pages[0]!;
  await expect(page.locator('h1')).toContainText(headingOf(only, lang));
  await scriptsHeld(page);
  const entered = answersForPage(survey, only, {}, plan);
  // The first half of what is shown as drawn; the rest (revealed fields too) after.
  const shown = visibleFields(only, {}).filter((f) => entered[f.name] !== undefined);
  const first = new Set(shown.slice(0, Math.ceil(shown.length / 2)).map((f) => f.name));
  const part = (inFirst: boolean) =>
    Object.fromEntries(Object.entries(entered).filter(([name]) => first.has(name) === inFirst));
  await fillPage(page, only, {}, part(true));
  if (!sendHeld) {
    release();
    await appLive(page);
    await expectEntered(page, only, part(true));
  } else await scriptsHeld(page);
  await fillPage(page, only, part(true), part(false));
  if (sendHeld) await scriptsHeld(page);
  await pressSubmit(page, !sendHeld);
  await expectFinish(page, survey, lang);
  return entered;
}

/**
 * The journeys walked with the scripts held: each one that reaches a page no earlier one does, in
 * English and Welsh. The first is walked with every field (the rich plan on the same path) in one
 * language, taking turns by survey, and with the required answers in the other. English is sent
 * with the app live and Welsh while held, so each language and each kind of plan is sent both ways
 * across the surveys.
 */
function heldPlans(survey: ResolvedSurvey, order: number): { plan: Plan; lang: Lang }[] {
  const walks = walkedIn(survey, order, 'with JavaScript');
  const first = walks.find((w) => w.covers)!.plan;
  const rich = walks.find(
    (w) => w.plan.style === 'rich' && !w.plan.skipAll && w.plan.pages.join() === first.pages.join(),
  )?.plan;
  const richIn: Lang = order % 2 === 0 ? 'cy' : 'en';
  return walks
    .filter((w) => w.covers)
    .flatMap(({ plan }) =>
      LANGS.map((lang) => ({
        plan: plan === first && rich && lang === richIn ? rich : plan,
        lang,
      })),
    );
}

for (const [order, survey] of surveys.entries()) {
  test.describe(`${survey.id} with every script and stylesheet held back`, () => {
    for (const { plan, lang } of heldPlans(survey, order)) {
      const schedule = scheduleOf(survey, plan, lang === 'cy');
      const sentHeld = schedule.releaseAt >= schedule.steps.length;
      const single = survey.layout === 'single';
      test(`${lang}: ${plan.name}, ${sentHeld ? 'sent while held' : 'sent once live'}`, async ({
        page,
      }) => {
        const since = new Date().toISOString();
        const saved = await (single ? fillHeld : walkHeld)(page, survey, lang, plan, schedule);
        // Nothing typed is lost on the way: the row is the data dictionary's for every answer.
        expect(rowsSince(survey, since)).toContainEqual(documentedSubmission(survey, saved));
      });
    }
  });
}
