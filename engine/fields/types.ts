// What every field type must say about itself. One module per type implements this, and the
// registry in ./index.ts maps the schema's type names to them (a missing type, or a module missing
// a member, is a compile error). Everything that differs by type is asked here: the form, the
// server, the team's pages, privacy masking, the generated docs and the browser tests' journeys.
import type { FindWithheld } from '../sanitise';
import type { AnswerValue, Answers, Message, ResolvedField } from '../types';

/**
 * What the team's pages do with the field's sent answers: `choice` (one option: counted in the
 * figures, and responses can be filtered by it), `choices` (several options: counted),
 * `text` (free text: listed and searched, masked where it looks like personal data),
 * `contact` (personal data: shown to analysts only).
 */
export type TeamRole = 'choice' | 'choices' | 'text' | 'contact';

/** One input a respondent fills in: the options to tick on a radio or checkbox group, or the text to type. */
export interface Entry {
  /** The name the input posts. */
  name: string;
  control: 'radio' | 'checkbox' | 'text';
  /** The option values to choose, or one string to type. */
  values: string[];
}

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
  /** The string sent for the field (empty when nothing is sent). Typed text in it (free text,
   *  an Other text inside a choice) is cleaned around what `withhold` finds in it as typed,
   *  which is replaced by WITHHELD (../sanitise). */
  send(field: ResolvedField, answers: Answers, withhold?: FindWithheld): string;
  /** Reads a sent (or stored) string back into the answer (and the Other text, for choices):
   *  the server's check of a sent body and the team's figures both read it this way. */
  parseSent(field: ResolvedField, sent: string): { value: AnswerValue; other?: string };
  /** Writes parseSent's reading back as the sent string, its parts taken as sent (not cleaned
   *  again): privacy masking changes an Other text inside a choice answer this way. */
  writeSent(field: ResolvedField, parsed: { value: AnswerValue; other?: string }): string;
  /** The names the field's inputs post (one for most types; a date posts day, month and year). */
  postedNames(field: ResolvedField): string[];
  /** Reads what a form posted under those names (no JavaScript): every value of each name. */
  fromForm(field: ResolvedField, posted: Record<string, string[]>): AnswerValue;
  /** A valid answer with these answers, for path enumeration and generated journeys. */
  example(field: ResolvedField, answers: Answers): AnswerValue;
  /** How a respondent enters this value: the inputs to fill, named as they post. */
  entry(field: ResolvedField, value: AnswerValue): Entry[];
  /** What the team's pages and privacy masking do with the field (see TeamRole). */
  role(field: ResolvedField): TeamRole;
  /** True when the value is an email address whose likely typo is confirmed before sending. */
  confirmsEmail: boolean;
  /** True when the input can show the GOV.UK character count (`characterCount` in a definition). */
  counts: boolean;
  /** For the generated data dictionary (scripts/docs.ts), each in a phrase: what the field takes,
   *  from the generator's phrases for its options and for typed text (its length and kept
   *  characters), and how it is sent; `code` formats a literal. */
  docs: {
    takes(field: ResolvedField, phrases: { options: string; typed: string }): string;
    sent(field: ResolvedField, code: (literal: string) => string): string;
  };
}
