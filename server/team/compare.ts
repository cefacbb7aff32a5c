// Two periods compared: each headline score and each choice's share, the change, and whether
// the change is statistically significant at 95%. Pure: figures in, comparisons out.
//
// Shares (CSAT, "likely to recommend", each option's share) use the two-proportion z test with
// the pooled proportion; it is only trusted when each period expects at least 5 answers of
// each kind (n·p and n·(1−p) at least 5 under the pooled p), else "too few to tell", also when
// both periods are all one way: nothing says "could be chance" unless the test was made. The NPS
// difference gets a 95% confidence interval: NPS = P − D, and with P and D the shares of a
// multinomial sample its variance is (P + D − (P − D)²) / n; the two periods are independent,
// so the variances add. The change is significant when the interval leaves out 0; with fewer
// than 30 answers in a period, too few to tell. When every answer in each period is of one kind
// (all promoters, all passives or all detractors) both variances are 0 and the "interval" would
// be the change alone: there is no spread to make one from, so no interval and too few to tell.
import { LOW_SAMPLE, type QuestionFigures, type SurveyFigures } from './figures';

export const Z95 = 1.959964;

/** What can be said about a change. */
export type Verdict = 'significant' | 'chance' | 'too-few' | 'no-data';

export interface ShareChange {
  before: { hits: number; n: number; share: number };
  after: { hits: number; n: number; share: number };
  /** after − before, as a proportion. */
  change: number;
  /** The z statistic, when the test could be made (not when too few to tell). */
  z?: number;
  verdict: Verdict;
}

export interface NpsChange {
  before: { score: number; n: number };
  after: { score: number; n: number };
  /** after − before, in points (−200 to 200). */
  change: number;
  /** 95% interval of the change, in points; none when the answers have no spread. */
  low?: number;
  high?: number;
  verdict: Verdict;
}

/** Two-proportion z test of hits1/n1 against hits2/n2. */
export function compareShares(hits1: number, n1: number, hits2: number, n2: number): ShareChange {
  const share = (hits: number, n: number) => (n ? hits / n : 0);
  const result = {
    before: { hits: hits1, n: n1, share: share(hits1, n1) },
    after: { hits: hits2, n: n2, share: share(hits2, n2) },
    change: share(hits2, n2) - share(hits1, n1),
  };
  if (!n1 || !n2) return { ...result, verdict: 'no-data' };
  const pooled = (hits1 + hits2) / (n1 + n2);
  // Checked first: with both periods all one way (pooled 0 or 1) there are no expected answers
  // of one kind, so the test cannot be made (and z would be 0 / 0).
  const enough = [n1, n2].every((n) => n * pooled >= 5 && n * (1 - pooled) >= 5);
  if (!enough) return { ...result, verdict: 'too-few' };
  const z = result.change / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return { ...result, z, verdict: Math.abs(z) > Z95 ? 'significant' : 'chance' };
}

/** The NPS of each period (promoters and detractors of n) and the change's 95% interval. */
export function compareNps(
  before: { promoters: number; detractors: number; n: number },
  after: { promoters: number; detractors: number; n: number },
): NpsChange {
  const of = (p: typeof before) => {
    const P = p.n ? p.promoters / p.n : 0;
    const D = p.n ? p.detractors / p.n : 0;
    return { score: (P - D) * 100, variance: p.n ? (P + D - (P - D) ** 2) / p.n : 0 };
  };
  const a = of(before);
  const b = of(after);
  const result = {
    before: { score: a.score, n: before.n },
    after: { score: b.score, n: after.n },
    change: b.score - a.score,
  };
  if (!before.n || !after.n) return { ...result, verdict: 'no-data' };
  if (a.variance + b.variance === 0) return { ...result, verdict: 'too-few' };
  const margin = Z95 * Math.sqrt(a.variance + b.variance) * 100;
  const interval = { low: result.change - margin, high: result.change + margin };
  if (before.n < LOW_SAMPLE || after.n < LOW_SAMPLE)
    return { ...result, ...interval, verdict: 'too-few' };
  const significant = interval.low > 0 || interval.high < 0;
  return { ...result, ...interval, verdict: significant ? 'significant' : 'chance' };
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

/** One survey's figures in two periods, compared question by question. */
export function compareFigures(before: SurveyFigures, after: SurveyFigures): SurveyComparison {
  return {
    counts: { before: before.counts.all, after: after.counts.all },
    questions: after.questions.map((b, i) => {
      const a = before.questions[i]!;
      return {
        field: b.field,
        measure: b.measure,
        topTwo:
          b.topTwo !== undefined
            ? compareShares(topTwoHits(a), a.n, topTwoHits(b), b.n)
            : undefined,
        nps: b.nps ? compareNps(npsCounts(a), npsCounts(b)) : undefined,
        options: b.distribution.map((bar, j) => ({
          value: bar.value,
          label: bar.label,
          change: compareShares(a.distribution[j]!.count, a.n, bar.count, b.n),
        })),
      };
    }),
  };
}
