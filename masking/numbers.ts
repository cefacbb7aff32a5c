// Phone numbers (UK and international) and 12-digit certificate numbers, however they are
// grouped: spaces between every digit, dots, dashes, slashes, brackets, "+44 (0)", "0044", and a
// letter O typed for a zero. Numbers are read as runs of digit groups; the longest window of
// groups that reads as a number is withheld, so a number beside another ("option 2 07700 …")
// is still found.
import type { Span } from './spans';

// A group: digits, maybe bracketed, maybe after '+' ("(+44)", "(0)", "(01632)"). Groups are
// joined by nothing, spaces, or one dash, dot or slash with spaces around it or not.
const RUN = /(?<![\p{N}])\(?\+?\s?\(?\d+\)?(?:(?:\s*[-./]\s*|\s+)?\(?\+?\d+\)?)*/gu;
const DIGITS = /\d+/g;
/** The fewest and most digits a number has (an international one after '+'; with its 00). */
const FEWEST_DIGITS = 8;
const MOST_DIGITS = 16;
// A letter O typed for a zero: after a digit, or before three digits at the start of a number.
const LETTER_O = /(?<=\d[oO]*)[oO](?=[oO]*(?![\p{L}]))|(?<![\p{L}\p{N}])[oO](?=\d{3})/gu;

interface Group {
  digits: string;
  start: number;
  end: number;
  /** A '+' stands just before the group's digits. */
  plus: boolean;
}

/** A UK number's first digits after its 0 that are no one's own line: 03 (public bodies), 08
 *  (freephone and business), 09 (premium): a helpline named in a comment is not personal data. */
const SHARED_LINE = /^[389]/;

/** Whether these digits, from a window of groups, read as a phone or certificate number. In
 *  stored text an international number has lost its '+': 10 to 15 digits are one there. */
function isNumber(digits: string, plus: boolean, stored: boolean): boolean {
  if (digits.length === 12) return true; // a certificate number
  if (plus) return digits.length >= 8 && digits.length <= 15 && !isSharedUk(digits);
  if (stored && /^[1-9]\d{9,14}$/.test(digits)) return true;
  if (digits.startsWith('00')) return /^00[1-9]\d{7,12}$/.test(digits);
  if (digits.startsWith('44')) return isUk(digits.slice(2), true);
  return isUk(digits, false);
}

/** A UK number: 0 and 9 or 10 digits (after 44: the 0 may be missing). */
function isUk(digits: string, afterCountryCode: boolean): boolean {
  const national = digits.startsWith('0') ? digits.slice(1) : afterCountryCode ? digits : null;
  return national !== null && /^[127]\d{8,9}$/.test(national);
}

function isSharedUk(digits: string): boolean {
  return digits.startsWith('44') && SHARED_LINE.test(digits.slice(2).replace(/^0/, ''));
}

function groupsOf(run: string, offset: number): Group[] {
  return [...run.matchAll(DIGITS)].map((match) => ({
    digits: match[0],
    start: offset + match.index,
    end: offset + match.index + match[0].length,
    plus: /\+\s?\(?$/.test(run.slice(Math.max(0, match.index - 3), match.index)),
  }));
}

/** The spans of phone and certificate numbers in the text as typed. */
export const findNumbers = (text: string) => numbersIn(text, false);

/** The same in stored text, cleaned before masking saw the '+'. */
export const findStoredNumbers = (text: string) => numbersIn(text, true);

function numbersIn(text: string, stored: boolean): Span[] {
  const read = text.replace(LETTER_O, '0');
  const spans: Span[] = [];
  for (const run of read.matchAll(RUN)) {
    const groups = groupsOf(run[0], run.index);
    for (let first = 0; first < groups.length; first++) {
      // The longest window from here that reads as a number (none has more than 15 digits).
      let digits = '';
      let found: number | undefined;
      for (let last = first; last < groups.length; last++) {
        digits += groups[last]!.digits;
        if (digits.length > MOST_DIGITS) break;
        if (digits.length >= FEWEST_DIGITS && isNumber(digits, groups[first]!.plus, stored))
          found = last;
      }
      if (found === undefined) continue;
      spans.push(widened(read, groups[first]!.start, groups[found]!.end));
      first = found;
    }
  }
  return spans;
}

/** The span with the '+', brackets and "(0)" that belong to the number. */
function widened(text: string, start: number, end: number): Span {
  const before = /(?:\(?\+ ?\(?|\()$/.exec(text.slice(Math.max(0, start - 4), start))?.[0] ?? '';
  const after = text[end] === ')' ? ')' : '';
  return { start: start - before.length, end: end + after.length };
}
