// Email addresses: as typed (with '@', '+', '_', apostrophes, sub-domains, "(at)", "at … dot …"),
// and what the cleaning leaves of one in text stored before masking saw what was typed
// ("jsmithcompany.co.uk", "bobjonesnhs.net").
import { matched, type Span } from './spans';

// Letters of any script, as respondents' names are. Each address is read outwards from its '@'
// (or its "at"), so a long run of letters without one costs one pass, not one per letter.
const LOCAL_CHAR = /[\p{L}\p{N}._%+'!#$&*=?^`{|}~-]/u;
const WORDED_CHAR = /[\p{L}\p{N}._'+-]/u;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
/** What an address's domain is, read from just after its '@'. */
const DOMAIN = new RegExp(` ?${LABEL}(?:\\.${LABEL})+`, 'uy');

/** The endings an address written out in words must have, so "at home dot" is not one. */
const SUFFIXES = ['co uk', 'org uk', 'ac uk', 'gov uk', 'nhs uk', 'com', 'net', 'org', 'uk'];
const DOT = '(?:\\.| dot )';
const WORDED_SUFFIX = SUFFIXES.map((s) => s.replace(' ', DOT)).join('|');
// "(at)" and "[at]" are read as an '@' alone; a plain " at " only when a " dot " is written too.
const WORDED_AT = /(?: ?[([]at[)\]] ?| at )/giu;
const WORDED_DOMAIN = new RegExp(
  `${LABEL}(?:${DOT}${LABEL})*?${DOT}(?:${WORDED_SUFFIX})(?![\\p{L}\\p{N}])`,
  'iuy',
);

/** Where the name part of an address ends at `end` starts: back over its characters, and over
 *  " dot " between them when written out in words. */
function localStart(text: string, end: number, char: RegExp, worded: boolean): number {
  let start = end;
  for (;;) {
    while (start > 0 && char.test(text[start - 1]!)) start--;
    if (!worded || start === end || text.slice(start - 5, start).toLowerCase() !== ' dot ') break;
    if (start - 5 === 0 || !char.test(text[start - 6]!)) break;
    start -= 5;
  }
  return start;
}

/** An address as typed ("jsmith@company.co.uk", spaces around its '@' too), and written out in
 *  words ("jane dot doe at gmail dot com", "bethan (at) example.co.uk", "pete[at]example.com"). */
export function findEmails(text: string): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const end = text[at - 1] === ' ' ? at - 1 : at;
    const start = localStart(text, end, LOCAL_CHAR, false);
    DOMAIN.lastIndex = at + 1;
    const domain = DOMAIN.exec(text);
    if (start < end && domain) spans.push({ start, end: DOMAIN.lastIndex });
  }
  for (const match of text.matchAll(WORDED_AT)) {
    const start = localStart(text, match.index, WORDED_CHAR, true);
    WORDED_DOMAIN.lastIndex = match.index + match[0].length;
    const domain = WORDED_DOMAIN.exec(text);
    // (Both ends are within the address, so this reads no more than it.)
    const spelt =
      match[0].trim() !== 'at' || / dot /i.test(text.slice(start, WORDED_DOMAIN.lastIndex));
    if (start < match.index && domain && spelt) spans.push({ start, end: WORDED_DOMAIN.lastIndex });
  }
  return spans;
}

/** The endings a stored address is read by, longest first. */
const STORED_SUFFIXES = [
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'nhs.uk',
  'sch.uk',
  'police.uk',
  'gov.wales',
  'llyw.cymru',
  'com',
  'net',
  'org',
  'uk',
  'wales',
  'cymru',
  'scot',
  'ie',
  'io',
  'me',
];
/** Public bodies' endings: one word before one is a site ("service.gov.uk", "nhs.uk"). */
const PUBLIC = new Set([
  'gov.uk',
  'nhs.uk',
  'sch.uk',
  'police.uk',
  'ac.uk',
  'gov.wales',
  'llyw.cymru',
]);
/** Sites that are no one's address, before their ending. */
const SITES = new Set(
  'gov nhs llyw bbc google facebook youtube twitter instagram citizensadvice direct mygov which moneysavingexpert amazon'.split(
    ' ',
  ),
);
const DOMAIN_LIKE =
  /(?<![\p{L}\p{N}'.])[\p{L}\p{N}][\p{L}\p{N}'.]*\.[\p{L}]{2,}(?:\.[\p{L}]{2,})?(?![\p{L}\p{N}])/gu;

/**
 * In stored text, cleaned before masking saw the '@': a word with a dot that ends like an address
 * ("jsmithcompany.co.uk", "john.smithexample.com", "johno'neildbs.gov.uk"). Not a known site
 * ("www.gov.uk", "bbc.co.uk", "citizensadvice.org.uk") nor one word before a public body's ending
 * ("service.gov.uk"). A company's website is masked: from the cleaned text it cannot be told
 * from an address that lost its '@'.
 */
export function findAddressRemnants(text: string): Span[] {
  return matched(DOMAIN_LIKE, text).filter(({ start, end }) => {
    const word = text.slice(start, end).toLowerCase();
    // An unknown ending counts after two or more labels ("p.nowakwp.pl").
    const suffix =
      STORED_SUFFIXES.find((s) => word.endsWith(`.${s}`)) ??
      (word.split('.').length >= 3 ? word.slice(word.lastIndexOf('.') + 1) : undefined);
    if (!suffix) return false;
    const labels = word.slice(0, -suffix.length - 1).split('.');
    if (labels[0] === 'www') labels.shift();
    if (labels.length === 0 || labels.some((label) => label === '')) return false;
    if (labels.length > 1) return true;
    const label = labels[0]!;
    return !SITES.has(label) && !(PUBLIC.has(suffix) && /^[\p{L}\p{N}]+$/u.test(label));
  });
}
