// Scores over time: for each week or month (UK time) of a page's range, every headline score of
// a survey (the share of the top two points, CSAT for satisfaction, and NPS: what the overview's
// headline table shows, asked through the scales' `measure`) with its 95% interval: Wilson's for
// a share, the adjusted Wald for NPS (./statistics.ts), as the overview's headline figures.
import type { ResolvedField, ResolvedSurvey } from '../../engine';
import type { FeedbackFilter, Note } from '../storage/team-types';
import { addDays, nextMonth, ukDay, ukMidnight, ukMonthDay, ukWeekDay } from '../uk-time';
import type { TeamReader } from './access';
import { choiceFields, figuresFromTally, LOW_SAMPLE, type Scales } from './figures';
import { wilsonInterval } from './statistics';

export type TrendPeriod = 'week' | 'month';

/** The period a page's query asks for (`period=month`); weeks unless asked. */
export const trendPeriod = (value: string | undefined): TrendPeriod =>
  value === 'month' ? 'month' : 'week';

/** The query part that keeps a period on links and forms (none for weeks, the default). */
export const periodParam = (period: TrendPeriod) => (period === 'month' ? 'period=month' : '');

/** The same, as a form's hidden fields. */
export const periodQuery = (period: TrendPeriod): Record<string, string> =>
  period === 'month' ? { period } : {};

export interface Period {
  /** Its first UK day (a Monday, or the first of the month). */
  day: string;
  start: Date;
  end: Date;
  /** The range leaves out some of its days. */
  partial: boolean;
}

/** The weeks or months that [from, to) touches, oldest first. */
export function periodsIn(range: { from: Date; to: Date }, period: TrendPeriod): Period[] {
  const periods: Period[] = [];
  const next = (d: string) => (period === 'week' ? addDays(d, 7) : nextMonth(d));
  let d = period === 'week' ? ukWeekDay(range.from) : ukMonthDay(range.from);
  for (; ukMidnight(d) < range.to; d = next(d)) {
    const start = ukMidnight(d);
    const end = ukMidnight(next(d));
    periods.push({ day: d, start, end, partial: start < range.from || end > range.to });
  }
  return periods;
}

export interface TrendPoint {
  period: Period;
  /** Answers in the period. */
  n: number;
  lowSample: boolean;
  /** A share as a percentage (0 to 100) or an NPS (−100 to 100); undefined without answers. */
  score?: number;
  low?: number;
  high?: number;
}

export interface ScoreTrend {
  field: ResolvedField;
  kind: 'csat' | 'recommend' | 'nps';
  points: TrendPoint[];
}

/** Each headline score of `survey` in each period of the range, for the filter's responses. */
export async function scoreTrends(
  reader: TeamReader,
  survey: ResolvedSurvey,
  scales: Scales,
  filter: FeedbackFilter,
  range: { from: Date; to: Date },
  period: TrendPeriod,
): Promise<ScoreTrend[]> {
  const measureOf = (f: ReturnType<typeof choiceFields>[number]) =>
    f.scale ? scales[f.scale]?.measure : undefined;
  const scored = choiceFields(survey).filter((f) => measureOf(f) !== undefined);
  if (!scored.length) return [];
  const periods = periodsIn(range, period);
  // Each period's answer counts, in one query: from the per-day counts where the filter allows
  // (whole UK days). Only the answers: the scores need no count of responses by language or day.
  const clipped = periods.map((p) => ({
    from: p.start < range.from ? range.from : p.start,
    to: p.end > range.to ? range.to : p.end,
  }));
  const answers = await reader.answerTallyByPeriod(
    { ...filter, surveyId: survey.id, from: range.from, to: range.to },
    scored.map((f) => f.name),
    clipped.slice(1).map((p) => p.from),
  );
  const figures = clipped.map((p, i) =>
    figuresFromTally(survey, scales, { byLang: [], byDay: [], answers: answers[i]! }, p),
  );
  return scored.flatMap((field): ScoreTrend[] => {
    const points = figures.map((f, i): TrendPoint => {
      const q = f.questions.find((x) => x.field.name === field.name)!;
      const point = { period: periods[i]!, n: q.n, lowSample: q.n < LOW_SAMPLE };
      if (!q.n) return point;
      if (q.nps) return { ...point, score: q.nps.score, low: q.nps.low, high: q.nps.high };
      if (q.topTwo === undefined) return point;
      const interval = wilsonInterval(Math.round(q.topTwo * q.n), q.n);
      return {
        ...point,
        score: q.topTwo * 100,
        low: interval.low * 100,
        high: interval.high * 100,
      };
    });
    const measure = measureOf(field);
    if (measure === 'net-promoter') return [{ field, kind: 'nps', points }];
    if (measure === 'satisfaction') return [{ field, kind: 'csat', points }];
    if (measure === 'likelihood') return [{ field, kind: 'recommend', points }];
    return [];
  });
}

/** The notes on a survey's trends: those about it or every survey, in [from, to). */
export const notesFor = (notes: Note[], surveyId: string, range: { from: Date; to: Date }) =>
  notes.filter(
    (n) =>
      (!n.surveyId || n.surveyId === surveyId) &&
      ukMidnight(n.day) >= range.from &&
      ukMidnight(n.day) < range.to,
  );

/** The notes in a period. */
export const notesIn = (notes: Note[], period: { start: Date; end: Date }) =>
  notes.filter((n) => ukMidnight(n.day) >= period.start && ukMidnight(n.day) < period.end);

/** The UK days a range's notes are read for: [first day, last day]. */
export const noteDays = (range: { from: Date; to: Date }) => ({
  from: ukDay(range.from),
  to: ukDay(new Date(range.to.getTime() - 1)),
});
