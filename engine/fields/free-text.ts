// What the free-text types (text, textarea, email) share: the text as sent, its length rules,
// and the module of a one-string field.
import { DEFAULT_ALLOW, collapseWhitespace, sanitiseText, type FindWithheld } from '../sanitise';
import type { AnswerValue, Answers, Message, ResolvedField } from '../types';
import type { FieldTypeModule } from './types';

/** Comments and short answers: 2 to 1000 characters unless the field says (docs/architecture.md, 'Limits'). */
export const TEXT_MIN = 2;
export const TEXT_MAX = 1000;

/** The text as it will be sent: markup stripped, accents folded, disallowed characters removed
 *  (and what `withhold` finds in it replaced by WITHHELD). */
export function sentText(
  field: ResolvedField,
  value: AnswerValue | undefined,
  withhold?: FindWithheld,
): string {
  return typeof value === 'string'
    ? sanitiseText(value, field.allow ?? DEFAULT_ALLOW, withhold)
    : '';
}

/** How the data dictionary says a free-text answer is sent. */
export const TIDIED =
  'the text, tidied: markup removed, spaces collapsed, accents folded except on Welsh letters, other characters removed';

/** The visible characters typed that cleaning removes (not spaces or control characters), each
 *  once, e.g. '£ €'; '' when none. */
export function notSentCharacters(field: ResolvedField, typed: string): string {
  const kept = (character: string) =>
    /[\s\p{C}]/u.test(character) || sentText(field, `a${character}a`) !== 'aa';
  return [...new Set([...typed].filter((character) => !kept(character)))].join(' ');
}

/** The shared behaviour of a one-string field, posted under its own name; `own` adds what is
 *  particular to the type. */
export function stringField(
  own: Pick<
    FieldTypeModule,
    | 'summary'
    | 'defaultPattern'
    | 'requiredKey'
    | 'error'
    | 'example'
    | 'role'
    | 'confirmsEmail'
    | 'counts'
  > &
    Partial<Pick<FieldTypeModule, 'send' | 'docs'>>,
): FieldTypeModule {
  return {
    empty: () => '',
    isEmpty: (value) =>
      value === undefined || (typeof value === 'string' && collapseWhitespace(value) === ''),
    postedNames: (field) => [field.name],
    fromForm: (field, posted) => posted[field.name]?.[0] ?? '',
    parseSent: (_field, sent) => ({ value: sent }),
    writeSent: (_field, { value }) => (typeof value === 'string' ? value : ''),
    send: (field: ResolvedField, answers: Answers, withhold?: FindWithheld) =>
      sentText(field, answers[field.name], withhold),
    entry: (field, value) => [
      { name: field.name, control: 'text', values: [typeof value === 'string' ? value : ''] },
    ],
    docs: { takes: (_field, { typed }) => typed, sent: () => TIDIED },
    ...own,
  };
}

/** Length rules on the sent text, so the browser, the counter and the server judge one string. */
export function lengthError(field: ResolvedField, value: AnswerValue): Message | null {
  if (typeof value !== 'string') return { key: 'invalidOption' };
  const min = field.minLength ?? TEXT_MIN;
  const max = field.maxLength ?? TEXT_MAX;
  const measured = sentText(field, value);
  if (measured.length < min) {
    // Too short because characters are dropped (an answer of emoji only): say which.
    const characters = notSentCharacters(field, value);
    return characters
      ? { key: 'charactersNotSent', params: { characters } }
      : { key: 'tooShort', params: { min } };
  }
  if (measured.length > max) return { key: 'tooLong', params: { max } };
  return null;
}
