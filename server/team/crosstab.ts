// A score broken down by another answer (a crosstab): for each answer to the "by" question, the
// score question's figures among the responses that gave it, as the overview works them out
// (./figures.ts), with a 95% interval for every share. Pure: made from the database's counts of
// answer pairs (server/storage/team/crosstab.ts).
import type { Option, ResolvedField, ResolvedSurvey } from '../../engine';
import type { AnswerPair } from '../storage/team-types';
import { chosen, choiceFields, questionFigures, type Measure, type Scales } from './figures';
import { segmentFields } from './filters';
import { wilsonInterval, type Interval } from './statistics';

/** A row's group: everyone, those who gave one answer, or those who did not answer. */
export type RowKey = { all: true } | { option: Option } | { unanswered: true };

export interface CrossCell {
  value: string;
  label: Option['label'];
  count: number;
  /** count / n (0 when n is 0), with its Wilson 95% interval (none when n is 0). */
  share: number;
  interval?: Interval;
}

/** A score question's figures among one group of responses. */
export interface FigureRow {
  /** Responses in the group that answered the score question. */
  n: number;
  lowSample: boolean;
  /** One cell per option of the score question, in its order. */
  cells: CrossCell[];
  /** The score's headline: the share of the top two points (CSAT) or the NPS, with its interval. */
  headline?: { kind: 'topTwo' | 'nps'; value: number; interval: Interval };
}

export interface CrossRow extends FigureRow {
  key: RowKey;
}

export interface Crosstab {
  score: ResolvedField;
  measure?: Measure;
  by: ResolvedField;
  /** Everyone first, then each answer to `by` in its order, then those who did not answer it. */
  rows: CrossRow[];
}

/** The questions a score can be read from (any scale or choice question), and broken down by. */
export const scoreFields = (survey: ResolvedSurvey) => choiceFields(survey);
export const byFields = (survey: ResolvedSurvey) => segmentFields(survey);

export function crosstab(
  scales: Scales,
  score: ResolvedField,
  by: ResolvedField,
  pairs: AnswerPair[],
): Crosstab {
  const measure = score.scale ? scales[score.scale]?.measure : undefined;
  const groups = new Map<string, Map<string, number>>();
  const add = (group: string, sent: string, n: number) => {
    if (!groups.has(group)) groups.set(group, new Map());
    const counts = groups.get(group)!;
    counts.set(sent, (counts.get(sent) ?? 0) + n);
  };
  for (const { values, n } of pairs) {
    const [scoreSent, bySent] = values;
    // Only responses that answered the score question are in any row.
    if (scoreSent === null || !chosen(score, scoreSent).length) continue;
    add('all', scoreSent, n);
    // A checkbox list's response is in the row of each option it ticked.
    const answers = bySent === null ? [] : chosen(by, bySent);
    if (!answers.length) add('unanswered', scoreSent, n);
    for (const value of answers) add(`option:${value}`, scoreSent, n);
  }
  const row = (key: RowKey, group: string): CrossRow => ({
    key,
    ...figureRow(score, measure, groups.get(group)),
  });
  const rows = [
    row({ all: true }, 'all'),
    ...(by.options ?? []).map((option) => row({ option }, `option:${option.value}`)),
  ];
  if (groups.has('unanswered')) rows.push(row({ unanswered: true }, 'unanswered'));
  return { score, measure, by, rows };
}

/**
 * The figures of a score question among a group of responses, from how often each answer was
 * sent: as the overview works them out (./figures.ts), with a Wilson interval for each share.
 */
export function figureRow(
  score: ResolvedField,
  measure: Measure | undefined,
  sent: Map<string, number> | undefined,
): FigureRow {
  const figures = questionFigures(score, measure, sent);
  const { n } = figures;
  const headline =
    figures.nps !== undefined
      ? {
          kind: 'nps' as const,
          value: figures.nps.score,
          interval: { low: figures.nps.low, high: figures.nps.high },
        }
      : figures.topTwo !== undefined
        ? {
            kind: 'topTwo' as const,
            value: figures.topTwo,
            interval: wilsonInterval(Math.round(figures.topTwo * n), n),
          }
        : undefined;
  return {
    n,
    lowSample: figures.lowSample,
    cells: figures.distribution.map((bar) => ({
      value: bar.value,
      label: bar.label,
      count: bar.count,
      share: bar.share,
      ...(n ? { interval: wilsonInterval(bar.count, n) } : {}),
    })),
    ...(headline && n ? { headline } : {}),
  };
}
