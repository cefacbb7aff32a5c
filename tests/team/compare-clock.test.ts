// The comparison's default earlier period is as many UK days as the chosen one, ending where it
// starts, also when the clocks change inside either period (then a period's days are not all 24
// hours long). Expected bounds are written as UTC instants: GMT midnights are 00:00Z, BST ones
// 23:00Z the day before.
import { describe, expect, it } from 'vitest';
import { earlierPeriod } from '../../server/team/compare-page';

const at = (iso: string) => new Date(iso);
const options = { surveys: new Map(), now: at('2026-12-01T12:00:00Z'), ranged: true };

describe('the default earlier period across the clocks changing', () => {
  it('in March (29 March 2026, GMT to BST): 1 to 30 April against 2 to 31 March', () => {
    // 1 April 00:00 BST to 1 May 00:00 BST: 30 days.
    const after = { from: at('2026-03-31T23:00:00Z'), to: at('2026-04-30T23:00:00Z') };
    const { range, errors } = earlierPeriod({}, after, options);
    expect(errors).toEqual([]);
    // 2 March 00:00 GMT: the 30 days before, one of them 23 hours long.
    expect(range.from.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-31T23:00:00.000Z');
  });

  it('in March, the chosen period holding the change: 20 March to 3 April against 5 to 19 March', () => {
    // 20 March 00:00 GMT to 4 April 00:00 BST: 15 days, 359 hours.
    const after = { from: at('2026-03-20T00:00:00Z'), to: at('2026-04-03T23:00:00Z') };
    const { range } = earlierPeriod({}, after, options);
    expect(range.from.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-20T00:00:00.000Z');
  });

  it('in October (25 October 2026, BST to GMT): 1 to 30 November against 2 to 31 October', () => {
    // 1 November 00:00 GMT to 1 December 00:00 GMT: 30 days.
    const after = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') };
    const { range } = earlierPeriod({}, after, options);
    // 2 October 00:00 BST: the 30 days before, one of them 25 hours long.
    expect(range.from.toISOString()).toBe('2026-10-01T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('in October, the chosen period holding the change: 20 October to 3 November against 5 to 19 October', () => {
    // 20 October 00:00 BST to 4 November 00:00 GMT: 15 days, 361 hours.
    const after = { from: at('2026-10-19T23:00:00Z'), to: at('2026-11-04T00:00:00Z') };
    const { range } = earlierPeriod({}, after, options);
    expect(range.from.toISOString()).toBe('2026-10-04T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-10-19T23:00:00.000Z');
  });
});
