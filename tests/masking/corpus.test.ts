// The masking on the corpus (tests/masking/corpus): every contact detail written into a text is
// withheld whole, as typed, and at least 99% of ordinary texts are left alone. The masker for
// text stored before masking saw what was typed catches what the cleaning left of the issue's
// examples. `npm run bench:masking` prints the same figures per category.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOW, sanitiseText } from '../../engine/index';
import { findPersonalData } from '../../masking/index';
import { findInStoredText, MASK, maskStoredText } from '../../masking/stored';
import {
  cleanedForm,
  readCorpus,
  score,
  totals,
  typedForm,
  type Masker,
} from '../../scripts/masking-score';
import { remnantsOf } from './remnants';

const corpus = readCorpus();
const asTyped: Masker = { form: typedForm, find: findPersonalData };
const asStored: Masker = { form: cleanedForm, find: findInStoredText };
const withheld = (text: string) => sanitiseText(text, DEFAULT_ALLOW, findPersonalData);

describe('the corpus', () => {
  it('has at least 300 texts with contact details and 300 without', () => {
    const texts = Object.values(corpus.contactDetails).flat();
    expect(texts.length).toBeGreaterThanOrEqual(300);
    expect(Object.values(corpus.ordinary).flat().length).toBeGreaterThanOrEqual(300);
    // Every category of contact detail the service masks has texts.
    for (const category of ['email', 'phone-uk', 'phone-intl', 'ni', 'certificate', 'postcode'])
      expect(corpus.contactDetails[category]?.length).toBeGreaterThanOrEqual(20);
    expect(corpus.contactDetails['name-en']?.length).toBeGreaterThanOrEqual(20);
    expect(corpus.contactDetails['name-cy']?.length).toBeGreaterThanOrEqual(20);
  });
});

describe('masking the text as typed', () => {
  const scores = score(asTyped, corpus);

  it('withholds every contact detail in the corpus whole (recall 100%)', () => {
    expect(scores.flatMap((s) => s.details?.missed ?? [])).toEqual([]);
    expect(totals(scores).recall).toBe(1);
  });

  it('leaves at least 99% of the ordinary texts alone', () => {
    expect(totals(scores).precision).toBeGreaterThanOrEqual(0.99);
  });

  it('sends nothing of a contact detail, and the mask in its place', () => {
    for (const { text, find } of Object.values(corpus.contactDetails).flat()) {
      const sent = withheld(text);
      // A detail written as markup ("<jo@example.com>") is stripped whole, and no mask is needed.
      if (find.some((detail) => typedForm(detail) !== '')) expect(sent, text).toContain(MASK);
      for (const detail of find) expect(remnantsOf(detail, text, sent), text).toEqual([]);
    }
  });

  it('changes nothing when what it sent is sent again (the server checks what the app sent)', () => {
    for (const { text } of Object.values(corpus.contactDetails).flat()) {
      const once = withheld(text);
      expect(withheld(once)).toBe(once);
    }
  });

  it.each([
    ['jsmith@company.co.uk', `Write to ${MASK}`],
    ["john_o'neil@dbs.gov.uk", `Write to ${MASK}`],
    ['bob_jones@nhs.net', `Write to ${MASK}`],
    ['07700.900.123', `Write to ${MASK}`],
    ['0 7 7 0 0 9 0 0 1 2 3', `Write to ${MASK}`],
    ['+44 (0)7700 900123', `Write to ${MASK}`],
  ])('withholds %j as typed', (typed, sent) => {
    expect(withheld(`Write to ${typed}`)).toBe(sent);
  });
});

describe('masking stored text (cleaned before masking saw what was typed)', () => {
  it.each([
    ['Write to jsmithcompany.co.uk', `Write to ${MASK}`],
    ["Write to johno'neildbs.gov.uk", `Write to ${MASK}`],
    ['Write to bobjonesnhs.net', `Write to ${MASK}`],
    ['Write to 07700.900.123', `Write to ${MASK}`],
    ['Write to 07700900123', `Write to ${MASK}`],
    ['Write to 44 07700 900123', `Write to ${MASK}`],
    ['Write to 33 6 12 34 56 78', `Write to ${MASK}`],
  ])('masks what is left in %j', (stored, masked) => {
    expect(maskStoredText(stored)).toBe(masked);
  });

  it("leaves a public body's site and a bare suffix alone", () => {
    for (const text of ['I used www.gov.uk', 'service.gov.uk was slow', 'see nhs.uk'])
      expect(maskStoredText(text)).toBe(text);
  });

  it('withholds at least 99% of the corpus contact details as cleaned, and leaves 99% of ordinary texts', () => {
    const { recall, precision } = totals(score(asStored, corpus));
    expect(recall).toBeGreaterThanOrEqual(0.99);
    expect(precision).toBeGreaterThanOrEqual(0.99);
  });

  it('masks nothing twice', () => {
    for (const text of Object.values(corpus.contactDetails)
      .flat()
      .map((e) => e.text)) {
      const once = maskStoredText(cleanedForm(text));
      expect(maskStoredText(once)).toBe(once);
    }
  });
});
