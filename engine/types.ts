// The definition format, as TypeScript. `schemas/survey.schema.json` is the contract editors
// see; these types mirror it for the engine, the renderers, the app and the server.
import type { FieldType } from './fields/registry';

export type Lang = 'en' | 'cy';
export const LANGS: readonly Lang[] = ['en', 'cy'];

/** True for a language the service speaks (an address segment, a query, a stored record). */
export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'cy';

/** Every human-readable string: both languages, both non-empty. */
export interface Text {
  en: string;
  cy: string;
}

/** A json-logic rule (see jsonlogic.com). Variables name answer fields. */
export type Rule = Record<string, unknown> | boolean | string | number | null | Rule[];

/** A page id (`q1`, `q2`, ...) or the end of the survey. */
export type Target = string; // 'finish' ends the survey

/** Names of shared answer scales in definitions/shared/shared.json `scales`. */
export type ScaleName = string;

export interface Option {
  /** Stored and sent value. Unique within the field. */
  value: string;
  label: Text;
  hint?: Text;
  /** Choosing this option reveals the text field `<name>Other` (2 to 100 characters). */
  other?: boolean;
  /** Checkboxes only: 'none of these' style option that clears the others. */
  exclusive?: boolean;
  /** Draw the GOV.UK 'or' divider before this option. */
  dividerBefore?: boolean;
  /** json-logic: the option is offered only while this is truthy (answers from earlier pages). */
  showWhen?: Rule;
  /** No longer offered to respondents, but kept so earlier answers keep their own line in the figures. */
  retired?: boolean;
}

/** A field type's name: one folder of engine/fields/ each (generated: engine/fields/registry.ts). */
export type { FieldType };

/** How a field's answer is shaped in the submission. */
export interface SendRule {
  /** What happens to `<name>Other` text when the Other option is chosen:
   *  'replace' sends the text instead of the option value,
   *  'append' sends 'Other label, text' (joined with ', ' for lists),
   *  'separate' (default) sends `<name>Other` as its own field. */
  other?: 'replace' | 'append' | 'separate';
  /** Checkboxes: join the list with this string (default ', '). */
  join?: string;
}

export interface Field {
  /** Answer name, from the catalogue in definitions/shared/shared.json `fields`. Unique in the survey. */
  name: string;
  /** No longer asked, but kept so answers already given keep their question (validate --against). */
  retired?: boolean;
  type: FieldType;
  label: Text;
  hint?: Text;
  /** Heading size of the legend/label when it is the page heading. Default: the only or first field is the page heading ('l'). */
  isPageHeading?: boolean;
  /** Radios/checkboxes: explicit options, or a shared scale name (exactly one of the two). */
  options?: Option[];
  scale?: ScaleName;
  /** Scales with `welshAnswerForms`: which Welsh answer form (shared.json `welshYesNo`) fits the question's verb, e.g. 'do' | 'ydw' | 'oes'. */
  welshYesNo?: string;
  /** Radios laid out inline (short yes/no). */
  inline?: boolean;
  /** Conditional reveals: option value -> fields shown under that option when it is chosen. */
  reveal?: Record<string, Field[]>;
  required?: boolean;
  /** json-logic: required when this evaluates truthy with the current answers. */
  requiredWhen?: Rule;
  /** json-logic: the field shows (and is validated and sent) only while this is truthy. For a
   *  field that several options reveal, e.g. a follow-up to any of options 1 to 5. */
  showWhen?: Rule;
  minLength?: number;
  maxLength?: number;
  /** Textareas: show the GOV.UK character count (uses maxLength). */
  characterCount?: boolean;
  rows?: number;
  /** Name of a sanitising pattern in shared.json `patterns` (default 'text'). */
  pattern?: string;
  /** Autocomplete token for text/email inputs (e.g. 'given-name', 'email'). */
  autocomplete?: string;
  /** Input width class suffix, e.g. 'govuk-input--width-20'. */
  width?: string;
  /** Per-field error texts overriding the generic messages (GOV.UK style 'Select ...'/'Enter ...'). */
  errors?: { required?: Text };
  send?: SendRule;
}

export interface Page {
  /** URL segment, `q1`, `q2`, ... Unique in the survey. */
  id: string;
  /** Optional shared page template name (shared.json `pages`); its fields come first unless `fields` is given. */
  template?: string;
  /** Page heading when the page has more than one field (otherwise the field label is the heading). */
  heading?: Text;
  /** Paragraphs shown under the heading. */
  body?: Text[];
  fields: Field[];
  /** Where Continue goes: a page id, 'finish', or a json-logic rule returning one. Default: the following page, or 'finish' after the last. */
  next?: Target | Rule;
  /** If `when` is falsy for the current answers, the respondent is sent to `otherwise`. */
  guard?: { when: Rule; otherwise: Target };
  /** Target of the 'Skip this question' link; skipping saves nothing. */
  skip?: Target;
  /** Hide the English/Cymraeg toggle on this page. */
  languageToggle?: boolean;
  /** This page sends the answers (contact page, or the one-page survey). */
  submit?: boolean;
  /** Button text override (default Continue, or Submit on a submit page). */
  button?: Text;
  /** Show a back link (default true). */
  backLink?: boolean;
}

export interface Link {
  text: Text;
  /** Same address in both languages, or one per language. */
  href: string | Text;
}

export interface StartPage {
  heading: Text;
  paragraphs: Text[];
  inset?: Text;
  privacy: Text;
  button?: Text;
}

export interface FinishPage {
  /** Confirmation panel title. */
  panelTitle: Text;
  panelBody?: Text;
  heading?: Text;
  paragraphs: Text[];
  links?: Link[];
}

export interface SurveyDefinition {
  $schema?: string;
  /** URL segment, e.g. /en/{id}. */
  id: string;
  /** Sent with the answers as `serviceName`. */
  serviceName: string;
  /** Service name in the header and page titles. */
  title: Text;
  /** The name the feedback team sees (overview, filters, export) when `title` is shared with another survey. */
  teamName?: Text;
  /** Stated duration in minutes on the start page. */
  duration: number;
  /** How the pages look: 'default' GOV.UK, or 'purple' (a purple accent for a service respondents must tell apart). */
  theme: 'default' | 'purple';
  /** Show the English/Cymraeg toggle (default true). */
  languageToggle?: boolean;
  /** Show the 'Question x of y' caption. */
  progress?: boolean;
  /** 'pages' (start page, q1..qn, finish) or 'single' (one page at the survey root, no start page). */
  layout?: 'pages' | 'single';
  start?: StartPage;
  pages: Page[];
  finish: FinishPage;
  /** A footer set name in shared.json `footers`, or the links themselves. */
  footer: string | Link[];
  /** Answer names this survey adds beyond the catalogue. */
  newFields?: string[];
}

export interface Scale {
  options: Option[];
  /** A yes/no scale: the options whose Welsh labels follow the question's answer form, and the form used when a field names none. */
  welshAnswerForms?: { yes: string; no: string; default: string };
}

/** definitions/shared/shared.json */
export interface SharedBlocks {
  /** The answer-field catalogue: every answer name a survey may use. */
  fields: string[];
  scales: Record<ScaleName, Scale>;
  /** Welsh yes/no answer forms: form -> { yes, no } Welsh labels. */
  welshYesNo: Record<string, { yes: string; no: string }>;
  /** Sanitising patterns: name -> characters allowed, as a regex character-class body. */
  patterns: Record<string, string>;
  footers: Record<string, Link[]>;
  pages: Record<string, Omit<Page, 'id'>>;
}

/** A definition with shared references resolved: scales expanded to options, templates merged, footer links inlined. */
export interface ResolvedSurvey extends Omit<SurveyDefinition, 'footer'> {
  footer: Link[];
  pages: ResolvedPage[];
  /** Hash of the definition's content (sha-256 hex of the canonical JSON), stored with each submission. */
  hash?: string;
}

export interface ResolvedPage extends Page {
  fields: ResolvedField[];
}

export interface ResolvedField extends Field {
  /** Always present for radios/checkboxes after resolution. */
  options?: Option[];
  reveal?: Record<string, ResolvedField[]>;
  /** Resolved sanitising character class body. */
  allow?: string;
  /** Set on the synthetic `<name>Other` text field: the name of the field whose Other option reveals it. */
  otherOf?: string;
}

export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue | undefined>;
/** What is POSTed: answers after preparation plus serviceName. */
export type Submission = Record<string, string>;

/** A validation message key with parameters; the text comes from i18n (`errors.<key>`), or from `text` when the definition overrides it. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
  text?: Text;
}

export interface FieldError {
  /** Field name (the id of the input it belongs to is derived by the renderer). */
  field: string;
  message: Message;
}

export interface DefinitionProblem {
  file: string;
  /** JSON pointer into the file, e.g. /pages/2/next */
  pointer: string;
  message: string;
  hint?: string;
  line?: number;
  column?: number;
  severity: 'error' | 'warning';
}
