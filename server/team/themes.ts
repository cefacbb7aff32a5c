// Themes: a name and words or phrases in English and Welsh, matched over free-text answers.
// Pure. A term matches whole words, in any case, with apostrophes as answers store them (’ as
// '); "delay*" matches words starting "delay". A Welsh term's first word also matches its
// mutated forms ("cais" in "fy nghais"), as a mutation changes the word after its trigger.
import {
  allFields,
  isChoice,
  isFreeText,
  plainApostrophes,
  type ResolvedSurvey,
} from '../../engine';
import type { Theme } from '../storage/team-types';
import type { FeedbackRecord, NewFeedback } from '../storage/types';
import { mutatedForms, mutationCore } from './welsh-mutations';

export type { Theme };

/** Text as terms and answers are compared: lower case, composed letters, plain apostrophes. */
export const normalise = (text: string) =>
  plainApostrophes(text.normalize('NFC')).toLowerCase().replace(/\s+/g, ' ').trim();

/** A theme's terms from a form's text box: one term a line (commas also separate). */
export const termsOf = (typed: string) => [
  ...new Set(
    typed
      .split(/[\n,]/)
      .map(normalise)
      .filter((t) => t.replace(/\*$/, '')),
  ),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each form of a term as written (its first word mutated, for a Welsh term), no `*`. */
export function termForms(term: string, welsh: boolean): string[] {
  const plain = term.replace(/\*$/, '');
  if (!welsh) return [plain];
  const [first = '', ...rest] = plain.split(' ');
  return mutatedForms(first).map((form) => [form, ...rest].join(' '));
}

/** One expression for all of a theme's terms. */
export function themePattern(theme: Theme): RegExp {
  const alternatives = [
    ...theme.terms.en.map((t) => ({ t, welsh: false })),
    ...theme.terms.cy.map((t) => ({ t, welsh: true })),
  ].flatMap(({ t, welsh }) =>
    termForms(t, welsh).map((form) => `${escape(form)}${t.endsWith('*') ? '[\\p{L}\\p{N}]*' : ''}`),
  );
  // Whole words: no letter or digit on either side (an apostrophe ends a word: "i'w gais").
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|') || '(?!)'})(?![\\p{L}\\p{N}])`,
    'u',
  );
}

/** Whether a text holds one of the theme's terms. */
export const matches = (pattern: RegExp, text: string) => pattern.test(normalise(text));

/** Per survey: its free-text fields, and its choice fields with an Other option (their options). */
const textFields = new WeakMap<ResolvedSurvey, { name: string; options?: Set<string> }[]>();
function fieldsOf(survey: ResolvedSurvey) {
  if (!textFields.has(survey))
    textFields.set(
      survey,
      allFields(survey).flatMap((f) => {
        if (isFreeText(f)) return [{ name: f.name }];
        if (isChoice(f) && f.options?.some((o) => o.other))
          return [{ name: f.name, options: new Set(f.options.map((o) => o.value)) }];
        return [];
      }),
    );
  return textFields.get(survey)!;
}

/**
 * The texts to look at in a response: its free-text answers, and a choice answer that is no
 * option (an Other answer sent in the option's place, or after its label).
 */
export function freeTexts(survey: ResolvedSurvey | undefined, record: FeedbackRecord): string[] {
  return freeTextsBy(survey, (name) => record.answers[name]);
}

/** `freeTexts`, with each answer from `answer` (a database may read only these fields). */
export function freeTextsBy(
  survey: ResolvedSurvey | undefined,
  answer: (name: string) => string | null | undefined,
): string[] {
  if (!survey) return [];
  return fieldsOf(survey).flatMap(({ name, options }) => {
    const value = answer(name);
    return value && !options?.has(value) ? [value] : [];
  });
}

/** The names of the fields `freeTexts` may read, over all these surveys. */
export const freeTextFields = (surveys: Iterable<ResolvedSurvey>) => [
  ...new Set([...surveys].flatMap((s) => fieldsOf(s).map((f) => f.name))),
];

/**
 * The plain texts a database can look for first (any answer holding one may match): English
 * terms, the core of each Welsh term's first word (mutationCore), and of those only the ones
 * that do not hold a shorter one ("slowly" holds "slow").
 */
export function candidateTexts(theme: Theme): string[] {
  const welsh = theme.terms.cy.flatMap((t) => {
    const [first = '', ...rest] = t.replace(/\*$/, '').split(' ');
    const core = mutationCore(first);
    return core === undefined ? termForms(t, true) : [[core, ...rest].join(' ')];
  });
  const forms = [...theme.terms.en.map((t) => t.replace(/\*$/, '')), ...welsh].filter(Boolean);
  const unique = [...new Set(forms)].sort((a, b) => a.length - b.length);
  return unique.filter((f, i) => !unique.slice(0, i).some((shorter) => f.includes(shorter)));
}

/** Longest word kept in the word index (code points); a term is at most 100 characters. */
const WORD_MAX = 200;

/**
 * The words of a response's free-text answers for the database's word index: the runs of
 * letters and digits of each normalised text, the boundaries `themePattern` uses, so a term of
 * letters and digits matches a text exactly when it is one of its words.
 */
export function answerWords(
  survey: ResolvedSurvey | undefined,
  record: FeedbackRecord | NewFeedback,
) {
  const words = freeTextsBy(survey, (name) => record.answers[name]).flatMap((t) =>
    normalise(t).split(/[^\p{L}\p{N}]+/u),
  );
  return [...new Set(words.filter(Boolean).map((w) => [...w].slice(0, WORD_MAX).join('')))];
}

/** What `answerWords` reads of a survey: when it changes, the survey's words are cut again. */
export const wordFieldsKey = (survey: ResolvedSurvey) =>
  JSON.stringify(fieldsOf(survey).map((f) => [f.name, f.options && [...f.options].sort()]));

/**
 * A theme as words the database can look up in its word index, when every form of every term
 * is letters and digits only (a phrase or "e-mail" is not: those are checked in the service).
 */
export function indexedWords(theme: Theme): { exact: string[]; prefixes: string[] } | undefined {
  const exact: string[] = [];
  const prefixes: string[] = [];
  for (const [terms, welsh] of [
    [theme.terms.en, false],
    [theme.terms.cy, true],
  ] as const)
    for (const term of terms) {
      const forms = termForms(term, welsh);
      if (!forms.every((f) => /^[\p{L}\p{N}]+$/u.test(f))) return undefined;
      (term.endsWith('*') ? prefixes : exact).push(...forms);
    }
  return exact.length || prefixes.length ? { exact, prefixes } : undefined;
}
