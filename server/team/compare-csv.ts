// The comparison's tables as CSV: the headline scores (one row a score) and the share of each
// answer (one row an answer), each period's figure and how many it is of, the change with its
// 95% interval and the verdict, rounded as the page shows them (a share to one decimal of a
// percent, an NPS to a whole point). The page's own tables are drawn from the same rows.
import type { NpsChange, QuestionComparison, ShareChange, SurveyComparison } from './compare';
import type { CsvTable } from './figure-download';
import { text, type TextKey, type UiLang } from './text';
import type { Verdict } from './compare';

export const COMPARE_TABLES = ['headlines', 'shares'] as const;
export type CompareTable = (typeof COMPARE_TABLES)[number];

/** A share as the page shows it: percent to one decimal (0.4 is 40). */
export const shareFigure = (share: number) => Math.round(share * 1000) / 10;
/** An NPS as the page shows it: a whole point. */
export const npsFigure = (points: number) => Math.round(points);

export const VERDICT_SHORT: Record<Verdict, TextKey> = {
  significant: 'verdictYes',
  chance: 'verdictNo',
  'too-few': 'verdictTooFewShort',
  'no-data': 'verdictNoData',
};

/** One row of a comparison table, its figures as numbers. */
export interface CompareRow {
  question: QuestionComparison;
  /** The measure's name (a headline) or the answer's label (a share). */
  label: string;
  /** Key of what the row is about (a field, a measure or an option). */
  key: string;
  before: number;
  /** How many the earlier figure is of (answers for a headline, the count for a share). */
  beforeOf: number;
  after: number;
  afterOf: number;
  change: number;
  low?: number;
  high?: number;
  verdict: Verdict;
  /** NPS rows are in points, share rows in percent. */
  nps: boolean;
}

const shareRow = (
  question: QuestionComparison,
  key: string,
  label: string,
  c: ShareChange,
  of: 'n' | 'hits',
): CompareRow => ({
  question,
  key,
  label,
  before: shareFigure(c.before.share),
  beforeOf: c.before[of],
  after: shareFigure(c.after.share),
  afterOf: c.after[of],
  change: shareFigure(c.change),
  low: c.low === undefined ? undefined : shareFigure(c.low),
  high: c.high === undefined ? undefined : shareFigure(c.high),
  verdict: c.verdict,
  nps: false,
});

const npsRow = (question: QuestionComparison, label: string, c: NpsChange): CompareRow => ({
  question,
  key: `${question.field.name}-nps`,
  label,
  before: npsFigure(c.before.score),
  beforeOf: c.before.n,
  after: npsFigure(c.after.score),
  afterOf: c.after.n,
  change: npsFigure(c.change),
  low: c.low === undefined ? undefined : npsFigure(c.low),
  high: c.high === undefined ? undefined : npsFigure(c.high),
  verdict: c.verdict,
  nps: true,
});

/** The kind of a question's top-two share. */
export const subjectOf = (q: QuestionComparison): TextKey =>
  q.measure === 'satisfaction' ? 'subjectCsat' : 'subjectRecommend';

/** The headline scores' rows: each question's CSAT or "likely to recommend", then its NPS. */
export function headlineRows(lang: UiLang, comparison: SurveyComparison): CompareRow[] {
  const t = (key: TextKey) => text(lang, key);
  return comparison.questions.flatMap((q) => [
    ...(q.topTwo
      ? [
          shareRow(
            q,
            q.field.name,
            t(q.measure === 'satisfaction' ? 'csat' : 'recommend'),
            q.topTwo,
            'n',
          ),
        ]
      : []),
    ...(q.nps ? [npsRow(q, t('nps'), q.nps)] : []),
  ]);
}

/** Each question's answers' rows. */
export const shareRows = (lang: UiLang, q: QuestionComparison): CompareRow[] =>
  q.options.map((o) => shareRow(q, o.value, o.label[lang], o.change, 'hits'));

export function compareCsv(
  lang: UiLang,
  table: CompareTable,
  comparison: SurveyComparison,
): CsvTable {
  const t = (key: TextKey) => text(lang, key);
  const [before, after] = [t('compareBefore'), t('compareAfter')];
  const of = table === 'headlines' ? t('answered') : t('count');
  const rows =
    table === 'headlines'
      ? headlineRows(lang, comparison)
      : comparison.questions.flatMap((q) => shareRows(lang, q));
  return {
    header: [
      t('question'),
      t(table === 'headlines' ? 'measure' : 'answer'),
      before,
      `${before}: ${of}`,
      after,
      `${after}: ${of}`,
      t('compareChange'),
      t('crosstabLow'),
      t('crosstabHigh'),
      t('compareVerdict'),
    ],
    rows: rows.map((r) => [
      r.question.field.label[lang],
      r.label,
      r.before,
      r.beforeOf,
      r.after,
      r.afterOf,
      r.change,
      r.low ?? '',
      r.high ?? '',
      t(VERDICT_SHORT[r.verdict]),
    ]),
  };
}
