// Issue 27 item 4: a retired option or field stays in the definition for the answers already
// given, but the respondent is no longer offered it (and the server refuses it if posted), while
// the team's figures keep its own line instead of folding it into "Another ...".
import { describe, expect, it } from 'vitest';
import { offeredOptions, resolveSurvey, visibleFields } from '../../engine';
import { validatePage } from '../../engine/validation';
import { loadSurveys } from '../../engine/check/load';
import type { SurveyDefinition } from '../../engine/types';
import { surveyFigures } from '../../server/team/figures';
import { readFileSync } from 'node:fs';

const { shared } = loadSurveys('tests/fixtures/valid');
const def = JSON.parse(readFileSync('tests/fixtures/valid/mini.json', 'utf8')) as SurveyDefinition;
// q1 whyDidYouApply: "Job" is retired; q4 furtherFeedback (a question) is retired.
def.pages[0]!.fields[0]!.options![0]!.retired = true;
const q4 = def.pages.find((p) => p.id === 'q4')!;
q4.fields.find((f) => f.name === 'furtherFeedback')!.retired = true;
const survey = resolveSurvey(def, shared);
const page = (id: string) => survey.pages.find((p) => p.id === id)!;

describe('retired options and fields', () => {
  it('offers a retired option to no respondent', () => {
    const field = page('q1').fields[0]!;
    expect(offeredOptions(field, {}).map((o) => o.value)).toEqual(['Other']);
  });

  it('refuses a retired option if it is posted', () => {
    const errors = validatePage(survey, 'q1', { whyDidYouApply: 'Job' });
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['whyDidYouApply', { key: 'invalidOption' }],
    ]);
    expect(
      validatePage(survey, 'q1', { whyDidYouApply: 'Other', whyDidYouApplyOther: 'Move' }),
    ).toEqual([]);
  });

  it('no longer asks a retired field', () => {
    expect(visibleFields(page('q4'), {}).map((f) => f.name)).not.toContain('furtherFeedback');
  });

  it("keeps the retired option's own line in the team's figures", () => {
    const range = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') };
    const record = (answers: Record<string, string>, i: number) => ({
      id: String(i),
      surveyId: survey.id,
      definitionHash: 'x',
      receivedAt: new Date('2026-01-10T12:00:00Z'),
      answers,
      lang: 'en' as const,
    });
    const figures = surveyFigures(
      survey,
      {},
      [{ whyDidYouApply: 'Job' }, { whyDidYouApply: 'Job' }, { whyDidYouApply: 'A friend' }].map(
        record,
      ),
      range,
    );
    const q = figures.questions.find((f) => f.field.name === 'whyDidYouApply')!;
    expect(q.distribution.map((d) => [d.value, d.count])).toEqual([
      ['Job', 2],
      ['Other', 1],
    ]);
  });
});
