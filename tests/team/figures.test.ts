import { describe, expect, it } from 'vitest';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import { loadSurveys } from '../../engine/check/load';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import type { FeedbackRecord, Lang } from '../../server/storage/types';
import { netPromoter, surveyFigures, weekStart, type Scales } from '../../server/team/figures';

const shared = sharedJson as unknown as SharedBlocks;
const scales = shared.scales as unknown as Scales;
const t = (en: string) => ({ en, cy: `${en} (cy)` });
const radios = (name: string, scale: string) => ({
  name,
  type: 'radios' as const,
  scale,
  label: t(name),
});

const definition: SurveyDefinition = {
  id: 'figures',
  serviceName: 'figures-service',
  title: t('Figures'),
  duration: 5,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      fields: [
        radios('howSatisfied', 'satisfaction'),
        radios('npsResult', 'nps-0-10'),
        radios('howLikely', 'likelihood'),
        radios('rateOutOfTen', 'nps-1-10'),
        radios('easy', 'ease'),
        {
          name: 'howFindOut',
          type: 'checkboxes',
          label: t('How?'),
          options: [
            { value: 'Web', label: t('Web') },
            { value: 'Yes, a friend', label: t('A friend') },
            { value: 'Other', label: t('Other'), other: true },
          ],
          send: { other: 'append' },
        },
        { name: 'howToImprove', type: 'textarea', label: t('Improve?') },
      ],
    },
  ],
  finish: { panelTitle: t('Thanks'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = resolveSurvey(definition, shared);

let seq = 0;
const record = (
  day: number,
  answers: Record<string, string>,
  lang: Lang | null = 'en',
  surveyId = 'figures',
): FeedbackRecord => ({
  id: String(seq++),
  surveyId,
  definitionHash: 'h',
  receivedAt: new Date(Date.UTC(2026, 2, day, 12)),
  answers,
  lang,
});

// 20 answers on the 0 to 10 question: 10 promoters (9, 10), 4 passives (7, 8), 6 detractors (0 to 6).
const npsAnswers = [
  '10',
  '10',
  '10',
  '10',
  '10',
  '9',
  '9',
  '9',
  '9',
  '9',
  '8',
  '8',
  '7',
  '7',
].concat(['6', '5', '3', '0', '0', '1']);
const satisfaction = ['5', '5', '4', '3', '1'];
const likely = ['5', '4', '4', '2'];
const outOfTen = ['10', '9', '8'];
const findOut = [
  'Web',
  'Web, Yes, a friend',
  'Yes, a friend, Other, from a poster',
  'Other, radio',
];

const records: FeedbackRecord[] = [
  ...npsAnswers.map((v, i) =>
    record(
      4 + (i % 14),
      {
        npsResult: v,
        ...(satisfaction[i] ? { howSatisfied: satisfaction[i]! } : {}),
        ...(likely[i] ? { howLikely: likely[i]! } : {}),
        ...(outOfTen[i] ? { rateOutOfTen: outOfTen[i]! } : {}),
        ...(findOut[i] ? { howFindOut: findOut[i]! } : {}),
      },
      i < 3 ? 'cy' : i < 5 ? null : 'en',
    ),
  ),
  // Outside the range, or another survey: not counted.
  record(3, { npsResult: '0' }),
  record(18, { npsResult: '0' }),
  record(5, { npsResult: '0' }, 'en', 'other-survey'),
];

const range = { from: new Date(Date.UTC(2026, 2, 4)), to: new Date(Date.UTC(2026, 2, 18)) };
const figures = surveyFigures(survey, scales, records, range);
const question = (name: string) => figures.questions.find((q) => q.field.name === name)!;

describe('survey figures', () => {
  it('counts the responses in the range by language', () => {
    expect(figures.counts).toEqual({ all: 20, en: 15, cy: 3, unknown: 2 });
  });

  it('gives a weekly trend from the Monday of the first week, empty weeks included', () => {
    // Days 4..17 March 2026; 4 March is a Wednesday, so weeks start 2, 9 and 16 March.
    // i % 14 puts answers 0..13 on days 4..17 and 14..19 on days 4..9.
    expect(figures.weeks.map((w) => [w.start.toISOString().slice(0, 10), w.count])).toEqual([
      ['2026-03-02', 5 + 5],
      ['2026-03-09', 7 + 1],
      ['2026-03-16', 2],
    ]);
    // The range starts on a Wednesday and ends (exclusive) on a Wednesday: both ends are partial.
    expect(figures.weeks.map((w) => w.partial)).toEqual([true, false, true]);
    // Monday to Monday: whole weeks.
    const whole = { from: new Date(Date.UTC(2026, 2, 2)), to: new Date(Date.UTC(2026, 2, 16)) };
    expect(surveyFigures(survey, scales, records, whole).weeks.map((w) => w.partial)).toEqual([
      false,
      false,
    ]);
    expect(weekStart(new Date('2026-03-08T23:59:59Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it('computes NPS on the 0 to 10 question with its adjusted-Wald 95% interval', () => {
    const nps = question('npsResult');
    expect(nps.n).toBe(20);
    expect(nps.lowSample).toBe(true);
    // (10 - 6) / 20 = 20.
    // Adjusted Wald: n' = 23, p = 10.75 / 23 = 0.467391, d = 6.75 / 23 = 0.293478,
    // p - d = 0.173913, variance = (p + d - (p - d)^2) / n' = 0.0317663,
    // margin = 1.959964 * sqrt(0.0317663) = 0.349326, so -17.54 to 52.32.
    expect(nps.nps!.score).toBe(20);
    expect(nps.nps!.low).toBeCloseTo(-17.541, 2);
    expect(nps.nps!.high).toBeCloseTo(52.324, 2);
    expect(nps.topTwo).toBeUndefined();
    // Scale order (10 down to 0), every option present.
    expect(nps.distribution.map((b) => [b.value, b.count])).toEqual([
      ['10', 5],
      ['9', 5],
      ['8', 2],
      ['7', 2],
      ['6', 1],
      ['5', 1],
      ['4', 0],
      ['3', 1],
      ['2', 0],
      ['1', 1],
      ['0', 2],
    ]);
    expect(nps.distribution[0]!.share).toBe(0.25);
  });

  it('gives CSAT (share of 4 and 5) on the satisfaction question, never NPS', () => {
    const csat = question('howSatisfied');
    expect(csat.measure).toBe('satisfaction');
    expect(csat.n).toBe(5);
    expect(csat.topTwo).toBe(3 / 5);
    expect(csat.nps).toBeUndefined();
    expect(csat.distribution.map((b) => b.count)).toEqual([2, 1, 1, 0, 1]);
  });

  it('gives % likely to recommend (top two points) on 5-point and 1-to-10 likelihood questions, never NPS', () => {
    expect(question('howLikely')).toMatchObject({ measure: 'likelihood', n: 4, topTwo: 3 / 4 });
    expect(question('howLikely').nps).toBeUndefined();
    expect(question('rateOutOfTen')).toMatchObject({ measure: 'likelihood', n: 3, topTwo: 2 / 3 });
    expect(question('rateOutOfTen').nps).toBeUndefined();
  });

  it('gives distributions without a headline for other scales and choice questions', () => {
    const easy = question('easy');
    expect(easy).toMatchObject({ n: 0, lowSample: true });
    expect(easy.topTwo).toBeUndefined();
    expect(easy.distribution.every((b) => b.count === 0 && b.share === 0)).toBe(true);
    const findOutFigures = question('howFindOut');
    expect(findOutFigures.n).toBe(4);
    expect(findOutFigures.distribution.map((b) => [b.value, b.count])).toEqual([
      ['Web', 2],
      ['Yes, a friend', 2],
      ['Other', 2],
    ]);
    expect(figures.questions.map((q) => q.field.name)).not.toContain('howToImprove');
  });

  it('has no warning from 30 answers on', () => {
    const many = Array.from({ length: 30 }, () => record(5, { howSatisfied: '4' }));
    const q = surveyFigures(survey, scales, many, range).questions[0]!;
    expect(q).toMatchObject({ n: 30, lowSample: false, topTwo: 1 });
  });

  it('NPS of no answers is 0 with a wide interval', () => {
    expect(netPromoter(0, 0, 0)).toMatchObject({ score: 0 });
  });
});

describe('the shared scales say what they measure', () => {
  it('NPS only ever comes from a 0 to 10 scale in the real definitions', () => {
    const { surveys } = loadSurveys();
    let npsQuestions = 0;
    for (const s of surveys.values()) {
      for (const q of surveyFigures(s, scales, [], range).questions) {
        if (!q.nps) continue;
        npsQuestions += 1;
        expect(q.distribution.map((b) => Number(b.value)).sort((a, b) => a - b)).toEqual([
          0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
        ]);
      }
    }
    expect(npsQuestions).toBeGreaterThan(0);
  });
});
