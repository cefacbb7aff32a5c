import { describe, expect, it } from 'vitest';
import { maskPersonalData, MASK } from '../../server/team/privacy';

describe('maskPersonalData', () => {
  it.each([
    ['My NI number is QQ 12 34 56 C, thanks', `My NI number is ${MASK}, thanks`],
    ['NI QQ123456C.', `NI ${MASK}.`],
    ['Certificate 001234567890 was late', `Certificate ${MASK} was late`],
    ['certificate 0012 3456 7890', `certificate ${MASK}`],
    ['Call 07700 900123 please', `Call ${MASK} please`],
    ['Ring 020 7946 0000', `Ring ${MASK}`],
    ['or 44 7700 900123', `or ${MASK}`],
    ['I live in SW1A 1AA now', `I live in ${MASK} now`],
    ['postcode cf10 1aa', `postcode ${MASK}`],
  ])('masks %j', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked);
  });

  it.each([
    'It took 3 weeks and 2 days',
    'Rated 10 out of 10',
    'Paid 18 pounds in 2026',
    'The ID check was slow',
  ])('leaves %j alone', (text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});
