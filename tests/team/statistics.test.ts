// The statistics behind the verdicts, against published worked examples and figures worked out
// by hand here (the working is in the comments), never against the code's own output.
import { describe, expect, it } from 'vitest';
import {
  fisherExactP,
  holm,
  largeSample,
  leastPossibleP,
  newcombeInterval,
  normalP,
  npsDifference,
  npsInterval,
  testProportions,
  wilsonInterval,
} from '../../server/team/statistics';

describe('wilsonInterval', () => {
  it("reproduces Newcombe (1998a)'s score intervals (Statistics in Medicine 17, 857–872, Table I)", () => {
    // Method 3, the score interval without continuity correction, z = 1.96.
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [hits, n, low, high] of cases) {
      const w = wilsonInterval(hits, n, 1.96);
      expect(w.low, `${hits}/${n}`).toBeCloseTo(low, 4);
      expect(w.high, `${hits}/${n}`).toBeCloseTo(high, 4);
    }
  });
});

describe('newcombeInterval (hybrid score, method 10)', () => {
  it("reproduces Newcombe (1998b)'s worked examples (Statistics in Medicine 17, 873–890, Table II)", () => {
    const a = newcombeInterval(56, 70, 48, 80);
    expect(a.low).toBeCloseTo(0.0524, 4);
    expect(a.high).toBeCloseTo(0.3339, 4);
    const b = newcombeInterval(9, 10, 3, 10);
    expect(b.low).toBeCloseTo(0.1705, 4);
    expect(b.high).toBeCloseTo(0.809, 4);
  });

  it('is the mirror image when the periods swap', () => {
    const b = newcombeInterval(3, 10, 9, 10);
    expect(b.low).toBeCloseTo(-0.809, 4);
    expect(b.high).toBeCloseTo(-0.1705, 4);
  });
});

describe('fisherExactP (two-sided)', () => {
  it('reproduces the tea-tasting table (Fisher 1935; Agresti, Categorical Data Analysis, 2nd ed., Table 3.8)', () => {
    // 3 of 4 cups with milk first guessed right, 1 of 4 with tea first wrongly: two-sided P = 0.486.
    // By hand: with 4 and 4 guessed, P(x) = C(4,x)·C(4,4−x)/70 = 1, 16, 36, 16, 1 (/70); the
    // tables no more likely than x = 3 are x = 0, 1, 3, 4: 34/70.
    expect(fisherExactP(3, 4, 1, 4)).toBeCloseTo(34 / 70, 10);
  });

  it('10 of 10 against 0 of 20: 1 / C(30, 10)', () => {
    // Only x = 10 is as unlikely (x = 0 has C(20,10)/C(30,10) = 184,756/30,045,015).
    expect(fisherExactP(10, 10, 0, 20)).toBeCloseTo(1 / 30045015, 15);
  });

  it('9 of 10 against 3 of 10: 2,490 / 125,970', () => {
    // 12 hits of 20: P(x) ∝ C(10,x)·C(10,12−x) over C(20,12) = 125,970; x = 9 and 3 give
    // 10·120 = 1,200 each, x = 10 and 2 give 45 each; the rest are more likely.
    expect(fisherExactP(9, 10, 3, 10)).toBeCloseTo(2490 / 125970, 12);
  });

  it('100% of 50 against 90% of 50: twice C(95,50)/C(100,50)', () => {
    // 95 hits: x = 50 and x = 45 are the least likely, each (50·49·48·47·46)/(100·99·98·97·96)
    // = 0.0281424 of the tables: p = 0.0562848.
    expect(fisherExactP(50, 50, 45, 50)).toBeCloseTo(0.0562848, 6);
  });

  it('one table only (both periods all one way): p = 1', () => {
    expect(fisherExactP(50, 50, 80, 80)).toBe(1);
    expect(fisherExactP(0, 3, 0, 4)).toBe(1);
  });
});

describe('normalP', () => {
  it('gives the two-sided tail of the standard normal table', () => {
    expect(normalP(1.959964)).toBeCloseTo(0.05, 6);
    expect(normalP(-1.959964)).toBeCloseTo(0.05, 6);
    expect(normalP(2.575829)).toBeCloseTo(0.01, 6);
    expect(normalP(3)).toBeCloseTo(0.0026998, 6);
    expect(normalP(0)).toBe(1);
  });
});

describe('testProportions', () => {
  it('uses the pooled z test when each period expects 5 of each kind', () => {
    // 72/100 against 61/100: pooled 0.665, se = sqrt(0.665 × 0.335 × 0.02) = 0.066750,
    // z = −0.11 / 0.066750 = −1.6480; two-sided p = 0.0994.
    expect(largeSample(72, 100, 61, 100)).toBe(true);
    const t = testProportions(72, 100, 61, 100);
    expect(t.method).toBe('z');
    expect(t.z).toBeCloseTo(-1.648, 3);
    expect(t.p).toBeCloseTo(0.0994, 3);
  });

  it("uses Fisher's exact test when a period expects fewer than 5 of a kind", () => {
    // 9/10 against 3/10: pooled 0.6, 10 × 0.4 = 4 expected misses per period.
    expect(largeSample(9, 10, 3, 10)).toBe(false);
    const t = testProportions(9, 10, 3, 10);
    expect(t.method).toBe('fisher');
    expect(t.z).toBeUndefined();
    expect(t.p).toBeCloseTo(2490 / 125970, 12);
  });
});

describe('leastPossibleP', () => {
  it('is the p of every answer one way before and the other way after', () => {
    // 3 and 3: x = 0 and x = 3 each 1/C(6,3) = 1/20: 0.1, so no answers could show a change.
    expect(leastPossibleP(3, 3)).toBeCloseTo(0.1, 12);
    // 2 and 3: 1/C(5,2) = 0.1 (x = 0; x = 2 has 3/10).
    expect(leastPossibleP(2, 3)).toBeCloseTo(0.1, 12);
    // 2 and 4: 1/C(6,2) = 1/15.
    expect(leastPossibleP(2, 4)).toBeCloseTo(1 / 15, 12);
    // 4 and 4: 2/C(8,4) = 2/70, under 0.05: a change could show.
    expect(leastPossibleP(4, 4)).toBeCloseTo(2 / 70, 12);
    // 1 and 100: 1/101.
    expect(leastPossibleP(1, 100)).toBeCloseTo(1 / 101, 12);
    expect(leastPossibleP(1000, 1000)).toBe(0);
  });
});

describe('the NPS intervals (adjusted Wald: 3 answers added, 3/4 promoters, 3/4 detractors)', () => {
  it('one score, as the overview shows it', () => {
    // 30 promoters of 30: p = 30.75/33 = 0.931818, d = 0.75/33 = 0.022727, p − d = 0.909091;
    // var = (0.954545 − 0.826446)/33 = 0.0038818, margin = 1.959964 × 0.062304 = 0.122114:
    // 0.786977 to 1.031205, so 78.70 to 100 (at most 100).
    const i = npsInterval(30, 0, 30);
    expect(i.low).toBeCloseTo(78.698, 2);
    expect(i.high).toBe(100);
  });

  it('+100 to −100 with 30 answers each: the difference leaves out 0 by far', () => {
    // Before 0.909091 (var 0.0038818), after −0.909091 (the same): −1.818182 ± 1.959964 ×
    // sqrt(0.0077636) = ± 0.172695: −199.09 to −164.55 points.
    const d = npsDifference(
      { promoters: 30, detractors: 0, n: 30 },
      { promoters: 0, detractors: 30, n: 30 },
    );
    expect(d.low).toBeCloseTo(-199.088, 2);
    expect(d.high).toBeCloseTo(-164.549, 2);
    expect(d.p).toBeLessThan(1e-20);
  });

  it('30 to 10 with 100 answers each: the difference could be chance', () => {
    // Before: p = 50.75/103 = 0.492718, d = 20.75/103 = 0.201456, p − d = 0.291262,
    // var = (0.694175 − 0.084834)/103 = 0.0059159. After: p = 40.75/103 = 0.395631,
    // d = 30.75/103 = 0.298544, p − d = 0.097087, var = (0.694175 − 0.009426)/103 = 0.0066480.
    // −0.194175 ± 1.959964 × sqrt(0.0125639) = ± 0.219690: −41.39 to 2.55; z = −1.7323,
    // p = 0.0832.
    const d = npsDifference(
      { promoters: 50, detractors: 20, n: 100 },
      { promoters: 40, detractors: 30, n: 100 },
    );
    expect(d.low).toBeCloseTo(-41.386, 2);
    expect(d.high).toBeCloseTo(2.552, 2);
    expect(d.p).toBeCloseTo(0.0832, 3);
  });
});

describe('holm', () => {
  it('adjusts each p-value by its rank (Holm 1979), never below the one before, at most 1', () => {
    // Sorted: 0.005 × 4 = 0.02, 0.01 × 3 = 0.03, 0.03 × 2 = 0.06, 0.04 × 1 = 0.04 → 0.06.
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((p, i) => expect(adjusted[i]).toBeCloseTo(p, 12));
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
    expect(holm([0.02])).toEqual([0.02]);
    expect(holm([])).toEqual([]);
  });
});
