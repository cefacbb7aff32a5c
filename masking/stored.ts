// Personal data in stored text, cleaned before masking saw what was typed: what the pass at
// start masks again (./answers.ts) and the team's pages mask on the way out.
import { roleOf } from '../engine/fields';
import { outermost, WITHHELD } from '../engine/sanitise';
import type { ResolvedField } from '../engine/types';
import { findAddressRemnants, findEmails } from './emails';
import { findIdentifiers } from './identifiers';
import { findNames } from './names';
import { findStoredNumbers } from './numbers';
import { allOf, type Span } from './spans';

export { WITHHELD as MASK };

/** Where personal data is in stored text: what findPersonalData finds, an international number
 *  without its '+', and what is left of an address without its '@'. */
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

/** The text with each span replaced by WITHHELD. */
function withheld(text: string, spans: readonly Span[]): string {
  let out = '';
  let at = 0;
  for (const { start, end } of outermost(spans)) {
    out += text.slice(at, start) + WITHHELD;
    at = end;
  }
  return out + text.slice(at);
}

/** Stored text with personal data replaced by MASK. Masking twice changes nothing. */
export const maskStoredText = (text: string): string => withheld(text, findInStoredText(text));
