// Text clean-up applied to free text before it is sent (docs/architecture.md, 'Sanitising').

// Letters that NFD does not split into a base letter plus a combining mark.
const UNSPLIT_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};
const UNSPLIT = new RegExp(`[${Object.keys(UNSPLIT_LETTERS).join('')}]`, 'g');

// Welsh writes its vowels (a e i o u w y) with a grave, acute, circumflex or diaeresis. Those
// letters change meaning ('â'r' is 'with the', 'ar' is 'on'), so they are kept: Welsh answers
// must lose no more than English ones (DESIGN.md 'Engine rules'). Every other mark is folded.
const WELSH_VOWEL = /^[aeiouwyAEIOUWY]$/;
const WELSH_MARK = /[\u0300\u0301\u0302\u0308]/u;
const BASE_AND_MARKS = /(\P{M})(\p{M}+)/gu;

/** Every Welsh vowel with a kept mark, precomposed (NFC), for character-class patterns. */
export const WELSH_LETTERS = 'àáâäèéêëìíîïòóôöùúûüẁẃŵẅỳýŷÿÀÁÂÄÈÉÊËÌÍÎÏÒÓÔÖÙÚÛÜẀẂŴẄỲÝŶŸ';

/** 'café naïve Łódź ŵyr' -> 'café naïve Lodz ŵyr': marks are removed except on Welsh vowels. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(BASE_AND_MARKS, (_, base: string, marks: string) => {
      // A Welsh letter carries one mark: keep the first Welsh one, drop any others.
      const kept = WELSH_VOWEL.test(base) ? (WELSH_MARK.exec(marks)?.[0] ?? '') : '';
      return base + kept;
    })
    .replace(UNSPLIT, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .normalize('NFC');
}

/** Typographic apostrophes (’ ‘ ʼ) become the plain one, so "mae’r" and "mae'r" are the same answer. */
export function plainApostrophes(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Trims, and turns line breaks, tabs and runs of spaces into one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Removes HTML/XML markup. Entities are left undecoded so nothing can turn back into a tag. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<[!?/]?[a-zA-Z][^<>]*>/g, ' ');
}

const disallowedCache = new Map<string, RegExp>();

function disallowed(allow: string): RegExp {
  let pattern = disallowedCache.get(allow);
  if (!pattern) {
    // No 'u' flag: patterns are plain character-class bodies; each half of an emoji is removed.
    pattern = new RegExp(`[^${allow}]`, 'g');
    disallowedCache.set(allow, pattern);
  }
  return pattern;
}

/**
 * Markup stripped, accents folded (Welsh letters kept), apostrophes made plain, whitespace
 * collapsed, characters outside `[allow]` removed. NFC, so lengths count letters, not marks.
 */
export function sanitiseText(text: string, allow: string): string {
  const plain = collapseWhitespace(plainApostrophes(foldAccents(stripMarkup(text))));
  return collapseWhitespace(plain.replace(disallowed(allow), ''));
}

/**
 * The free-text character set when a field has no resolved pattern: the specification's set
 * plus the apostrophe and the Welsh letters. Same as `text` in definitions/shared/shared.json.
 */
export const DEFAULT_ALLOW = `0-9a-zA-Z.?!, '${WELSH_LETTERS}`;
