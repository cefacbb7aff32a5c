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

describe('maskPersonalData on what respondents write', () => {
  it.each([
    ['Email me at jo.bloggs@example.com', `Email me at ${MASK}`],
    // The cleaning drops '@': what is left of an address is masked too.
    ['Email me at john.smithexample.com please', `Email me at ${MASK} please`],
    ['write to johnsmithgmail.com', `write to ${MASK}`],
    ['My name is John Smith and I waited', `My name is ${MASK} and I waited`],
    ['Fy enw i yw Siân ac roedd yn dda', `Fy enw i yw ${MASK} ac roedd yn dda`],
    ['fy enw yw Dafydd', `fy enw yw ${MASK}`],
    ['Ring 0044 7700 900123', `Ring ${MASK}`],
    ['Ring +44 7700 900123', `Ring ${MASK}`],
  ])('masks %j', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked);
  });

  it.each(['I queued b4 7am', 'Open 9am to 5pm', "I'm happy", 'I found it on www.gov.uk'])(
    'leaves %j alone',
    (text) => {
      expect(maskPersonalData(text)).toBe(text);
    },
  );
  // The corpus of texts with and without personal data, as typed and as stored, is in
  // tests/masking (corpus.test.ts, corpus-service.test.ts; `npm run bench:masking`).
});
