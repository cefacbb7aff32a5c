// The editors' preview (PREVIEW=true, set for the browser suite in playwright.config.ts): every
// page English beside Welsh, axe-clean in both languages, and links that open a page of a path
// with that path's answers instead of the timeout page.
import { enumeratePaths } from '../../engine';
import { expect, expectNoViolations, live, test } from './helpers/fixtures';
import {
  expectFinish,
  fillPage,
  headingOf,
  submitAndCapture,
  submitButton,
} from './helpers/journey';
import { LANGS, needed, surveys } from './helpers/surveys';

const branching = needed(
  surveys.find((s) => s.layout !== 'single' && enumeratePaths(s).length > 1),
  'a survey with more than one path',
);
const WORDS = {
  en: { open: 'Open', welsh: 'Welsh', path: 'Path' },
  cy: { open: 'Agor', welsh: 'Cymraeg', path: 'Llwybr' },
} as const;
const TEST_RUN = {
  en: 'answers sent from here are test submissions',
  cy: "mae atebion a anfonir o'r fan hon yn gyflwyniadau prawf",
} as const;
const TESTS_NOTICE = {
  en: 'Answers sent from these pages are test submissions',
  cy: "Mae atebion a anfonir o'r tudalennau hyn yn gyflwyniadau prawf",
} as const;

for (const lang of LANGS) {
  test(`${lang}: the preview shows every page in both languages and passes axe`, async ({
    page,
  }) => {
    await page.goto(`/preview/${branching.id}?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('h1')).toHaveText(branching.title[lang]);
    for (const p of branching.pages) {
      const section = page.locator('section', { has: page.locator(`h2#page-${p.id}`) });
      const field = p.fields.find((f) => !f.retired)!;
      await expect(section.locator('.govuk-grid-column-one-half[lang="en"]')).toContainText(
        field.label.en,
      );
      await expect(section.locator('.govuk-grid-column-one-half[lang="cy"]')).toContainText(
        field.label.cy,
      );
    }
    await expectNoViolations(page, `preview/${lang}/${branching.id}`);
  });

  test(`${lang}: a path's link opens its page with the path's answers, not the timeout page`, async ({
    page,
  }) => {
    const path = enumeratePaths(branching)[1]!;
    const target = path.pages[Math.min(3, path.pages.length - 1)]!;
    await page.goto(`/preview/${branching.id}?lang=${lang}`);
    const words = WORDS[lang];
    // The innermost block holding the heading "Path 2": that path's own list.
    const second = page
      .locator('div', { has: page.getByRole('heading', { name: `${words.path} 2`, exact: true }) })
      .last();
    await second
      .getByRole('link', { name: `${words.open} ${target} (${words.welsh})`, exact: true })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/cy/${branching.id}/${target}\\?draft=[A-Za-z0-9_-]{22}$`),
    );
    const shown = branching.pages.find((p) => p.id === target)!;
    await expect(page.locator('h1')).toContainText(headingOf(shown, 'cy'));
  });

  test(`${lang}: answers sent from a path link's page are a test submission`, async ({ page }) => {
    const path = enumeratePaths(branching)[0]!;
    const last = branching.pages.find((p) => p.id === path.pages.at(-1))!;
    await page.goto(`/preview/${branching.id}?lang=${lang}`);
    await expect(page.locator('.govuk-inset-text').first()).toContainText(TESTS_NOTICE[lang]);
    const words = WORDS[lang];
    const first = page
      .locator('div', { has: page.getByRole('heading', { name: `${words.path} 1`, exact: true }) })
      .last();
    const name = `${words.open} ${last.id} (${lang === 'en' ? 'English' : words.welsh})`;
    await first.getByRole('link', { name, exact: true }).click();
    await live(page);
    // The page says it is a test run, in its language (drawn outside the app: server/preview/notice.ts).
    await expect(page.locator('#test-run')).toContainText(TEST_RUN[lang]);
    await fillPage(page, last, {}, path.answers);
    const sent = await submitAndCapture(page, () => submitButton(page).click());
    // Marked for the server, which stores it as a test while PREVIEW=true (server/README.md).
    expect((await sent.request.allHeaders())['x-test-submission']).toBe('1');
    expect(sent.status).toBe(201);
    await expectFinish(page, branching, lang);
  });
}
