// Every error message a field can give a respondent, found by asking the engine itself: the field
// (made required, as its requiredWhen may make it) is checked with answers that are empty, too
// short, too long, not an option, not an address and full of characters that cannot be sent,
// each entered as a form would post it. Its own messages (`errors`) and the standard ones it falls
// back on both come out, so the preview shows what a respondent can meet, whatever the field type.
import { typeOf } from '../../engine';
import { fieldError } from '../../engine/validation';
import type { Lang, Message, ResolvedField } from '../../engine';
import { i18n } from '../../src/i18n';
import '../../src/i18n/words';

/** What a respondent might enter, as typed or ticked. */
function probes(field: ResolvedField): string[] {
  const min = field.minLength ?? 2;
  const max = field.maxLength ?? 1000;
  return [
    'a'.repeat(Math.max(1, min - 1)),
    'a'.repeat(max + 1),
    'no-such-option',
    'not an address@',
    '<>{}',
  ];
}

/** The distinct messages the field can give, its required message first; on the page that sends,
 *  an email address that looks mistyped is also questioned (engine/step.ts). */
export function fieldMessages(field: ResolvedField, sends = false): Message[] {
  const asked: ResolvedField = {
    ...field,
    required: field.required || field.requiredWhen !== undefined,
  };
  const type = typeOf(asked);
  const found: Message[] = [];
  const keep = (message: Message | null) => {
    if (message && !found.some((m) => JSON.stringify(m) === JSON.stringify(message)))
      found.push(message);
  };
  keep(fieldError(asked, {}));
  for (const typed of probes(asked)) {
    const value = type.fromForm(asked, { [asked.name]: [typed] });
    keep(fieldError(asked, { [asked.name]: value }));
  }
  if (sends && type.confirmsEmail) keep({ key: 'emailDomain' });
  return found;
}

/** A message as a respondent reads it in this language: the field's own text, or the standard one. */
export function messageText(message: Message, lang: Lang): string {
  if (message.text) return message.text[lang];
  return i18n.getFixedT(lang)(`errors.${message.key}`, message.params ?? {});
}

/** A standard interface phrase of the respondent's pages, in this language. */
export const uiText = (lang: Lang, key: string, params: Record<string, unknown> = {}): string =>
  i18n.getFixedT(lang)(key, params);
