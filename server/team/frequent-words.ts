// The words and two-word phrases respondents typed most, per language of the response: where to
// start a theme. Counted over the typed text of the responses a segment chooses (free text, and
// of a choice answer only its Other text, as themes count: ./themes.ts), never contact details,
// and as stored (masked), masked again on the way (an identifier is never a word here). Words
// folded as themes fold them (./fold.ts); English and Welsh stop words left out, and a phrase
// only of two words that are not. Each counted once a response. Pure.
import type { ResolvedSurvey } from '../../engine';
import type { AnswersRow } from '../storage/team-types';
import { fold, wordsOf } from './fold';
import { isContactField, maskPersonalData } from './privacy';
import { isStopWord } from './stop-words';
import { freeTextsBy, typedFields } from './themes';

/** The response's language as the word counts group it. */
export type WordLang = 'en' | 'cy' | 'unknown';

export interface Frequent {
  text: string;
  /** How many responses hold it. */
  responses: number;
}

export interface FrequentWords {
  lang: WordLang;
  /** Responses of this language with some typed text. */
  responses: number;
  words: Frequent[];
  phrases: Frequent[];
}

/** The typed-text fields a count reads, over these surveys: never contact details. */
export const wordFields = (surveys: Iterable<ResolvedSurvey>) => [
  ...new Set(
    [...surveys].flatMap((s) =>
      typedFields(s)
        .filter((f) => !isContactField(f))
        .map((f) => f.name),
    ),
  ),
];

/** A word worth counting: not a stop word, and not a number alone. */
const telling = (word: string) => !isStopWord(word) && /\p{L}/u.test(word);

/** Longer than this is no word (a pasted code, a run of letters): left out, and its phrases. */
const LONGEST_WORD = 100;

/** What one response contributes to the counts: its words and phrases, each once. */
export interface ResponseTerms {
  words: string[];
  phrases: string[];
}

/**
 * The words and phrases of one response of `survey` (`answer` gives an answer by field name),
 * or undefined when it has no typed text (it then counts in no language's responses). The one
 * definition of what a response contributes: the page's count here and the store's kept
 * counts (server/storage/term-count-sql.ts) both use it.
 */
export function responseTerms(
  survey: ResolvedSurvey,
  answer: (name: string) => string | null | undefined,
): ResponseTerms | undefined {
  const contact = new Set(
    typedFields(survey)
      .filter(isContactField)
      .map((f) => f.name),
  );
  const texts = freeTextsBy(survey, (name) => (contact.has(name) ? null : answer(name)));
  if (!texts.length) return undefined;
  const words = new Set<string>();
  const phrases = new Set<string>();
  for (const typed of texts) {
    const cut = wordsOf(fold(maskPersonalData(typed)));
    const counted = (word: string | undefined) =>
      word !== undefined && word.length <= LONGEST_WORD && telling(word);
    cut.forEach((word, i) => {
      if (counted(word)) words.add(word);
      const next = cut[i + 1];
      if (counted(word) && counted(next)) phrases.add(`${word} ${next}`);
    });
  }
  return { words: [...words], phrases: [...phrases] };
}

/** Counts of words and phrases per language, the `limit` commonest of each (ties A to Z). */
export function frequentWords(
  surveys: Map<string, ResolvedSurvey>,
  fields: string[],
  rows: AnswersRow[],
  limit = 20,
): FrequentWords[] {
  const groups = new Map<WordLang, { responses: number; words: Counts; phrases: Counts }>();
  for (const row of rows) {
    const survey = surveys.get(row.surveyId);
    if (!survey) continue;
    const terms = responseTerms(survey, (name) => row.values[fields.indexOf(name)]);
    if (!terms) continue;
    const lang: WordLang = row.lang ?? 'unknown';
    const group = groups.get(lang) ?? { responses: 0, words: new Map(), phrases: new Map() };
    groups.set(lang, group);
    group.responses++;
    for (const w of terms.words) group.words.set(w, (group.words.get(w) ?? 0) + 1);
    for (const p of terms.phrases) group.phrases.set(p, (group.phrases.get(p) ?? 0) + 1);
  }
  return groupsInOrder(groups, limit);
}

/** Counts summed elsewhere (the store's kept counts), as `frequentWords` gives them. */
export function frequentFromCounts(
  rows: { lang: WordLang; kind: 'r' | 'w' | 'p'; text: string; n: number }[],
  limit = 20,
): FrequentWords[] {
  const groups = new Map<WordLang, { responses: number; words: Counts; phrases: Counts }>();
  for (const row of rows) {
    const group = groups.get(row.lang) ?? { responses: 0, words: new Map(), phrases: new Map() };
    groups.set(row.lang, group);
    if (row.kind === 'r') group.responses += row.n;
    else (row.kind === 'w' ? group.words : group.phrases).set(row.text, row.n);
  }
  for (const [lang, group] of groups) if (!group.responses) groups.delete(lang);
  return groupsInOrder(groups, limit);
}

function groupsInOrder(
  groups: Map<WordLang, { responses: number; words: Counts; phrases: Counts }>,
  limit: number,
): FrequentWords[] {
  const order: WordLang[] = ['en', 'cy', 'unknown'];
  return order
    .filter((lang) => groups.has(lang))
    .map((lang) => {
      const group = groups.get(lang)!;
      return {
        lang,
        responses: group.responses,
        words: commonest(group.words, limit),
        phrases: commonest(group.phrases, limit),
      };
    });
}

type Counts = Map<string, number>;

const commonest = (counts: Counts, limit: number): Frequent[] =>
  [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([text, responses]) => ({ text, responses }));
