// What every field type must say about itself. One module per type implements this, and the
// registry in ./index.ts maps the schema's type names to them (a missing one is a compile error).
import type { AnswerValue, Answers, Message, ResolvedField } from '../types';

export interface FieldTypeModule {
  /** The value of an unanswered field in a form ('' or []). */
  empty(): AnswerValue;
  /** True when the value counts as no answer. */
  isEmpty(value: AnswerValue | undefined): boolean;
  /** The pattern in shared.json `patterns` used when the field names none. */
  defaultPattern: string;
  /** The message key when a required field is left empty (`errors.<key>` in the app's text). */
  requiredKey: string;
  /** What is wrong with a non-empty value, or null. Lengths are judged on what would be sent;
   *  choices against the options offered with these answers. */
  error(field: ResolvedField, value: AnswerValue, answers: Answers): Message | null;
  /** The string sent for the field (empty when nothing is sent). */
  send(field: ResolvedField, answers: Answers): string;
  /** Reads a sent string back into the answer (and the Other text, for choices). */
  parseSent(field: ResolvedField, sent: string): { value: AnswerValue; other?: string };
  /** Reads the values a form posted under the field's name (no JavaScript). */
  fromForm(posted: string[]): AnswerValue;
  /** A valid answer with these answers, for path enumeration and generated journeys. */
  example(field: ResolvedField, answers: Answers): AnswerValue;
}
