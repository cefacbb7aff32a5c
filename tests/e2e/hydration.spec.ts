// The browser takes over the server's HTML without a hydration mismatch: React reports nothing
// in the console on any kind of page, and a question page reloaded mid-survey shows the saved answers.
import { expect, STORAGE_KEY, storedState, test } from './helpers/fixtures';
import type { BrowserContext, Page } from '@playwright/test';
import { enumeratePaths, type Answers } from '../../engine';
import { planThrough, submitButton, urlOf, walk } from './helpers/journey';
import { detailsOnFirstPage, pathOf, surveys, ui } from './helpers/surveys';

const multiPage = surveys.find((s) => s.layout !== 'single' && s.pages.length > 2)!;
const single = surveys.find((s) => s.layout === 'single')!;

test('no console errors while hydrating any kind of page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The not-found page's own 404 is reported by the browser, not by React.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const lang of ['en', 'cy'] as const) {
    for (const path of [
      pathOf(lang, multiPage),
      pathOf(lang, multiPage, multiPage.pages[0]!.id),
      pathOf(lang, multiPage, 'finish'),
      pathOf(lang, multiPage, 'timeout'),
      pathOf(lang, single),
      `/${lang}/cookies`,
      `/${lang}/no-such-survey`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
  }
  expect(errors).toEqual([]);
});

test('a question page reloaded mid-survey keeps the saved answers', async ({ page }) => {
  const second = multiPage.pages[1]!;
  const { saved } = await walk(page, multiPage, 'en', planThrough(multiPage, second.id), {
    stopAt: second.id,
    checks: false,
  });
  const first = multiPage.pages[0]!;
  await page.goto(pathOf('en', multiPage, first.id));
  const [name, value] = Object.entries(saved).find(([n]) =>
    first.fields.some((f) => f.name === n),
  )!;
  await expect(page.locator(`input[name="${name}"][value="${String(value)}"]`)).toBeChecked();
  expect((await storedState(page))?.inProgress).toBe(true);
});

test('when the app never arrives, the page works as it does without JavaScript', async ({
  page,
}) => {
  const survey = detailsOnFirstPage;
  await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
  await page.goto(pathOf('en', survey));
  await page.getByRole('button', { name: 'Start now' }).click();
  // Start posted to the server, which made a draft: the address carries it.
  await expect(page).toHaveURL(/\?draft=/);
  await page.waitForFunction(() => document.documentElement.dataset.app === undefined);
  await expect(page.locator('body')).not.toHaveClass(/govuk-frontend-supported/);
  // Nothing would hide the cookie banner now: its Hide button goes, its link stays.
  await expect(page.getByRole('button', { name: 'Hide this message' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Read about cookies' })).toBeVisible();
  // Conditional questions show open, as GOV.UK Frontend draws them for no script.
  const conditional = page.locator('.govuk-radios__conditional, .govuk-checkboxes__conditional');
  await expect(conditional.first()).toBeVisible();
  // A character count shows its limit, as without JavaScript.
  const count = conditional.first().locator('.govuk-character-count');
  await expect(count.locator('.govuk-character-count__status')).toBeHidden();
  await expect(count.locator('.govuk-character-count__message[id$="-info"]')).toBeVisible();
  // Continue with nothing chosen: the server's error summary.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.govuk-error-summary')).toBeVisible();
});

// The pages the app draws need the full stylesheet (the server's page has only its own rules).
const FULL_SHEET = /\/assets\/index-[^/]*\.css$/;

test('when the full stylesheet never arrives, the page works as it does without JavaScript', async ({
  page,
}) => {
  let tries = 0;
  await page.route(FULL_SHEET, (route) => {
    tries++;
    return route.abort('connectionfailed');
  });
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(pathOf('en', survey));
  await page.waitForFunction(() => document.documentElement.dataset.app === undefined, null, {
    timeout: 10_000,
  });
  // Tried twice, then left to the server.
  expect(tries).toBe(2);
  await expect(page.locator('body')).not.toHaveClass(/govuk-frontend-supported/);
  await page.getByRole('button', { name: 'Start now' }).click();
  await expect(page).toHaveURL(/\?draft=/);
  // Continue with nothing chosen: the server's page with its error summary, styled by its own rules.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.govuk-error-summary')).toHaveCSS('border-top-width', '5px');
});

test('a full stylesheet lost once is fetched again, and the app starts with it', async ({
  page,
}) => {
  let tries = 0;
  await page.route(FULL_SHEET, (route) =>
    ++tries === 1 ? route.abort('connectionfailed') : route.continue(),
  );
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(pathOf('en', survey));
  await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
  expect(tries).toBe(2);
  // One sheet in the page, the one that arrived, switched on.
  const full = page.locator('link[rel="stylesheet"][href^="/assets/"]');
  await expect(full).toHaveCount(1);
  await expect(full).toHaveAttribute('media', 'all');
  await page.getByRole('button', { name: 'Start now' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The app's own page and error summary, not the server's: no draft in the address.
  await expect(page.locator('.govuk-error-summary')).toHaveCSS('border-top-width', '5px');
  expect(page.url()).not.toContain('draft=');
});

test('an old hash link goes to the path form of the address', async ({ page }) => {
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(`/#${pathOf('cy', survey)}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathOf('cy', survey));
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
});

test('a lost stylesheet gives the page back at once, while the app is still on its way', async ({
  page,
}) => {
  await page.route(FULL_SHEET, (route) => route.abort('connectionfailed'));
  // The app's script never arrives: a connection that hangs rather than drops.
  await page.route(/\/assets\/app-[^/]*\.js$/, () => undefined);
  const survey = surveys.find((s) => s.layout !== 'single' && s.start)!;
  await page.goto(pathOf('en', survey));
  await page.waitForFunction(() => document.documentElement.dataset.app === undefined, null, {
    timeout: 10_000,
  });
  await expect(page.locator('body')).not.toHaveClass(/govuk-frontend-supported/);
});

test('a script that hangs gives the page back after 10 seconds, its conditional questions open', async ({
  context,
}) => {
  // Timers under the test's control, stopped: the wait is 10 seconds of the page's time.
  await context.clock.install();
  await context.clock.pauseAt(Date.now() + 1_000);
  // A page of its own: the fixture's page waits on each load for the app, which never comes.
  const page = await context.newPage();
  // Neither arrives nor fails: a connection that hangs.
  await page.route(/\/assets\/app-[^/]*\.js$/, () => undefined);
  const survey = surveys.find(
    (s) =>
      s.layout !== 'single' &&
      s.start &&
      s.pages[0]!.fields.some((f) => f.options?.some((o) => o.other || f.reveal?.[o.value])),
  )!;
  await page.goto(pathOf('en', survey));
  // While the page waits for the app, Start still posts to the server, which makes a draft.
  await page.getByRole('button', { name: 'Start now' }).click();
  await expect(page).toHaveURL(/\?draft=/);
  const conditional = page.locator('.govuk-radios__conditional, .govuk-checkboxes__conditional');
  // The entry script has run (so its wait is set at the page's next frame) before time moves on.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.app))
    .toBe('loading');
  await page.clock.runFor(9_000);
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('loading');
  await expect(conditional.first()).toBeHidden();
  await page.clock.runFor(2_000);
  // Polled from here: waitForFunction's own polling uses the page's (now fake) timers.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.app))
    .toBe(undefined);
  await expect(page.locator('body')).not.toHaveClass(/govuk-frontend-supported/);
  await expect(conditional.first()).toBeVisible();
});

test('a cookie banner hidden on an earlier visit is not drawn again while the app is on its way', async ({
  context,
}) => {
  // A page of its own: the fixture's page waits on each load for the app, which never comes.
  const page = await context.newPage();
  await page.route(/\/assets\/app-[^/]*\.js$/, () => undefined);
  const banner = page.getByRole('region', { name: 'Cookies on this service' });
  await page.goto(pathOf('en', multiPage));
  await expect(banner).toBeVisible();
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ state: { cookieBannerDismissed: true } })),
    STORAGE_KEY,
  );
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('loading');
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('a question page opened while the app is on its way', () => {
  const question = pathOf('en', multiPage, multiPage.pages[1]!.id);
  const timeout = pathOf('en', multiPage, 'timeout');
  const MINUTE = 60_000;

  /** A page of its own whose app never arrives, with `saved` in storage before it loads. */
  async function heldBack(context: BrowserContext, saved?: object): Promise<Page> {
    if (saved)
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [STORAGE_KEY, JSON.stringify({ state: saved, version: 0 })],
      );
    const page = await context.newPage();
    await page.route(/\/assets\/app-[^/]*\.js$/, () => undefined);
    return page;
  }

  test('goes to the timeout page at once when no survey is in progress', async ({ context }) => {
    const page = await heldBack(context);
    await page.goto(question);
    await expect(page).toHaveURL(urlOf(page, timeout));
    await expect(page.locator('h1')).toHaveText(ui('en', 'timeout.title'));
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('loading');
  });

  test('goes to the timeout page when the survey was left idle for over an hour', async ({
    context,
  }) => {
    const page = await heldBack(context, {
      surveyName: multiPage.id,
      answers: {},
      inProgress: true,
      lastActivity: Date.now() - 61 * MINUTE,
    });
    await page.goto(question);
    await expect(page).toHaveURL(urlOf(page, timeout));
  });

  test('stays on the question while its survey is in progress', async ({ context }) => {
    const page = await heldBack(context, {
      surveyName: multiPage.id,
      answers: {},
      inProgress: true,
      lastActivity: Date.now() - 59 * MINUTE,
    });
    // The entry asks for the app only when it stays on the page.
    const appAsked = page.waitForRequest(/\/assets\/app-[^/]*\.js$/);
    await page.goto(question);
    await appAsked;
    expect(page.url()).toBe(urlOf(page, question));
  });
});

test.describe('a Continue or Send pressed before the app has arrived (scripts held back)', () => {
  const basic = surveys.find((s) => s.id === 'basic')!;

  /** A page whose app never arrives, with `answers` of basic saved in this browser. */
  async function heldWith(context: BrowserContext, answers: Answers): Promise<Page> {
    const saved = {
      surveyName: basic.id,
      answers,
      inProgress: true,
      lastActivity: Date.now(),
      sent: false,
    };
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEY, JSON.stringify({ state: saved, version: 0 })],
    );
    const page = await context.newPage();
    await page.route(/\/assets\/app-[^/]*\.js$/, () => undefined);
    return page;
  }

  test('a reload mid-survey: tick and Continue goes on from the saved answers, no timeout', async ({
    context,
  }) => {
    const page = await heldWith(context, { whyDidYouApply: 'Job' });
    await page.goto(pathOf('en', basic, 'q2'));
    await page.locator('input[name="whichSector"][value="Private"]').check();
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/en\/basic\/q3\?draft=/);
    // Drawn from the answers so far: the private sector's own options.
    await expect(page.locator('input[name="whichSubSector"]').first()).toBeVisible();
    await expect(page.locator('h1')).not.toHaveText(ui('en', 'timeout.title'));
  });

  test('a tick made while the app is on its way is kept when it arrives', async ({ context }) => {
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        STORAGE_KEY,
        JSON.stringify({
          state: {
            surveyName: basic.id,
            answers: { whyDidYouApply: 'Job' },
            inProgress: true,
            lastActivity: Date.now(),
            sent: false,
          },
          version: 0,
        }),
      ],
    );
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(pathOf('en', basic, 'q2'));
    const sector = page.locator('input[name="whichSector"][value="Private"]');
    await sector.check();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await expect(sector).toBeChecked();
    expect((await storedState(page))?.answers).toMatchObject({
      whyDidYouApply: 'Job',
      whichSector: 'Private',
    });
  });

  test('the sending page: Send stores the answers and shows the finish page', async ({
    context,
  }) => {
    const { pages, answers } = enumeratePaths(basic)[0]!;
    const page = await heldWith(context, answers);
    await page.goto(pathOf('en', basic, pages.at(-1)!));
    await submitButton(page).click();
    await expect(page).toHaveURL(urlOf(page, pathOf('en', basic, 'finish')));
  });
});
