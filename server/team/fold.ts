// One folding for theme terms and for the answers they are matched against, so that any term
// the form accepts can match what respondents typed. Answers are stored with the sanitiser's
// cleaning (engine/sanitise.ts): hyphens removed ("ar-lein" is stored "arlein"), accents folded
// except the Welsh ones ("ffôn" or "ffon", as typed), typographic apostrophes made plain. Both
// sides are folded further here the same way: case, every accent and every dash dropped, so
// "ar-lein" finds "arlein" and "ffôn" finds "ffon" and the reverse. Pure.
import { foldAccents, plainApostrophes } from '../../engine';

const MARKS = /\p{M}+/gu;
const DASHES = /\p{Pd}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** Text as terms and answers are compared: lower case, no accents, no dashes, single spaces. */
export function fold(text: string): string {
  return foldAccents(plainApostrophes(text))
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(DASHES, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of folded text: its runs of letters and digits (an apostrophe ends a word). */
export const wordsOf = (folded: string) => folded.split(NOT_WORD).filter(Boolean);
