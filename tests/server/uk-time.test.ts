// The UK day of an instant and the instant a UK day begins, kept once worked out
// (server/uk-time.ts), against Intl's Europe/London for every quarter hour of 2024 to 2030,
// each asked twice (worked out, then kept).
import { describe, expect, it } from 'vitest';
import { addDays, ukDay, ukMidnight } from '../../server/uk-time';

const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
const QUARTER = 15 * 60 * 1000;
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2031, 0, 1);

describe('UK days', () => {
  it('gives each instant its Europe/London day, the first time and after', () => {
    const wrong: string[] = [];
    for (const round of [1, 2])
      for (let t = FROM; t < TO; t += QUARTER) {
        const at = new Date(t + (round === 2 ? QUARTER - 1 : 0));
        if (ukDay(at) !== london.format(at)) wrong.push(`${round}: ${at.toISOString()}`);
      }
    expect(wrong).toEqual([]);
  });

  it('begins each day at its UK midnight: the instant is on that day, the one before on the last', () => {
    const wrong: string[] = [];
    for (const round of [1, 2])
      for (let day = '2024-01-01'; day < '2031-01-01'; day = addDays(day, 1)) {
        const at = ukMidnight(day).getTime();
        if (
          london.format(new Date(at)) !== day ||
          london.format(new Date(at - 1)) !== addDays(day, -1)
        )
          wrong.push(`${round}: ${day}`);
      }
    expect(wrong).toEqual([]);
  });

  it('refuses an instant that is not one, as Intl does', () => {
    expect(() => ukDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
