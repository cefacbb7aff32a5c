// Validation, failure and dead-end screens. Each page type is found in the definitions, the
// messages expected are the engine's (validatePage) in the page's language.
import type { Page } from '@playwright/test';
import { validatePage } from '../../engine/validation';
import type { Answers, AnswerValue, Lang, ResolvedPage, ResolvedSurvey } from '../../engine';
import { pageFields } from '../../engine/flow';
import { answersForPage } from './helpers/answers';
import { expect, storedState, test, visit } from './helpers/fixtures';
import {
  choiceOf,
  fillPage,
  inputOf,
  planThrough,
  submitButton,
  urlOf,
  walk,
  FEEDBACK_PATH,
} from './helpers/journey';
import { LANGS, messageText, needed, pathOf, STANDARD, surveys, ui } from './helpers/surveys';

interface Target {
  survey: ResolvedSurvey;
  page: ResolvedPage;
}

/** The first page (in definition order) that satisfies the test. */
function firstPageWhere(
  test: (page: ResolvedPage, survey: ResolvedSurvey) => boolean,
): Target | undefined {
  for (const survey of surveys)
    for (const page of survey.pages) if (test(page, survey)) return { survey, page };
  return undefined;
}

const tooLong = (max: number) => 'x'.repeat(max + 1);

interface Attempt {
  what: string;
  /** Answers to enter before pressing the button (on top of the page as it arrived). */
  entered: (target: Target) => Answers;
}

interface Scenario {
  kind: string;
  target: Target | undefined;
  attempts: Attempt[];
}

const otherOption = (page: ResolvedPage) =>
  page.fields.flatMap((f) =>
    (f.options ?? []).filter((o) => o.other).map((o) => ({ field: f, option: o })),
  )[0];
const contactPage = firstPageWhere(
  (p) => !!p.submit && p.fields.filter((f) => f.type === 'text' || f.type === 'email').length >= 2,
);
const emailOf = (page: ResolvedPage) => page.fields.find((f) => f.type === 'email')!;
const textsOf = (page: ResolvedPage) => page.fields.filter((f) => f.type === 'text');

const scenarios: Scenario[] = [
  {
    kind: 'radios',
    target: firstPageWhere((p) => p.fields.some((f) => f.type === 'radios' && f.required)),
    attempts: [{ what: 'nothing chosen', entered: () => ({}) }],
  },
  {
    kind: 'checkboxes',
    target: firstPageWhere((p) => p.fields.some((f) => f.type === 'checkboxes')),
    attempts: [
      { what: 'nothing ticked', entered: () => ({}) },
      {
        what: 'Other ticked with an over-long answer',
        entered: ({ page }) => {
          const found = otherOption(page);
          const field = found?.field ?? page.fields.find((f) => f.type === 'checkboxes')!;
          return found
            ? { [field.name]: [found.option.value], [`${field.name}Other`]: tooLong(100) }
            : {};
        },
      },
    ],
  },
  {
    kind: 'textarea',
    target: firstPageWhere((p) => p.fields.some((f) => f.type === 'textarea')),
    attempts: [
      {
        what: 'one character',
        entered: ({ page }) => ({ [page.fields.find((f) => f.type === 'textarea')!.name]: 'x' }),
      },
      {
        what: 'over-long',
        entered: ({ page }) => {
          const field = page.fields.find((f) => f.type === 'textarea')!;
          return { [field.name]: tooLong(field.maxLength ?? 1000) };
        },
      },
    ],
  },
  {
    kind: 'text (Other answer)',
    target: firstPageWhere((p) =>
      p.fields.some((f) => f.type === 'radios' && (f.options ?? []).some((o) => o.other)),
    ),
    attempts: [
      {
        what: 'Other chosen, nothing typed',
        entered: ({ page }) => {
          const { field, option } = otherOption(page)!;
          return { [field.name]: option.value };
        },
      },
      {
        what: 'Other chosen, over-long answer',
        entered: ({ page }) => {
          const { field, option } = otherOption(page)!;
          return { [field.name]: option.value, [`${field.name}Other`]: tooLong(100) };
        },
      },
    ],
  },
  {
    kind: 'email',
    target: contactPage,
    attempts: [
      { what: 'not an address', entered: ({ page }) => ({ [emailOf(page).name]: 'name@' }) },
      {
        what: 'over-long',
        entered: ({ page }) => ({
          [emailOf(page).name]: `${'a'.repeat(60)}@${'b'.repeat(200)}.com`,
        }),
      },
    ],
  },
  {
    kind: 'contact group',
    target: contactPage,
    attempts: [
      {
        what: 'email without names',
        entered: ({ page }) => ({ [emailOf(page).name]: 'name@example.com' }),
      },
      {
        what: 'over-long names',
        entered: ({ page }) => ({
          ...Object.fromEntries(textsOf(page).map((f) => [f.name, tooLong(f.maxLength ?? 100)])),
          [emailOf(page).name]: 'name@example.com',
        }),
      },
    ],
  },
];

/** Checks the page shows exactly the engine's errors for these answers, in this language. */
async function expectErrors(
  page: Page,
  target: Target,
  lang: Lang,
  answers: Answers,
): Promise<string[]> {
  const expected = validatePage(target.survey, target.page.id, answers);
  expect(expected.length, 'the engine finds something wrong with these answers').toBeGreaterThan(0);

  const summary = page.locator('.govuk-error-summary');
  await expect(summary).toBeVisible();
  await expect(summary.locator('.govuk-error-summary__title')).toHaveText(
    ui(lang, 'errorSummary.title'),
  );
  await expect(summary.locator('.govuk-error-summary__title')).toHaveText(STANDARD[lang].problem);
  await expect(summary, 'the summary takes focus').toBeFocused();
  expect(
    await page.evaluate(() => document.activeElement?.classList.contains('govuk-error-summary')),
  ).toBe(true);
  await expect(page).toHaveTitle(
    new RegExp(`^${ui(lang, 'service.errorPrefix').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );

  const links = summary.locator('.govuk-error-summary__list a');
  await expect(links).toHaveText(expected.map((e) => messageText(e.message, lang)));
  for (const [i, error] of expected.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `#${error.field}`);
    const inline = page.locator(`[id=${JSON.stringify(`${error.field}-error`)}]`);
    await expect(inline).toHaveClass(/govuk-error-message/);
    await expect(inline).toContainText(messageText(error.message, lang));
    await expect(inline.locator('.govuk-visually-hidden')).toContainText(
      ui(lang, 'errorMessage.prefix'),
    );
  }
  return expected.map((e) => e.field);
}

async function expectKept(page: Page, target: Target, entered: Answers): Promise<void> {
  for (const field of pageFields(target.page)) {
    const value: AnswerValue | undefined = entered[field.name];
    if (value === undefined) continue;
    if (field.type === 'radios' || field.type === 'checkboxes') {
      for (const v of [value].flat()) await expect(choiceOf(page, field.name, v)).toBeChecked();
    } else {
      await expect(inputOf(page, field.name)).toHaveValue(value as string);
    }
  }
}

for (const scenario of scenarios) {
  for (const lang of LANGS) {
    test(`${lang}: ${scenario.kind} page errors`, async ({ page }) => {
      const target = needed(scenario.target, `a ${scenario.kind} page`);
      const { survey } = target;
      const { saved } = await walk(page, survey, lang, planThrough(survey, target.page.id), {
        stopAt: target.page.id,
        checks: false,
      });
      for (const [i, attempt] of scenario.attempts.entries()) {
        await test.step(attempt.what, async () => {
          if (i > 0) await page.reload(); // a fresh form for each attempt
          const entered = attempt.entered(target);
          await fillPage(page, target.page, saved, entered);
          await submitButton(page).click();
          const fields = await expectErrors(page, target, lang, { ...saved, ...entered });
          await expectKept(page, target, entered);
          await expect(page).toHaveURL(urlOf(page, pathOf(lang, survey, target.page.id)));
          await visit(
            page,
            `${lang}/${survey.id}/${target.page.id}-errors-${scenario.kind.split(' ')[0]}-${i + 1}`,
          );
          // Each summary link moves focus to its field.
          for (const [n, field] of fields.entries()) {
            await page.locator('.govuk-error-summary__list a').nth(n).click();
            await expect(inputOf(page, field)).toBeFocused();
          }
        });
      }
    });
  }
}

/** Walks to a page and fills in its required answers, without pressing its button. */
async function answerUpTo(
  page: Page,
  survey: ResolvedSurvey,
  target: ResolvedPage,
  lang: Lang,
): Promise<void> {
  const plan = planThrough(survey, target.id);
  const { saved } = await walk(page, survey, lang, plan, { stopAt: target.id, checks: false });
  await fillPage(page, target, saved, answersForPage(survey, target, saved, plan));
}

const submitTarget = firstPageWhere((p, s) => !!p.submit && s.layout !== 'single');

for (const lang of LANGS) {
  test(`${lang}: a refused submission shows the error page`, async ({ page }) => {
    const { survey, page: submitPage } = submitTarget!;
    await answerUpTo(page, survey, submitPage, lang);
    await page.route(`**${FEEDBACK_PATH}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await submitButton(page).click();
    await expect(page.locator('h1')).toHaveText(ui(lang, 'error.title'));
    await expect(page.locator('main')).toContainText(ui(lang, 'error.status', { status: 500 }));
    await expect(page.locator('.govuk-panel--confirmation')).toHaveCount(0);
    await visit(page, `${lang}/${survey.id}/error-500`);
  });

  test(`${lang}: an unreachable API shows the service unavailable page`, async ({ page }) => {
    const { survey, page: submitPage } = submitTarget!;
    await answerUpTo(page, survey, submitPage, lang);
    await page.route(`**${FEEDBACK_PATH}`, (route) => route.abort('connectionrefused'));
    await submitButton(page).click();
    await expect(page.locator('h1')).toHaveText(ui(lang, 'unavailable.title'));
    await expect(page.locator('.govuk-panel--confirmation')).toHaveCount(0);
    await visit(page, `${lang}/${survey.id}/unavailable`);
  });
}

const MINUTE = 60_000;
const multiPage = surveys.find((s) => s.layout !== 'single' && s.pages.length > 1)!;

for (const lang of LANGS) {
  test(`${lang}: 60 minutes idle on a question page leads to the timeout page`, async ({
    page,
  }) => {
    await page.clock.install();
    const first = multiPage.pages[0]!;
    await walk(page, multiPage, lang, planThrough(multiPage, first.id), {
      stopAt: first.id,
      checks: false,
    });

    await page.clock.fastForward(59 * MINUTE);
    await page.reload();
    await expect(page, 'still within the hour').toHaveURL(
      urlOf(page, pathOf(lang, multiPage, first.id)),
    );

    // That visit was activity: the hour starts again from it.
    await page.clock.fastForward(61 * MINUTE);
    await page.reload();
    await expect(page).toHaveURL(urlOf(page, pathOf(lang, multiPage, 'timeout')));
    await expect(page.locator('h1')).toHaveText(ui(lang, 'timeout.title'));
    await expect(page.locator('main a.govuk-button')).toHaveText(ui(lang, 'timeout.button'));
    await expect(page.locator('main a.govuk-button')).toHaveAttribute(
      'href',
      pathOf(lang, multiPage),
    );
    const state = await storedState(page);
    expect(state?.answers ?? {}).toEqual({});
    expect(state?.inProgress ?? false).toBe(false);
    await visit(page, `${lang}/${multiPage.id}/timeout`);
  });
}

/** The answers are gone from storage and the respondent is on the timeout page. */
async function expectTimedOut(page: Page, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(urlOf(page, pathOf(lang, multiPage, 'timeout')));
  await expect(page.locator('h1')).toHaveText(ui(lang, 'timeout.title'));
  const state = await storedState(page);
  expect(state?.answers ?? {}).toEqual({});
  expect(state?.inProgress ?? false).toBe(false);
}

/** Walks to a page of the multi-page survey with a fake clock, its answers filled in. */
async function idleOn(page: Page, lang: Lang, pageId: string): Promise<{ posts: string[] }> {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.clock.install();
  const plan = planThrough(multiPage, pageId);
  const { saved } = await walk(page, multiPage, lang, plan, { stopAt: pageId, checks: false });
  const here = multiPage.pages.find((p) => p.id === pageId)!;
  await fillPage(page, here, saved, answersForPage(multiPage, here, saved, plan));
  return { posts };
}

// setSystemTime moves the clock without running the app's own expiry timer, so each action is
// tested on its own: the hour has passed, and the tab has not yet noticed.
test('en: Continue after 61 idle minutes leads to the timeout page and saves nothing', async ({
  page,
}) => {
  await idleOn(page, 'en', multiPage.pages[0]!.id);
  await page.clock.setSystemTime(Date.now() + 61 * MINUTE);
  await submitButton(page).click();
  await expectTimedOut(page, 'en');
});

test('cy: Send after 61 idle minutes leads to the timeout page and sends nothing', async ({
  page,
}) => {
  const submitPage = multiPage.pages.find((p) => p.submit)!;
  const { posts } = await idleOn(page, 'cy', submitPage.id);
  await page.clock.setSystemTime(Date.now() + 61 * MINUTE);
  await submitButton(page).click();
  await expectTimedOut(page, 'cy');
  expect(posts, 'nothing was sent').toEqual([]);
});

test('en: Back after 61 idle minutes leads to the timeout page', async ({ page }) => {
  await idleOn(page, 'en', multiPage.pages[1]!.id);
  await page.clock.setSystemTime(Date.now() + 61 * MINUTE);
  await page.getByRole('link', { name: ui('en', 'common.back'), exact: true }).click();
  await expectTimedOut(page, 'en');
});

test('cy: an open tab left untouched for 61 minutes clears the answers and shows the timeout page', async ({
  page,
}) => {
  await idleOn(page, 'cy', multiPage.pages[1]!.id);
  await page.clock.fastForward(61 * MINUTE);
  await expectTimedOut(page, 'cy');
});

test('a question page opened with no survey in progress leads to the timeout page', async ({
  page,
}) => {
  const second = multiPage.pages[1]!;
  await page.goto(pathOf('en', multiPage, second.id));
  await expect(page).toHaveURL(urlOf(page, pathOf('en', multiPage, 'timeout')));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a question page opened with no survey in progress leads to the timeout page', async ({
    page,
  }) => {
    await page.goto(pathOf('cy', multiPage, multiPage.pages[1]!.id));
    await expect(page).toHaveURL(urlOf(page, pathOf('cy', multiPage, 'timeout')));
    await expect(page.locator('h1')).toHaveText(ui('cy', 'timeout.title'));
  });
});

const single = surveys.find((s) => s.layout === 'single');
const NOT_FOUND: { path: string; lang: Lang }[] = [
  { path: '/', lang: 'en' },
  { path: '/en', lang: 'en' },
  { path: '/cy', lang: 'cy' },
  { path: '/en/no-such-survey', lang: 'en' },
  { path: '/cy/no-such-survey', lang: 'cy' },
  { path: `/en/${multiPage.id}/q99`, lang: 'en' },
  { path: `/cy/${multiPage.id}/q1/extra`, lang: 'cy' },
  { path: `/fr/${multiPage.id}`, lang: 'en' },
  ...(single ? [{ path: `/en/${single.id}/q1`, lang: 'en' as Lang }] : []),
];

for (const { path, lang } of NOT_FOUND) {
  test(`not found: ${path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), 'the server answers 404').toBe(404);
    await expect(page.locator('h1')).toHaveText(ui(lang, 'notFound.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await visit(page, `${lang}/not-found`);
  });
}

test.describe('other addresses', () => {
  test('?lang=cy shows the same page in Welsh', async ({ page }) => {
    await page.goto(`${pathOf('en', multiPage)}?lang=cy`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
    await expect(page.locator('h1')).toHaveText(multiPage.start!.heading.cy);
  });

  test('a hash link redirects to the path form', async ({ page }) => {
    await page.goto(`/#${pathOf('cy', multiPage)}`);
    await expect(page).toHaveURL(urlOf(page, pathOf('cy', multiPage)));
    await expect(page.locator('h1')).toHaveText(multiPage.start!.heading.cy);
  });

  test('the one-page survey drops a trailing slash', async ({ page }) => {
    const onePage = needed(single, 'a one-page survey');
    const response = await page.goto(`${pathOf('en', onePage)}/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(urlOf(page, pathOf('en', onePage)));
  });

  for (const lang of LANGS) {
    test(`${lang}: the cookies page`, async ({ page }) => {
      const response = await page.goto(`/${lang}/cookies`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(ui(lang, 'cookies.title'));
      await visit(page, `${lang}/cookies`);
    });
  }
});
