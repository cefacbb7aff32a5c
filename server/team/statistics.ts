// The statistics behind the team's verdicts, written from the published formulas. Pure.
// - Wilson's score interval for one proportion (Wilson 1927), and Newcombe's hybrid score
//   interval for a difference of two independent proportions (Newcombe 1998, method 10).
// - Fisher's exact test of two proportions, two-sided: the tables with the same margins no more
//   likely than the one observed (as R's fisher.test sums them).
// - The two-proportion z test with the pooled proportion, where each period expects at least 5
//   answers of each kind; Fisher's test where it does not.
// - The Net Promoter Score's adjusted-Wald interval (Sauro and Lewis: 3 more answers, 3/4 more
//   promoters and detractors), for one score and for the difference of two.
// - Holm's step-down correction for many tests (Holm 1979), valid whatever the tests' dependence.

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959964;
/** The level a change must pass: less than 1 time in 20 if nothing had changed. */
export const ALPHA = 0.05;

/** erfc(x), fractional error under 1.2e-7 (Chebyshev fit; Numerical Recipes' erfcc). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t *
                          (-1.13520398 +
                            t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** Two-sided p-value of a standard normal statistic. */
export const normalP = (z: number) => Math.min(1, erfc(Math.abs(z) / Math.SQRT2));

/** A 95% interval (or another level through z). */
export interface Interval {
  low: number;
  high: number;
}

/** Wilson's score interval for hits/n (n > 0). */
export function wilsonInterval(hits: number, n: number, z = Z95): Interval {
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Newcombe's hybrid score interval (method 10) for p1 − p2, with p1 = hits1/n1 and
 * p2 = hits2/n2 independent: each limit combines the two Wilson intervals' distances.
 */
export function newcombeInterval(
  hits1: number,
  n1: number,
  hits2: number,
  n2: number,
  z = Z95,
): Interval {
  const p1 = hits1 / n1;
  const p2 = hits2 / n2;
  const w1 = wilsonInterval(hits1, n1, z);
  const w2 = wilsonInterval(hits2, n2, z);
  const d = p1 - p2;
  return {
    low: d - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: d + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  };
}

/** ln(n!): summed below 256, Stirling's series above (error under 1e-15 there). */
const LOG_FACTORIALS = [0];
for (let i = 1; i < 256; i++) LOG_FACTORIALS.push(LOG_FACTORIALS[i - 1]! + Math.log(i));
function logFactorial(n: number): number {
  if (n < 256) return LOG_FACTORIALS[n]!;
  const inv = 1 / n;
  const inv2 = inv * inv;
  return (
    n * Math.log(n) -
    n +
    0.5 * Math.log(2 * Math.PI * n) +
    inv * (1 / 12 - inv2 * (1 / 360 - inv2 / 1260))
  );
}
const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * Fisher's exact test, two-sided, of hits1/n1 against hits2/n2: the probability, with the
 * margins fixed (hypergeometric), of a table no more likely than the one observed.
 */
export function fisherExactP(hits1: number, n1: number, hits2: number, n2: number): number {
  const hits = hits1 + hits2;
  const n = n1 + n2;
  const total = logChoose(n, n1);
  const logP = (x: number) => logChoose(hits, x) + logChoose(n - hits, n1 - x) - total;
  const observed = logP(hits1);
  let p = 0;
  // Ties within a relative 1e-7 count as "no more likely" (rounding in the logarithms).
  for (let x = Math.max(0, n1 - (n - hits)); x <= Math.min(n1, hits); x++) {
    const lp = logP(x);
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

/** Each period expects at least 5 answers of each kind under the pooled proportion. */
export function largeSample(hits1: number, n1: number, hits2: number, n2: number): boolean {
  const pooled = (hits1 + hits2) / (n1 + n2);
  return [n1, n2].every((n) => n * pooled >= 5 && n * (1 - pooled) >= 5);
}

export interface ProportionTest {
  method: 'z' | 'fisher';
  /** The z statistic of p2 − p1, when the z test was used. */
  z?: number;
  /** Two-sided p-value. */
  p: number;
}

/**
 * Whether hits2/n2 differs from hits1/n1 (both n > 0): the pooled two-proportion z test when
 * the sample is large enough for it, otherwise Fisher's exact test.
 */
export function testProportions(
  hits1: number,
  n1: number,
  hits2: number,
  n2: number,
): ProportionTest {
  if (!largeSample(hits1, n1, hits2, n2))
    return { method: 'fisher', p: fisherExactP(hits1, n1, hits2, n2) };
  const pooled = (hits1 + hits2) / (n1 + n2);
  const z = (hits2 / n2 - hits1 / n1) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return { method: 'z', z, p: normalP(z) };
}

/**
 * The smallest p-value any answers could give with n1 and n2 answers: every answer one way in
 * one period and the other way in the other (Fisher's test, which such small samples use). At
 * ALPHA or above, no change could show: too few answers to tell. With more than 30 answers in
 * each period it is below 31 / C(62, 31), about 1e-16: taken as 0.
 */
export function leastPossibleP(n1: number, n2: number): number {
  if (Math.min(n1, n2) > 30) return 0;
  return fisherExactP(0, n1, n2, n2);
}

/** The adjusted-Wald view of one period's NPS: the adjusted P − D and its variance. */
export function adjustedNps(promoters: number, detractors: number, n: number) {
  const adjustedN = n + 3;
  const p = (promoters + 0.75) / adjustedN;
  const d = (detractors + 0.75) / adjustedN;
  return { centre: p - d, variance: (p + d - (p - d) ** 2) / adjustedN };
}

const clamp = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));

/** One NPS's adjusted-Wald 95% interval, in points (−100 to 100). */
export function npsInterval(promoters: number, detractors: number, n: number): Interval {
  const { centre, variance } = adjustedNps(promoters, detractors, n);
  const margin = Z95 * Math.sqrt(variance);
  return { low: clamp(centre - margin, 1) * 100, high: clamp(centre + margin, 1) * 100 };
}

type NpsCounts = { promoters: number; detractors: number; n: number };

/**
 * The difference of two independent NPS (after − before) with the overview's adjustment: each
 * period adjusted as `adjustedNps`, the variances added; in points (−200 to 200), with the
 * z test's two-sided p-value of the same statistic (the interval leaves out 0 exactly when
 * p < 0.05).
 */
export function npsDifference(before: NpsCounts, after: NpsCounts): Interval & { p: number } {
  const a = adjustedNps(before.promoters, before.detractors, before.n);
  const b = adjustedNps(after.promoters, after.detractors, after.n);
  const difference = b.centre - a.centre;
  const se = Math.sqrt(a.variance + b.variance);
  return {
    low: clamp(difference - Z95 * se, 2) * 100,
    high: clamp(difference + Z95 * se, 2) * 100,
    p: normalP(difference / se),
  };
}

/**
 * Holm's step-down adjusted p-values, in the order given: the i-th smallest of m is multiplied
 * by (m − i + 1), kept from falling below the one before and capped at 1. A change is called
 * when its adjusted p is below ALPHA; the chance of calling any change among those tested when
 * none happened stays under ALPHA.
 */
export function holm(pValues: number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
