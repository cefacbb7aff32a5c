// National Insurance numbers and postcodes, as typed (spaces, dashes or dots between the parts)
// or as stored (the dashes gone).
import { matched, type Span } from './spans';

const SEP = '[\\s.-]?';
/** Two letters, six digits in pairs or threes, A to D: "QQ 12 34 56 C", "ab 123 456 c". */
const NI = new RegExp(
  `\\b[a-z]{2}${SEP}(?:\\d{2}${SEP}\\d{2}${SEP}\\d{2}|\\d{3}${SEP}\\d{3})${SEP}[a-d]\\b`,
  'gi',
);
/** Written in its pairs without the letter, in capitals: "BC 12 34 56". */
const NI_WITHOUT_LETTER = /\b[A-Z]{2} \d{2} \d{2} \d{2}\b/g;

/** A postcode; the inward part's letters are never C, I, K, M, O or V, so "b4 7am" is a time. */
const POSTCODE = /\b[a-z]{1,2}\d[a-z\d]?[\s-]?\d[abd-hjlnp-uw-z]{2}\b/gi;

export const findIdentifiers = (text: string): Span[] => [
  ...matched(NI, text),
  ...matched(NI_WITHOUT_LETTER, text),
  ...matched(POSTCODE, text),
];
