// What counts as personal data on the team's pages: contact fields (from the definitions) and
// free text that looks like an identifier, masked unless an analyst reveals it.
import { allFields, typeOf, type ResolvedField, type ResolvedSurvey } from '../../engine';

/** A field asks for contact details when its type says so (an email address, a name). */
export const isContactField = (field: ResolvedField) => typeOf(field).role(field) === 'contact';

export const contactFields = (survey: ResolvedSurvey) =>
  allFields(survey)
    .filter(isContactField)
    .map((field) => field.name);

// Respondents' text keeps only letters, digits, spaces and . ? ! , (the sanitising pattern),
// so the patterns allow spaces where people put them and nothing else.
const PATTERNS = [
  // National Insurance number: two letters, six digits, A to D.
  /\b[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/gi,
  // 12-digit certificate number, in any grouping.
  /\b\d(?: ?\d){11}\b/g,
  // UK phone number: 0 or 44 then 9 or 10 more digits.
  /\b(?:0|44 ?)\d(?: ?\d){8,9}\b/g,
  // Postcode.
  /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/gi,
];

export const MASK = '[…]';

/** The text with anything that looks like personal data replaced by MASK. */
export function maskPersonalData(text: string): string {
  return PATTERNS.reduce((masked, pattern) => masked.replace(pattern, MASK), text);
}
