// Two periods compared: each headline score and each choice's share, the change with its 95%
// interval, and whether the change is unlikely to be chance. Pure: figures in, comparisons out;
// the formulas are in ./statistics.ts.
//
// A share (CSAT, "likely to recommend", each option's share, a theme's share): Newcombe's
// hybrid score interval of the difference; the pooled two-proportion z test where each period
// expects at least 5 answers of each kind, Fisher's exact test where it does not. The NPS: the
// overview's adjusted-Wald interval, for the difference of the two periods (variances added),
// and the z test of the same statistic. "Too few to tell" only when no answers could have
// shown a change (even every answer one way before and the other way after, by Fisher's exact
// test); otherwise a verdict. The changes on one page are tested together (`correctForMany`,
// Holm's correction).
import type { QuestionFigures, SurveyFigures } from './figures';
import {
  ALPHA,
  holm,
  leastPossibleP,
  newcombeInterval,
  npsDifference,
  testProportions,
} from './statistics';

/** What can be said about a change. */
export type Verdict = 'significant' | 'chance' | 'too-few' | 'no-data';

/** A change tested: its p-value alone, and after the correction for the others on its page. */
export interface Tested {
  /** Two-sided p-value of this change alone (not when too few or no data). */
  p?: number;
  /** `p` after Holm's correction for the changes tested with it; `p` until corrected. */
  adjustedP?: number;
  verdict: Verdict;
}

export interface ShareChange extends Tested {
  before: { hits: number; n: number; share: number };
  after: { hits: number; n: number; share: number };
  /** after − before, as a proportion. */
  change: number;
  /** 95% interval of the change (Newcombe), as proportions; none without answers. */
  low?: number;
  high?: number;
  /** The test used. */
  method?: 'z' | 'fisher';
  /** The z statistic, when the z test was used. */
  z?: number;
}

export interface NpsChange extends Tested {
  before: { score: number; n: number };
  after: { score: number; n: number };
  /** after − before, in points (−200 to 200). */
  change: number;
  /** 95% adjusted-Wald interval of the change, in points; none without answers. */
  low?: number;
  high?: number;
}

/** The verdict of a p-value (corrected or not). */
const verdictOf = (p: number): Verdict => (p < ALPHA ? 'significant' : 'chance');

/** hits1/n1 against hits2/n2: the change, its interval, and the test. */
export function compareShares(hits1: number, n1: number, hits2: number, n2: number): ShareChange {
  const share = (hits: number, n: number) => (n ? hits / n : 0);
  const result = {
    before: { hits: hits1, n: n1, share: share(hits1, n1) },
    after: { hits: hits2, n: n2, share: share(hits2, n2) },
    change: share(hits2, n2) - share(hits1, n1),
  };
  if (!n1 || !n2) return { ...result, verdict: 'no-data' };
  const interval = newcombeInterval(hits2, n2, hits1, n1);
  if (leastPossibleP(n1, n2) >= ALPHA) return { ...result, ...interval, verdict: 'too-few' };
  const test = testProportions(hits1, n1, hits2, n2);
  return { ...result, ...interval, ...test, adjustedP: test.p, verdict: verdictOf(test.p) };
}

type NpsCounts = { promoters: number; detractors: number; n: number };

/** The NPS of each period (promoters and detractors of n), the change and its interval. */
export function compareNps(before: NpsCounts, after: NpsCounts): NpsChange {
  const score = (c: NpsCounts) => (c.n ? ((c.promoters - c.detractors) / c.n) * 100 : 0);
  const result = {
    before: { score: score(before), n: before.n },
    after: { score: score(after), n: after.n },
    change: score(after) - score(before),
  };
  if (!before.n || !after.n) return { ...result, verdict: 'no-data' };
  const { low, high, p } = npsDifference(before, after);
  // As for a share: when no way of sharing these answers between the periods could be told
  // from chance by an exact test, the normal approximation is not asked either (at 2 and 3
  // answers it would call all promoters against all detractors a change, p = 0.04).
  if (leastPossibleP(before.n, after.n) >= ALPHA)
    return { ...result, low, high, verdict: 'too-few' };
  return { ...result, low, high, p, adjustedP: p, verdict: verdictOf(p) };
}

/**
 * The changes tested together on one page, each verdict from its p-value after Holm's
 * correction for the others. Changes with too few answers or none are not counted: no answers
 * could make them a change, so they cannot make a wrong one.
 */
export function correctForMany<T extends Tested>(changes: T[]): T[] {
  const tested = changes.filter((c) => c.p !== undefined);
  const adjusted = holm(tested.map((c) => c.p!));
  const of = new Map(tested.map((c, i) => [c, adjusted[i]!]));
  return changes.map((c) => {
    const p = of.get(c);
    return p === undefined ? c : { ...c, adjustedP: p, verdict: verdictOf(p) };
  });
}

export interface QuestionComparison {
  field: QuestionFigures['field'];
  measure: QuestionFigures['measure'];
  /** CSAT or "likely to recommend". */
  topTwo?: ShareChange;
  nps?: NpsChange;
  /** Each option's share of the answers. */
  options: {
    value: string;
    label: QuestionFigures['distribution'][number]['label'];
    change: ShareChange;
  }[];
}

export interface SurveyComparison {
  counts: { before: number; after: number };
  questions: QuestionComparison[];
}

/** The top two points of a scale (as figures.ts counts them). */
function topTwoHits(q: QuestionFigures): number {
  const points = q.distribution
    .map((b) => ({ v: Number(b.value), count: b.count }))
    .filter((b) => Number.isFinite(b.v))
    .sort((x, y) => y.v - x.v);
  return points.slice(0, 2).reduce((sum, b) => sum + b.count, 0);
}

function npsCounts(q: QuestionFigures) {
  const sum = (keep: (v: number) => boolean) =>
    q.distribution.filter((b) => keep(Number(b.value))).reduce((s, b) => s + b.count, 0);
  return { promoters: sum((v) => v >= 9), detractors: sum((v) => v <= 6), n: q.n };
}

/**
 * One survey's figures in two periods, compared question by question. The page's changes are
 * corrected in two families: the headline scores (CSAT, likely to recommend, NPS) together,
 * the question the team asks first, and every answer's share together, so the many shares do
 * not hide a change in a headline score.
 */
export function compareFigures(before: SurveyFigures, after: SurveyFigures): SurveyComparison {
  const questions = after.questions.map((b, i) => {
    const a = before.questions[i]!;
    return {
      field: b.field,
      measure: b.measure,
      topTwo:
        b.topTwo !== undefined ? compareShares(topTwoHits(a), a.n, topTwoHits(b), b.n) : undefined,
      nps: b.nps ? compareNps(npsCounts(a), npsCounts(b)) : undefined,
      options: b.distribution.map((bar, j) => ({
        value: bar.value,
        label: bar.label,
        change: compareShares(a.distribution[j]!.count, a.n, bar.count, b.n),
      })),
    };
  });
  const headlines = correctForMany(
    questions.flatMap((q) => [q.topTwo, q.nps]).filter((c) => c !== undefined),
  );
  const shares = correctForMany(questions.flatMap((q) => q.options.map((o) => o.change)));
  let h = 0;
  let s = 0;
  return {
    counts: { before: before.counts.all, after: after.counts.all },
    questions: questions.map((q) => ({
      ...q,
      topTwo: q.topTwo && (headlines[h++] as ShareChange),
      nps: q.nps && (headlines[h++] as NpsChange),
      options: q.options.map((o) => ({ ...o, change: shares[s++]! })),
    })),
  };
}
