// Answers stored before masking saw what was typed: masked again by the pass at start
// (server/storage/mask-sql.ts), with the finders for stored text.
import { allFields, isFreeText, typeOf, type ResolvedSurvey } from '../engine';
import { isContactField, maskStoredText } from './stored';

/**
 * The masking pass over stored answers that matches these finders and what maskAnswers covers:
 * raise it when they change, and the next start masks every stored row again. 2: the Other text
 * sent inside a choice answer. 3: what is left of addresses and numbers cleaned before masking
 * (masking now sees the text as typed, before it is cleaned).
 */
export const MASK_PASS = 3;

/**
 * Stored answers with personal data masked in their free text, as new answers are stored: the
 * database never holds an identifier in text the team reads (contact fields are kept: they are
 * asked for, and shown to analysts only). That includes the Other text a choice sends inside
 * its answer ('append' or 'replace'): the field's type reads the answer into its options and
 * that text, and writes it back with the text masked, the options as they were. Masking twice
 * changes nothing.
 */
export function maskAnswers(
  survey: ResolvedSurvey | undefined,
  answers: Record<string, string>,
): Record<string, string> {
  const fields = new Map(
    survey
      ? allFields(survey)
          .filter((f) => !isContactField(f))
          .map((f) => [f.name, f])
      : [],
  );
  const masked = (name: string, value: string) => {
    const field = fields.get(name);
    if (!field) return value;
    if (isFreeText(field)) return maskStoredText(value);
    const type = typeOf(field);
    const parsed = type.parseSent(field, value);
    if (parsed.other === undefined) return value;
    const other = maskStoredText(parsed.other);
    return other === parsed.other ? value : type.writeSent(field, { ...parsed, other });
  };
  return Object.fromEntries(
    Object.entries(answers).map(([name, value]) => [name, masked(name, value)]),
  );
}
