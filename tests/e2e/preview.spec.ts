// The editors' preview (PREVIEW=true, set for the browser suite in playwright.config.ts): every
// page English beside Welsh, axe-clean in both languages, and links that open a page of a path
// with that path's answers instead of the timeout page.
import { enumeratePaths } from '../../engine';
import { expect, expectNoViolations, test } from './helpers/fixtures';
import { headingOf } from './helpers/journey';
import { LANGS, needed, surveys } from './helpers/surveys';

const branching = needed(
  surveys.find((s) => s.layout !== 'single' && enumeratePaths(s).length > 1),
  'a survey with more than one path',
);
const WORDS = {
  en: { open: 'Open', welsh: 'Welsh', path: 'Path' },
  cy: { open: 'Agor', welsh: 'Cymraeg', path: 'Llwybr' },
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
}
