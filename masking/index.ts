// Personal data in what respondents type: where it is, so the engine can withhold it before the
// rest of the text is cleaned (engine/sanitise.ts), on the browser's send, the feedback API and
// the no-JavaScript path alike; and in text stored before masking saw what was typed.
// Pure TypeScript, no patterns in the engine: see docs/architecture.md, "The parts".
import { roleOf, type ResolvedField, type Withholding } from '../engine';
import { findAddressRemnants, findEmails } from './emails';
import { findIdentifiers } from './identifiers';
import { findNames } from './names';
import { findNumbers, findStoredNumbers } from './numbers';
import { allOf, withheld } from './spans';

export { WITHHELD as MASK } from '../engine/sanitise';

/** Where personal data is in a text as typed (markup stripped, whitespace collapsed). */
export const findPersonalData = allOf(findEmails, findNumbers, findIdentifiers, findNames);

/** Where personal data is in stored text, cleaned before masking saw what was typed: the same,
 *  an international number without its '+', and what is left of an address without its '@'. */
export const findInStoredText = allOf(
  findEmails,
  findStoredNumbers, // every number findNumbers reads, and more
  findIdentifiers,
  findNames,
  findAddressRemnants,
);

/** A field whose text is kept as given: contact details the respondent gave to be contacted,
 *  shown to analysts and admins only. */
export const isContactField = (field: ResolvedField) => roleOf(field) === 'contact';

/** What the service withholds in each field's typed text: personal data in free text and in an
 *  Other text, nothing in contact fields. Passed to the engine wherever it prepares a submission. */
export const withholdPersonalData: Withholding = (field) =>
  isContactField(field) ? undefined : findPersonalData;

/** Stored (already cleaned) text with personal data replaced by MASK. Masking twice changes
 *  nothing. */
export const maskStoredText = (text: string): string => withheld(text, findInStoredText(text));
