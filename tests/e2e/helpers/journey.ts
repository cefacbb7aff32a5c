// Drives one survey in the browser the way a respondent would, along a path from the committed
// docs (see answers.ts), checking each page: address, caption ('Question x of y'), back link, language toggle, and the
// submission body against the data dictionary's rules for exactly what was typed (./documented.ts).
import type { Locator, Page, Request } from '@playwright/test';
import {
  offeredOptions,
  backOf,
  findPage,
  progressOf,
  typeOf,
  visibleFields,
} from '../../../engine';
import type {
  Answers,
  AnswerValue,
  Lang,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
  Text,
} from '../../../engine';
import { answersForPage, pageAfter, plansFor, type Plan } from './answers';
import { documentedSubmission } from './documented';
import { expect, live, storedState, visit } from './fixtures';
import { pathOf, STANDARD, ui } from './surveys';

export const FEEDBACK_PATH = '/api/feedback';
export const DEFAULT_API_KEY = 'local-development-key';

/** The address a test should be on, absolute, for toHaveURL. */
export function urlOf(page: Page, path: string): string {
  return new URL(path, page.url()).href;
}

/**
 * The page's address has this path, whatever its query (a draft). Waits for the navigation that
 * brings it (from the moment its response arrives, so a page whose scripts are held counts), at
 * most as long as an assertion waits, then asserts it.
 */
export async function expectPath(page: Page, path: string): Promise<void> {
  await page
    .waitForURL((url) => url.pathname === path, { waitUntil: 'commit', timeout: 10_000 })
    .catch(() => {});
  expect(new URL(page.url()).pathname).toBe(path);
}

function quoted(value: string): string {
  return JSON.stringify(value);
}

/** The first input of a field: its id is the field name (GOV.UK idPrefix convention). */
export function inputOf(page: Page, name: string) {
  return page.locator(`[id=${quoted(name)}]`);
}

export function choiceOf(page: Page, name: string, value: string) {
  return page.locator(`input[name=${quoted(name)}][value=${quoted(value)}]`);
}

/** An input a respondent types into, by the name it posts. */
function textInput(page: Page, name: string) {
  return page.locator(`input[name=${quoted(name)}], textarea[name=${quoted(name)}]`);
}

// What to fill in for a value is the field type's to say (engine/fields: `entry`).
async function fillField(page: Page, field: ResolvedField, value: AnswerValue): Promise<void> {
  for (const entry of typeOf(field).entry(field, value)) {
    if (entry.control === 'text') await textInput(page, entry.name).fill(entry.values[0] ?? '');
    else for (const v of entry.values) await choiceOf(page, entry.name, v).check();
  }
}

/** Presses Tab until the target has focus (the keyboard's way of getting somewhere). */
export async function tabTo(page: Page, target: Locator, max = 100): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function keyField(page: Page, field: ResolvedField, value: AnswerValue): Promise<void> {
  for (const { name, control, values } of typeOf(field).entry(field, value)) {
    if (control === 'radio') {
      // Tab enters an unchosen group on its first radio; Space chooses it, arrows move the choice.
      const radios = page.locator(`input[type=radio][name=${quoted(name)}]`);
      const offered = await radios.evaluateAll((els) =>
        els.map((el) => (el as HTMLInputElement).value),
      );
      await tabTo(page, radios.first());
      await page.keyboard.press('Space');
      for (let i = 0; i < offered.indexOf(values[0]!); i++) await page.keyboard.press('ArrowDown');
      await expect(choiceOf(page, name, values[0]!)).toBeChecked();
    } else if (control === 'checkbox') {
      for (const v of values) {
        await tabTo(page, choiceOf(page, name, v));
        await page.keyboard.press('Space');
        await expect(choiceOf(page, name, v)).toBeChecked();
      }
    } else {
      await tabTo(page, textInput(page, name));
      await page.keyboard.type(values[0] ?? '');
      await expect(textInput(page, name)).toHaveValue(values[0] ?? '');
    }
  }
}

type EnterField = (page: Page, field: ResolvedField, value: AnswerValue) => Promise<void>;

/** Enters the answers in page order, so options reveal their fields before those are filled. */
async function enterPage(
  enter: EnterField,
  page: Page,
  current: ResolvedPage,
  saved: Answers,
  entered: Answers,
): Promise<void> {
  const done = new Set<string>();
  for (let round = 0; round < 5; round++) {
    const todo = visibleFields(current, { ...saved, ...entered }).filter(
      (f) => entered[f.name] !== undefined && !done.has(f.name),
    );
    if (todo.length === 0) return;
    for (const field of todo) {
      await enter(page, field, entered[field.name]!);
      done.add(field.name);
    }
  }
}

/** Fills a page's answers with clicks and typing. */
export const fillPage = (page: Page, current: ResolvedPage, saved: Answers, entered: Answers) =>
  enterPage(fillField, page, current, saved, entered);

/** fillPage with the keyboard only: Tab, Space, arrow keys and typing. */
export const keyPage = (page: Page, current: ResolvedPage, saved: Answers, entered: Answers) =>
  enterPage(keyField, page, current, saved, entered);

/** Activates a link or button: a click, or Tab to it and Enter. */
async function press(page: Page, target: Locator, keyboard: boolean): Promise<void> {
  if (!keyboard) return target.click();
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** The definition's words on this page as shown with these answers: heading, body, labels, hints, options. */
function pageTexts(current: ResolvedPage, answers: Answers): Text[] {
  const fields = visibleFields(current, answers);
  return [
    ...(current.heading ? [current.heading] : []),
    ...(current.body ?? []),
    ...fields.flatMap((f) => [f.label, ...(f.hint ? [f.hint] : [])]),
    ...fields.flatMap((f) =>
      offeredOptions(f, answers).flatMap((o) => [o.label, ...(o.hint ? [o.hint] : [])]),
    ),
  ];
}

/** The page shows the definition's words in its language, and a Welsh page has no untranslated ones. */
async function expectContent(
  page: Page,
  current: ResolvedPage,
  saved: Answers,
  lang: Lang,
): Promise<void> {
  const texts = pageTexts(current, saved);
  const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  const missing = texts.map((t) => t[lang].replace(/\s+/g, ' ')).filter((t) => !shown.includes(t));
  expect(missing, `definition text not shown on ${current.id}`).toEqual([]);
  if (lang === 'cy') {
    // Words only (not '0' to '10'): the same text in both languages is a missing translation.
    const untranslated = texts
      .filter((t) => t.en === t.cy && /[a-z]{2}/i.test(t.en))
      .map((t) => t.en);
    expect(untranslated, `English left on the Welsh ${current.id}`).toEqual([]);
  }
}

export function headingOf(current: ResolvedPage, lang: Lang): string {
  return current.heading?.[lang] ?? current.fields[0]!.label[lang];
}

/** The layout of a question page: language, heading, caption, back link, language toggle. */
export async function expectQuestionFrame(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  current: ResolvedPage,
  saved: Answers,
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const heading = page.locator('h1');
  await expect(heading).toContainText(headingOf(current, lang));
  await expectContent(page, current, saved, lang);

  const caption = page.locator('.govuk-caption-l');
  if (survey.progress) {
    const { position, total } = progressOf(survey, current.id, saved);
    await expect(caption).toHaveText(STANDARD[lang].progress(position, total));
  } else {
    await expect(caption).toHaveCount(0);
  }

  const back = page.locator('a.govuk-back-link');
  if (current.backLink === false || survey.layout === 'single') {
    await expect(back).toHaveCount(0);
  } else {
    await expect(back).toHaveAttribute(
      'href',
      pathOf(lang, survey, backOf(survey, current.id, saved)),
    );
    await expect(back).toHaveText(ui(lang, 'common.back'));
  }
  await expectLanguageToggle(
    page,
    lang,
    survey.languageToggle !== false && current.languageToggle !== false,
  );
}

export async function expectLanguageToggle(page: Page, lang: Lang, shown: boolean): Promise<void> {
  const other: Lang = lang === 'en' ? 'cy' : 'en';
  const link = page.locator('.govuk-language-navigation a');
  if (!shown) {
    await expect(page.locator('.govuk-language-navigation')).toHaveCount(0);
    return;
  }
  const here = new URL(page.url()).pathname;
  await expect(link).toHaveText(other === 'cy' ? 'Cymraeg' : 'English');
  await expect(link).toHaveAttribute('href', here.replace(/^\/(en|cy)/, `/${other}`));
}

export function buttonText(current: ResolvedPage, lang: Lang): string {
  return (
    current.button?.[lang] ?? (current.submit ? ui(lang, 'common.submit') : STANDARD[lang].continue)
  );
}

export function submitButton(page: Page) {
  return page.locator('form button.govuk-button');
}

export interface Sent {
  request: Request;
  status: number;
}

/** Clicks the submit button, letting the POST through to the real server, and returns what was sent. */
export async function submitAndCapture(page: Page, click: () => Promise<void>): Promise<Sent> {
  const seen: Request[] = [];
  await page.route(`**${FEEDBACK_PATH}`, async (route) => {
    seen.push(route.request());
    await route.continue();
  });
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === FEEDBACK_PATH && r.request().method() === 'POST',
  );
  await click();
  const answered = await response;
  await page.unroute(`**${FEEDBACK_PATH}`);
  expect(seen, 'one POST to the feedback API').toHaveLength(1);
  return { request: seen[0]!, status: answered.status() };
}

export async function expectSubmission(
  sent: Sent,
  expected: Record<string, string>,
): Promise<void> {
  const headers = await sent.request.allHeaders();
  expect(sent.request.method()).toBe('POST');
  expect(headers['x-api-key']).toBe(process.env.VITE_API_KEY || DEFAULT_API_KEY);
  expect(headers['content-type']).toMatch(/^application\/json/);
  expect(sent.request.postDataJSON()).toEqual(expected);
  expect(sent.status, 'the server stores the submission').toBe(201);
}

export async function expectFinish(page: Page, survey: ResolvedSurvey, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(urlOf(page, pathOf(lang, survey, 'finish')));
  await expect(page.locator('.govuk-panel--confirmation')).toContainText(
    survey.finish.panelTitle[lang],
  );
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // RESET: nothing of the run stays on the device.
  await expect.poll(async () => (await storedState(page))?.answers ?? {}).toEqual({});
  expect((await storedState(page))?.inProgress ?? false).toBe(false);
}

/** Opens the survey and presses Start (a one-page survey opens on its only page). */
export async function startSurvey(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  scan = true,
  keyboard = false,
): Promise<void> {
  await page.goto(pathOf(lang, survey));
  // A walk with JavaScript acts on the live app; a page that is not live yet posts to the server
  // instead (a spec on plain Playwright, without the fixtures' goto, would race it).
  await live(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (survey.layout === 'single') return;
  const start = survey.start!;
  await expect(page.locator('h1')).toHaveText(start.heading[lang]);
  await expect(page.locator('a.govuk-back-link')).toHaveCount(0);
  await expectLanguageToggle(page, lang, survey.languageToggle !== false);
  const button = page.locator('.govuk-button--start');
  await expect(button).toHaveText(start.button?.[lang] ?? STANDARD[lang].startNow);
  if (scan) await visit(page, `${lang}/${survey.id}/start`);
  await press(page, button, keyboard);
}

export interface Walked {
  visited: string[];
  /** What the store holds now: the answers of every page submitted. */
  saved: Answers;
}

/**
 * Walks a survey following a plan. Every page is checked against the engine unless
 * `checks` is false; with `stopAt` the walk ends on arriving at that page, before answering it;
 * with `keyboard` nothing is clicked: Tab, Space, Enter, arrow keys and typing only.
 */
export async function walk(
  page: Page,
  survey: ResolvedSurvey,
  lang: Lang,
  plan: Plan,
  {
    stopAt,
    checks = true,
    keyboard = false,
  }: { stopAt?: string; checks?: boolean; keyboard?: boolean } = {},
): Promise<Walked> {
  await startSurvey(page, survey, lang, checks, keyboard);
  const visited: string[] = [];
  let saved: Answers = {};
  let pageId = survey.pages[0]!.id;
  while (pageId !== 'finish') {
    const current = findPage(survey, pageId)!;
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, survey, pageId)));
    if (pageId === stopAt) return { visited, saved };
    visited.push(pageId);
    if (checks) {
      await expectQuestionFrame(page, survey, lang, current, saved);
      await visit(page, `${lang}/${survey.id}/${pageId}`);
    }

    if (plan.skipAll && current.skip) {
      const skip = page.getByRole('link', { name: STANDARD[lang].skip, exact: true });
      // The link forgets the page's answers on the way (the server does it without JavaScript).
      await expect(skip).toHaveAttribute('href', `${pathOf(lang, survey, current.id)}/skip`);
      await press(page, skip, keyboard);
      pageId = current.skip;
      continue;
    }

    const entered = answersForPage(survey, current, saved, plan);
    await (keyboard ? keyPage : fillPage)(page, current, saved, entered);
    const answers = { ...saved, ...entered };
    const button = submitButton(page);
    await expect(button).toHaveText(buttonText(current, lang));
    if (current.submit) {
      const sent = await submitAndCapture(page, () => press(page, button, keyboard));
      await expectSubmission(sent, documentedSubmission(survey, answers));
      pageId = 'finish';
    } else {
      await press(page, button, keyboard);
      // Where the committed doc's path goes next, not where the engine would route.
      pageId = pageAfter(plan, pageId);
    }
    saved = answers;
  }
  if (stopAt) throw new Error(`The walk never reached ${stopAt} (visited ${visited.join(' ')})`);
  await expectFinish(page, survey, lang);
  if (checks) await visit(page, `${lang}/${survey.id}/finish`);
  return { visited, saved };
}

/** A plan that answers only what is required, along the first path through this page. */
export function planThrough(survey: ResolvedSurvey, pageId: string): Plan {
  const plan = plansFor(survey).find(
    (p) => p.style === 'minimal' && !p.skipAll && p.pages.includes(pageId),
  );
  if (!plan) throw new Error(`No path of ${survey.id} passes ${pageId}`);
  return plan;
}
