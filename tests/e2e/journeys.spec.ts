// Every survey, every distinct path (bounded), in English and in Welsh, generated from the
// definitions and checked page by page against the engine. The privacy fixture watches each.
import { enumeratePaths, prepareSubmission } from '../../engine';
import { suggestEmail } from '../../engine/email';
import { plansFor } from './helpers/answers';
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
import { LANGS, messageText, needed, surveys, ui } from './helpers/surveys';

// The paths the product specification states in words: a definition that strays from them fails here
// even though the app and the generated journeys would still agree with each other.
const SPEC_PATHS: Record<string, string[][]> = {
  basic: [
    ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9'],
    ['q1', 'q2', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9'],
  ],
  barring: [
    ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11', 'q12', 'q13'],
    ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q13'],
  ],
  'barring-short': [['q1']],
  'e-result': [['q1', 'q2', 'q3', 'q4', 'q5']],
  'third-party-result': [['q1', 'q2', 'q3', 'q4', 'q5']],
  'pay-later': [['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']],
  'dors-applicant': [['q1', 'q2', 'q3', 'q4']],
  'dors-third-party': [['q1', 'q2', 'q3', 'q4']],
  'seas-applicant': [['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']],
  'seas-rb': [['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']],
};

test('the definitions give exactly the paths the specification describes', () => {
  const found = Object.fromEntries(
    surveys.map((s) => [s.id, enumeratePaths(s, 50).map((p) => p.pages)]),
  );
  for (const [id, paths] of Object.entries(SPEC_PATHS)) {
    expect(found[id], `paths of ${id}`).toEqual(expect.arrayContaining(paths));
    expect(found[id], `paths of ${id}`).toHaveLength(paths.length);
  }
});

for (const survey of surveys) {
  test.describe(survey.id, () => {
    for (const lang of LANGS) {
      for (const plan of plansFor(survey)) {
        test(`${lang}: ${plan.name}`, async ({ page }) => {
          const { visited } = await walk(page, survey, lang, plan);
          if (!plan.skipAll) {
            expect(visited).toEqual(plan.pages);
            if (SPEC_PATHS[survey.id]) expect(SPEC_PATHS[survey.id]).toContainEqual(visited);
          }
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
      prepareSubmission(survey, { ...saved, ...typed, email: 'name@gmail.com' }),
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
  await page.locator('a.govuk-back-link').click();
  await expect(page).toHaveURL(new RegExp(`/cy/${survey.id}/${plan.pages[0]}$`));
  for (const [name, value] of Object.entries(saved)) {
    if (typeof value === 'string' && (await choiceOf(page, name, value).count()) > 0) {
      await expect(choiceOf(page, name, value)).toBeChecked();
    }
  }
});
