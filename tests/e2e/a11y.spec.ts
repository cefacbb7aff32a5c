// Accessibility beyond the automatic scans (every page the journeys and error tests visit is
// scanned by axe in helpers/fixtures.ts): a whole survey answered with the keyboard alone.
import { pageFields } from '../../engine/flow';
import { plansFor } from './helpers/answers';
import { expect, test } from './helpers/fixtures';
import { walk } from './helpers/journey';
import { surveys } from './helpers/surveys';

// The survey whose richest journey meets the most kinds of field (radios, checkboxes, text...).
const kindsOf = (s: (typeof surveys)[number]) =>
  new Set(s.pages.flatMap((p) => pageFields(p).map((f) => f.type))).size;
const survey = [...surveys]
  .filter((s) => s.layout !== 'single')
  .sort((a, b) => kindsOf(b) - kindsOf(a))[0]!;

for (const lang of ['en', 'cy'] as const) {
  test(`${lang}: ${survey.id} answered with the keyboard only`, async ({ page }) => {
    const plan = plansFor(survey).find((p) => p.style === 'rich')!;
    const { visited } = await walk(page, survey, lang, plan, { keyboard: true });
    expect(visited).toEqual(plan.pages);
  });
}
