// Times of day as GOV.UK writes them, in UK time whatever the machine's zone.
import { describe, expect, it } from 'vitest';
import { ukTime } from '../../src/ukTime';

const en = { am: 'am', pm: 'pm', midday: 'midday', midnight: 'midnight' };
const cy = { am: 'yb', pm: 'yh', midday: 'canol dydd', midnight: 'hanner nos' };

describe('ukTime', () => {
  it.each([
    ['2026-01-15T14:45:00Z', en, '2:45pm'], // winter: UK time is UTC
    ['2026-07-01T13:45:00Z', en, '2:45pm'], // summer: UK time is UTC+1
    ['2026-07-01T08:00:00Z', en, '9am'], // a whole hour has no minutes
    ['2026-01-15T09:05:30Z', en, '9:05am'], // seconds are dropped, minutes keep two digits
    ['2026-01-15T12:00:00Z', en, 'midday'],
    ['2026-06-30T23:00:00Z', en, 'midnight'], // midnight in BST
    ['2026-01-15T00:30:00Z', en, '12:30am'],
    ['2026-01-15T12:30:00Z', cy, '12:30yh'],
    ['2026-01-15T00:00:00Z', cy, 'hanner nos'],
    ['2026-03-29T01:30:00Z', en, '2:30am'], // the morning the clocks go forward (01:00 UTC)
  ])('%s is %s', (at, words, expected) => {
    expect(ukTime(Date.parse(at), words)).toBe(expected);
  });
});
