// Why a theme's term can never find a theme, for the form's error: it has no letter or digit
// once folded (./fold.ts), it holds a character no typed answer can hold (answers are cleaned to
// their field's characters when sent, engine/sanitise.ts), or every word of it is a stop word,
// found in most answers. Pure.
import { DEFAULT_ALLOW, type ResolvedSurvey } from '../../engine';
import { wordsOf } from './fold';
import { isStopWord } from './stop-words';
import { parseTerm, typedFields } from './themes';

/** Whether a folded character can be in a typed answer of one of these surveys. */
export function storableCharacters(surveys: Iterable<ResolvedSurvey>): (c: string) => boolean {
  const allowed = [
    ...new Set([...surveys].flatMap((s) => typedFields(s).map((f) => f.allow ?? DEFAULT_ALLOW))),
  ].map((allow) => new RegExp(`^[${allow}]$`));
  // An answer's letters are folded to lower case; the field may list only the capitals.
  return (c) => allowed.some((a) => a.test(c) || a.test(c.toUpperCase()));
}

export type TermProblem =
  | { key: 'themeTermNothing' }
  | { key: 'themeTermCharacters'; characters: string }
  | { key: 'themeTermCommon' };

/** What makes a term unable to find a theme, or undefined when it can. */
export function termProblem(
  term: string,
  storable: (c: string) => boolean,
): TermProblem | undefined {
  const { text, prefix } = parseTerm(term);
  const words = wordsOf(text);
  if (!words.length) return { key: 'themeTermNothing' };
  const unstorable = [...new Set(text)].filter((c) => c !== ' ' && !storable(c));
  if (unstorable.length) return { key: 'themeTermCharacters', characters: unstorable.join(' ') };
  // A prefix can be longer than the common word it starts ("the*" finds "theme").
  if (!prefix && words.every(isStopWord)) return { key: 'themeTermCommon' };
  return undefined;
}
