// Every survey in definitions/, every path its committed doc lists (bounded), checked page by page,
// and the row stored at the end: the plans that reach a new page in English and in Welsh, the others
// in one of them, the opposite one to the walk without JavaScript (walkedIn in helpers/answers.ts).
// The privacy fixture watches each.
import { enumeratePaths } from '../../engine';
import { suggestEmail } from '../../engine/email';
import { committedPaths } from '../helpers/definitions';
import { plansFor, walkedIn } from './helpers/answers';
import { documentedSubmission } from './helpers/documented';
import { expect, test, visit } from './helpers/fixtures';
import {
  choiceOf,
  expectFinish,
  expectSubmission,
  fillPage,
  inputOf,
  planThrough,
  submitAndCapture,
  submitButton,
  walk,
} from './helpers/journey';
import { rowsSince } from './helpers/rows';
import { LANGS, messageText, needed, surveys, ui } from './helpers/surveys';

// The routes come from the committed docs (docs/surveys/<id>.md): the engine must give exactly those.
test('the definitions give exactly the paths their committed docs list', () => {
  for (const survey of surveys) {
    const found = enumeratePaths(survey).map((p) => p.pages.join(' '));
    const documented = committedPaths(survey.id).map((p) => p.join(' '));
    expect(found.sort(), `paths of ${survey.id}`).toEqual(documented.sort());
  }
});

test('every page is walked in both languages by each kind of journey, every plan by the two', () => {
  for (const [order, survey] of surveys.entries()) {
    const withScript = walkedIn(survey, order, 'with JavaScript');
    const without = walkedIn(survey, order, 'without JavaScript');
    for (const turn of [withScript, without])
      for (const lang of LANGS) {
        const seen = new Set(
          turn.filter((w) => w.langs.includes(lang)).flatMap((w) => w.plan.pages),
        );
        const planned = new Set(turn.flatMap((w) => w.plan.pages));
        expect([...seen].sort(), `${survey.id} in ${lang}`).toEqual([...planned].sort());
      }
    for (const [i, { plan, langs }] of withScript.entries())
      expect(new Set([...langs, ...without[i]!.langs]), `${survey.id}: ${plan.name}`).toEqual(
        new Set(LANGS),
      );
  }
});

for (const [order, survey] of surveys.entries()) {
  test.describe(survey.id, () => {
    for (const { plan, langs } of walkedIn(survey, order, 'with JavaScript')) {
      for (const lang of langs) {
        test(`${lang}: ${plan.name}`, async ({ page }) => {
          const since = new Date().toISOString();
          const { visited, saved } = await walk(page, survey, lang, plan);
          if (!plan.skipAll) expect(visited).toEqual(plan.pages);
          // Stored as the data dictionary says, as without JavaScript (nojs.spec.ts); other
          // journeys may store rows at the same time.
          expect(rowsSince(survey, since)).toContainEqual(documentedSubmission(survey, saved));
        });
      }
    }
  });
}

// The contact page's typo check: a likely mistake in the domain must be confirmed first.
const contact = surveys
  .filter((s) => s.layout !== 'single')
  .flatMap((s) =>
    s.pages
      .filter((p) => p.submit && p.fields.some((f) => f.type === 'email'))
      .map((p) => ({ survey: s, page: p })),
  )[0];

for (const lang of LANGS) {
  test(`${lang}: a mistyped email domain is offered a correction before sending`, async ({
    page,
  }) => {
    const { survey, page: contactPage } = needed(contact, 'a contact page with an email field');
    const { saved } = await walk(page, survey, lang, planThrough(survey, contactPage.id), {
      stopAt: contactPage.id,
      checks: false,
    });
    const typed = { firstName: 'Sam', lastName: 'Jones', email: 'name@gmial.com' };
    const suggested = suggestEmail(typed.email);
    expect(suggested?.full, 'the engine suggests a correction').toBe('name@gmail.com');

    await fillPage(page, contactPage, saved, typed);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await submitButton(page).click();

    const summary = page.locator('.govuk-error-summary');
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary.locator('a')).toHaveText([messageText({ key: 'emailDomain' }, lang)]);
    await expect(
      page.locator('fieldset legend', { hasText: ui(lang, 'emailSuggestion.legend') }),
    ).toBeVisible();
    await expect(page.locator('label', { hasText: 'name@gmail.com' })).toBeVisible();
    await expect(inputOf(page, 'email')).toHaveValue(typed.email);
    expect(posts, 'nothing is sent before the respondent chooses').toEqual([]);
    await visit(page, `${lang}/${survey.id}/${contactPage.id}-email-suggestion`);

    await choiceOf(page, 'emailChoice', 'suggested').check();
    const sent = await submitAndCapture(page, () => submitButton(page).click());
    await expectSubmission(
      sent,
      documentedSubmission(survey, { ...saved, ...typed, email: 'name@gmail.com' }),
    );
    await expectFinish(page, survey, lang);
  });
}

test('the language toggle keeps the place and the answers', async ({ page }) => {
  const survey = surveys.find(
    (s) => s.layout !== 'single' && s.languageToggle !== false && s.pages.length > 2,
  )!;
  const plan = plansFor(survey)[0]!;
  const second = plan.pages[1]!;
  const { saved } = await walk(page, survey, 'en', plan, { stopAt: second, checks: false });
  await page.locator('.govuk-language-navigation a', { hasText: 'Cymraeg' }).click();
  await expect(page).toHaveURL(new RegExp(`/cy/${survey.id}/${second}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  // In Welsh words too: the page came with English only, the toggle fetched the Welsh.
  await expect(page.locator('a.govuk-back-link')).toHaveText(ui('cy', 'common.back'));
  await page.locator('a.govuk-back-link').click();
  await expect(page).toHaveURL(new RegExp(`/cy/${survey.id}/${plan.pages[0]}$`));
  for (const [name, value] of Object.entries(saved)) {
    if (typeof value === 'string' && (await choiceOf(page, name, value).count()) > 0) {
      await expect(choiceOf(page, name, value)).toBeChecked();
    }
  }
});
