// A stored answer in the member's words: a choice answer read back by its field type's own reader
// (the one the figures count with, engine/fields), its options as their labels in the page's
// language and the Other text sent inside it apart, so that a Welsh page or export never shows the
// English values stored.
import { chosenValues, typeOf, type ResolvedField } from '../../engine';
import type { UiLang } from './text';

/** A choice answer as its options' labels in `lang` and the Other text sent inside it, if any;
 *  undefined for a field without options (free text, contact details). */
export function readChoice(
  field: ResolvedField,
  sent: string,
  lang: UiLang,
): { labels: string[]; other?: string } | undefined {
  const options = field.options ?? [];
  if (!options.length || !sent) return undefined;
  const { value, other } = typeOf(field).parseSent(field, sent);
  const labels = chosenValues(value).map(
    (v) => options.find((o) => o.value === v)?.label[lang] ?? v,
  );
  return { labels, ...(other ? { other } : {}) };
}

/** The Other text a choice answer holds ('append' or 'replace'), read by its field type. */
export const otherTextOf = (field: ResolvedField, sent: string): string =>
  sent ? (typeOf(field).parseSent(field, sent).other ?? '') : '';

/** An answer as the member reads it: a choice's labels (an Other text after its option's label),
 *  or the text as sent. */
export function answerInWords(field: ResolvedField | undefined, sent: string, lang: UiLang) {
  const read = field && readChoice(field, sent, lang);
  if (!read) return sent;
  const words = read.labels.join('; ');
  return read.other ? `${words}: ${read.other}` : words;
}
