// Themes: a name and words or phrases in English and Welsh, matched over the words respondents
// typed. Pure. A term matches whole words, folded as ./fold.ts folds terms and answers alike
// (case, accents, hyphens); "delay*" matches words starting "delay". A Welsh term's first word
// also matches its mutated forms ("cais" in "fy nghais"), in Welsh answers only, and a nasal or
// aspirate form or an added h only after a word that causes it (./welsh-mutations.ts). An answer
// of unknown language is taken as not Welsh: many mutated forms are English words ("well" of
// "gwell", "wall" of "gwall"), so matching them there would count English answers, while the
// term as written is still found.
import {
  allFields,
  isChoice,
  isFreeText,
  plainApostrophes,
  typeOf,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';
import type { Theme } from '../storage/team-types';
import type { WordGroup, WordLookup } from '../storage/words-sql';
import type { FeedbackRecord, Lang, NewFeedback } from '../storage/types';
import { fold, wordsOf } from './fold';
import { isStopWord, WELSH_STOP_WORDS } from './stop-words';
import { mutations, TRIGGERS, triggeredBy, type Mutation } from './welsh-mutations';

export type { Theme };

/**
 * A theme's terms from a form's text box: one term a line (commas also separate), kept as typed
 * but for case, spaces and apostrophes (`parseTerm` folds them for matching).
 */
export const termsOf = (typed: string) => [
  ...new Set(
    typed
      .split(/[\n,]/)
      .map((t) => plainApostrophes(t.normalize('NFC')).toLowerCase().replace(/\s+/g, ' ').trim())
      .filter((t) => t.replace(/\*$/, '').trim()),
  ),
];

/** A term as matched: folded, and whether it is a prefix ("delay*"). */
export function parseTerm(term: string): { text: string; prefix: boolean } {
  const prefix = term.trim().endsWith('*');
  return { text: fold(prefix ? term.trim().slice(0, -1) : term), prefix };
}

/**
 * Where a form of a term is looked for: `any` answer; `welsh` answers (a soft form); Welsh
 * answers after a word that causes the mutation (`nasal`, `aspirate`, `h`).
 */
export type Context = 'any' | 'welsh' | Exclude<Mutation, 'soft'>;

export interface TermForm {
  text: string;
  prefix: boolean;
  context: Context;
}

/**
 * Each form of a term: the term as written, and for a Welsh term its first word's mutated forms,
 * but not one that is itself a common Welsh word ("dim" of "tîm", "chi" of "ci"), which would
 * be found in most Welsh answers. None for a term with no letter or digit.
 */
export function termForms(term: string, welsh: boolean): TermForm[] {
  const { text, prefix } = parseTerm(term);
  if (!wordsOf(text).length) return [];
  const forms: TermForm[] = [{ text, prefix, context: 'any' }];
  if (!welsh) return forms;
  const [first = '', ...rest] = text.split(' ');
  for (const { form, mutation } of mutations(first))
    if (!WELSH_STOP_WORDS.has(form))
      forms.push({
        text: [form, ...rest].join(' '),
        prefix,
        context: mutation === 'soft' ? 'welsh' : mutation,
      });
  return forms;
}

const formsOf = (theme: Theme) => [
  ...theme.terms.en.flatMap((t) => termForms(t, false)),
  ...theme.terms.cy.flatMap((t) => termForms(t, true)),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_AFTER_LETTER = '(?<![\\p{L}\\p{N}])';

/** A form in a pattern: after a word that causes its mutation, when it needs one. */
function formPattern(form: TermForm): string {
  const body = `${escape(form.text)}${form.prefix ? '[\\p{L}\\p{N}]*' : ''}`;
  if (form.context === 'any' || form.context === 'welsh') return body;
  const triggers = [...TRIGGERS[form.context]].map(escape).join('|');
  return `(?<=${NOT_AFTER_LETTER}(?:${triggers})[^\\p{L}\\p{N}]+)${body}`;
}

/** One expression for all of a theme's terms, for answers in `lang` (mutated forms in Welsh only). */
export function themePattern(theme: Theme, lang: Lang | null): RegExp {
  const alternatives = formsOf(theme)
    .filter((f) => f.context === 'any' || lang === 'cy')
    .map(formPattern);
  // Whole words: no letter or digit on either side (an apostrophe ends a word: "i'w gais").
  return new RegExp(
    `${NOT_AFTER_LETTER}(?:${alternatives.join('|') || '(?!)'})(?![\\p{L}\\p{N}])`,
    'u',
  );
}

/** Whether a text holds one of the theme's terms (a pattern from `themePattern`). */
export const matches = (pattern: RegExp, text: string) => pattern.test(fold(text));

/** Per survey: the fields respondents type into (free text, and choices with an Other option). */
const typedFieldsOf = new WeakMap<ResolvedSurvey, ResolvedField[]>();
export function typedFields(survey: ResolvedSurvey): ResolvedField[] {
  if (!typedFieldsOf.has(survey))
    typedFieldsOf.set(
      survey,
      allFields(survey).filter(
        (f) => isFreeText(f) || (isChoice(f) && f.options?.some((o) => o.other)),
      ),
    );
  return typedFieldsOf.get(survey)!;
}

/**
 * The texts respondents typed in a response, with each answer from `answer` (a database may
 * read only these fields): its free-text answers, and of a choice answer only the Other text
 * sent inside it, as the field's type reads it back (never the options ticked).
 */
export function freeTextsBy(
  survey: ResolvedSurvey | undefined,
  answer: (name: string) => string | null | undefined,
): string[] {
  if (!survey) return [];
  return typedFields(survey).flatMap((field) => {
    const value = answer(field.name);
    if (!value) return [];
    if (isFreeText(field)) return [value];
    const other = typeOf(field).parseSent(field, value).other;
    return other ? [other] : [];
  });
}

/** The texts respondents typed in a record (`freeTextsBy`). */
export const freeTexts = (survey: ResolvedSurvey | undefined, record: FeedbackRecord) =>
  freeTextsBy(survey, (name) => record.answers[name]);

/** The names of the fields `freeTextsBy` may read, over all these surveys. */
export const freeTextFields = (surveys: Iterable<ResolvedSurvey>) => [
  ...new Set([...surveys].flatMap((s) => typedFields(s).map((f) => f.name))),
];

/** Longest word kept in the word index (code points); a term is at most 100 characters. */
const WORD_MAX = 200;

/**
 * The word index's words are keyed by where they may match: the response's language (`en`,
 * `cy`, `und` for unknown), and for a word of a Welsh answer after a word that causes a nasal
 * or aspirate mutation or an h, that too (`cy-n`, `cy-a`, `cy-h`), so a form is looked up only
 * where `themePattern` would match it. "tag:word"; a word has no ":", so a prefix range of one
 * tag holds no other tag's words.
 */
const TAGS: Record<Context, string[]> = {
  any: ['en', 'cy', 'und'],
  welsh: ['cy'],
  nasal: ['cy-n'],
  aspirate: ['cy-a'],
  h: ['cy-h'],
};
const CONTEXT_TAG: Record<Exclude<Mutation, 'soft'>, string> = {
  nasal: 'cy-n',
  aspirate: 'cy-a',
  h: 'cy-h',
};

/**
 * Changes when `answerWords` changes what it writes, so every survey's stored responses are cut
 * again (`wordFieldsKey`). 2: typed words only, folded, keyed by language and context. 3: and
 * each pair of words one space apart (a two-word phrase counted by the database).
 */
const WORD_CUT = 3;

/** A pair's tag: its first word's tag and this (`en+:customer service`). */
const PAIR = '+';
const RUN = /[\p{L}\p{N}]+/gu;

/**
 * The word index's entries for a response: the runs of letters and digits of each typed text,
 * folded (the boundaries `themePattern` uses), keyed as above; and each two runs with one space
 * between them (a phrase of two words as typed), keyed by the first one's tags.
 */
export function answerWords(
  survey: ResolvedSurvey | undefined,
  record: FeedbackRecord | NewFeedback,
): string[] {
  const lang = record.lang === 'en' || record.lang === 'cy' ? record.lang : 'und';
  const keys = new Set<string>();
  for (const text of freeTextsBy(survey, (name) => record.answers[name])) {
    const folded = fold(text);
    const runs = [...folded.matchAll(RUN)];
    const words = runs.map((r) => [...r[0]].slice(0, WORD_MAX).join(''));
    words.forEach((word, i) => {
      const tags = [lang];
      if (lang === 'cy' && i > 0)
        for (const m of triggeredBy(words[i - 1]!)) tags.push(CONTEXT_TAG[m] as typeof lang);
      for (const tag of tags) keys.add(`${tag}:${word}`);
      const next = runs[i + 1];
      if (next && folded.slice(runs[i]!.index + runs[i]![0].length, next.index) === ' ')
        for (const tag of tags) keys.add(`${tag}${PAIR}:${word} ${words[i + 1]}`);
    });
  }
  return [...keys];
}

/** What `answerWords` reads of a survey and how: when it changes, the survey's words are cut again. */
export const wordFieldsKey = (survey: ResolvedSurvey) =>
  JSON.stringify({
    cut: WORD_CUT,
    fields: typedFields(survey).map((f) =>
      isFreeText(f)
        ? [f.name]
        : [f.name, f.send ?? null, (f.options ?? []).map((o) => [o.value, o.label.en, !!o.other])],
    ),
  });

/** At most this many of a phrase's words are looked up together (its longest). */
const PHRASE_WORDS = 3;

/**
 * A theme as entries of the word index. `complete` when every form of every term is a single
 * word or two words one space apart (a pair in the index): then `words`, one group, finds
 * exactly the responses `themePattern` matches. Otherwise (a longer phrase, "didn't",
 * "gov.uk") `words` lists each form's words that every match holds (its longest words that are
 * not stop words, or its longest word; a pair's form by its pair), and the responses holding all
 * of one form's words are then checked with the pattern in the service.
 */
export function themeLookup(theme: Theme): { words: WordLookup; complete: boolean } {
  const forms = formsOf(theme);
  // A word, or two words one space apart, is an entry of the index: found exactly.
  const exactly = (form: TermForm) => {
    const words = wordsOf(form.text);
    return words.length <= 2 && words.join(' ') === form.text ? words : undefined;
  };
  const alternatives = forms.map((form): WordGroup[] => {
    const words = wordsOf(form.text);
    const whole = exactly(form);
    if (whole) {
      const keys = TAGS[form.context].map(
        (tag) => `${tag}${whole.length === 2 ? PAIR : ''}:${whole.join(' ')}`,
      );
      return [form.prefix ? { exact: [], prefixes: keys } : { exact: keys, prefixes: [] }];
    }
    const indexed = words.map((word, at) => ({ word, at }));
    const telling = indexed.filter(({ word }) => !isStopWord(word));
    const chosen = (telling.length ? telling : indexed)
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, PHRASE_WORDS);
    return chosen.map(({ word, at }): WordGroup => {
      // Only the first word carries the mutation; the others are in any Welsh answer.
      const tags = at === 0 || form.context === 'any' ? TAGS[form.context] : TAGS.welsh;
      const keys = tags.map((tag) => `${tag}:${word}`);
      return form.prefix && at === words.length - 1
        ? { exact: [], prefixes: keys }
        : { exact: keys, prefixes: [] };
    });
  });
  const complete = forms.every((f) => exactly(f) !== undefined);
  if (!complete) return { words: alternatives, complete };
  const merged = (key: 'exact' | 'prefixes') => [
    ...new Set(alternatives.flatMap((groups) => groups.flatMap((g) => g[key]))),
  ];
  return { words: { exact: merged('exact'), prefixes: merged('prefixes') }, complete };
}
