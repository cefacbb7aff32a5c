// The feedback team's figures for one survey, computed from its definition and its responses.
// Pure: what a question measures comes from the shared scales' `measure`, never from names.
import {
  allFields,
  chosenValues,
  typeOf,
  type Option,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';
import type { FeedbackTally } from '../storage/team-types';
import type { FeedbackRecord } from '../storage/types';
import { addDays, ukDay, ukMidnight, ukWeekDay } from '../uk-time';
import { npsInterval } from './statistics';

export type Measure = 'satisfaction' | 'likelihood' | 'net-promoter';

/** The shared scales as far as the figures need them (definitions/shared/shared.json `scales`). */
export type Scales = Record<string, { measure?: Measure; options: Option[] }>;

/** Fewer answers than this and a figure carries a warning. */
export const LOW_SAMPLE = 30;

export interface Bar {
  value: string;
  label: Option['label'];
  count: number;
  /** count / n, 0 when n is 0. */
  share: number;
}

export interface QuestionFigures {
  field: ResolvedField;
  measure?: Measure;
  /** How many responses answered it. */
  n: number;
  lowSample: boolean;
  /** Every option in the order the question shows them. */
  distribution: Bar[];
  /** Share of the top two points: CSAT for satisfaction, "% likely to recommend" for likelihood. */
  topTwo?: number;
  /** Net Promoter Score, -100 to 100, with its adjusted-Wald 95% interval. Only on 0 to 10 scales. */
  nps?: { score: number; low: number; high: number };
}

export interface SurveyFigures {
  /** All = English + Welsh + not known (a response whose language was not recorded). */
  counts: { all: number; en: number; cy: number; unknown: number };
  /**
   * Responses per week (weeks start on Monday, UK time), oldest first, empty weeks included;
   * `partial` when the range leaves out some of the week's days (its first or last week).
   */
  weeks: { start: Date; count: number; partial: boolean }[];
  questions: QuestionFigures[];
}

/**
 * The weeks (from Monday, UK time) that [from, to) touches, oldest first; `partial` when the
 * range leaves out some of the week's days, as its first and last week may.
 */
export function weeksIn(range: { from: Date; to: Date }): { start: Date; partial: boolean }[] {
  const weeks = [];
  for (let day = ukWeekDay(range.from); ukMidnight(day) < range.to; day = addDays(day, 7)) {
    const start = ukMidnight(day);
    const partial = start < range.from || ukMidnight(addDays(day, 7)) > range.to;
    weeks.push({ start, partial });
  }
  return weeks;
}

/** Monday 00:00 UK time of the week `date` is in. */
export const weekStart = (date: Date): Date => ukMidnight(ukWeekDay(date));

/**
 * NPS with the adjusted-Wald interval (Sauro and Lewis): add 3 to n and 3/4 to the promoters
 * and the detractors, then a normal interval on the difference of the two proportions. The
 * comparison of two periods adjusts each the same way (./statistics.ts).
 */
export function netPromoter(promoters: number, detractors: number, n: number) {
  const score = n ? ((promoters - detractors) / n) * 100 : 0;
  return { score, ...npsInterval(promoters, detractors, n) };
}

/** The offered option values a sent choice answer holds, read back by the field's type. */
export function chosen(field: ResolvedField, sent: string): string[] {
  const known = new Set((field.options ?? []).map((o) => o.value));
  return chosenValues(typeOf(field).parseSent(field, sent).value).filter((v) => known.has(v));
}

export function questionFigures(
  field: ResolvedField,
  measure: Measure | undefined,
  sent: Map<string, number> | undefined,
): QuestionFigures {
  const options = field.options ?? [];
  const counts = new Map(options.map((o) => [o.value, 0]));
  let n = 0;
  for (const [answer, times] of sent ?? []) {
    const values = chosen(field, answer);
    if (!values.length) continue;
    n += times;
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + times);
  }
  const countOf = (value: string) => counts.get(value) ?? 0;
  const figures: QuestionFigures = {
    field,
    measure,
    n,
    lowSample: n < LOW_SAMPLE,
    distribution: options.map((o) => ({
      value: o.value,
      label: o.label,
      count: countOf(o.value),
      share: n ? countOf(o.value) / n : 0,
    })),
  };
  const points = options.map((o) => Number(o.value)).filter((v) => Number.isFinite(v));
  if (measure === 'satisfaction' || measure === 'likelihood') {
    const top = [...points].sort((a, b) => b - a).slice(0, 2);
    const hits = top.reduce((sum, v) => sum + countOf(String(v)), 0);
    figures.topTwo = n ? hits / n : 0;
  }
  if (measure === 'net-promoter') {
    const sum = (keep: (v: number) => boolean) =>
      points.filter(keep).reduce((total, v) => total + countOf(String(v)), 0);
    figures.nps = netPromoter(
      sum((v) => v >= 9),
      sum((v) => v <= 6),
      n,
    );
  }
  return figures;
}

/** The choice questions figures are computed for. */
export const choiceFields = (survey: ResolvedSurvey) =>
  allFields(survey).filter((f) => ['choice', 'choices'].includes(typeOf(f).role(f)));

export type Tally = FeedbackTally;

/** The tally of records in memory (the store computes the same with SQL). */
export function tally(
  survey: ResolvedSurvey,
  records: FeedbackRecord[],
  range: { from: Date; to: Date },
): Tally {
  const fields = choiceFields(survey).map((f) => f.name);
  const count = new Map<string, number>();
  const add = (key: string) => count.set(key, (count.get(key) ?? 0) + 1);
  for (const r of records) {
    if (r.surveyId !== survey.id || r.receivedAt < range.from || r.receivedAt >= range.to) continue;
    add(JSON.stringify(['lang', r.lang ?? null]));
    add(JSON.stringify(['day', ukDay(r.receivedAt)]));
    for (const field of fields) {
      if (r.answers[field]) add(JSON.stringify(['answer', field, r.answers[field]]));
    }
  }
  const result: Tally = { byLang: [], byDay: [], answers: [] };
  for (const [key, n] of count) {
    const [kind, a, b] = JSON.parse(key) as [string, string, string];
    if (kind === 'lang') result.byLang.push({ lang: a, n });
    else if (kind === 'day') result.byDay.push({ day: a, n });
    else result.answers.push({ field: a, value: b, n });
  }
  return result;
}

/**
 * Figures for one survey's responses received in [from, to): counts by language, the weekly
 * trend, and for every scale and choice question its distribution and headline score.
 */
export function figuresFromTally(
  survey: ResolvedSurvey,
  scales: Scales,
  counted: Tally,
  range: { from: Date; to: Date },
): SurveyFigures {
  const weeks: SurveyFigures['weeks'] = weeksIn(range).map((w) => ({ ...w, count: 0 }));
  for (const { day, n } of counted.byDay) {
    const start = weekStart(ukMidnight(day)).getTime();
    const week = weeks.find((w) => w.start.getTime() === start);
    if (week) week.count += n;
  }
  const sent = new Map<string, Map<string, number>>();
  for (const { field, value, n } of counted.answers) {
    if (!sent.has(field)) sent.set(field, new Map());
    sent.get(field)!.set(value, n);
  }
  const byLang = (lang: string | null) =>
    counted.byLang.filter((l) => l.lang === lang).reduce((sum, l) => sum + l.n, 0);
  return {
    counts: {
      all: counted.byLang.reduce((sum, l) => sum + l.n, 0),
      en: byLang('en'),
      cy: byLang('cy'),
      unknown: byLang(null),
    },
    weeks,
    questions: choiceFields(survey).map((f) =>
      questionFigures(f, f.scale ? scales[f.scale]?.measure : undefined, sent.get(f.name)),
    ),
  };
}

/** Figures straight from records (in memory): `figuresFromTally` of their `tally`. */
export function surveyFigures(
  survey: ResolvedSurvey,
  scales: Scales,
  records: FeedbackRecord[],
  range: { from: Date; to: Date },
): SurveyFigures {
  return figuresFromTally(survey, scales, tally(survey, records, range), range);
}
