// Personal data in what respondents type: where it is, so the engine can withhold it before the
// rest of the text is cleaned (engine/sanitise.ts), on the browser's send, the feedback API and
// the no-JavaScript path alike. Pure TypeScript, no patterns in the engine: see
// docs/architecture.md, "The parts". Text stored before masking saw what was typed: ./stored.ts.
import type { Withholding } from '../engine/submission';
import { findEmails } from './emails';
import { findIdentifiers } from './identifiers';
import { findNames } from './names';
import { findNumbers } from './numbers';
import { allOf } from './spans';

/** Where personal data is in a text as typed (markup stripped, whitespace collapsed). */
export const findPersonalData = allOf(findEmails, findNumbers, findIdentifiers, findNames);

/** What the service withholds in each field's typed text: personal data in free text and in an
 *  Other text, nothing in contact fields (the details a respondent gave to be contacted, shown
 *  to analysts and admins only). Passed to the engine wherever it prepares a submission. */
export const withholdPersonalData: Withholding = (_field, role) =>
  role === 'contact' ? undefined : findPersonalData;
