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

/** 'Gwasanaeth ŵyr café' -> 'Gwasanaeth wyr cafe': accented letters become plain letters. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNSPLIT, (letter) => UNSPLIT_LETTERS[letter] ?? letter);
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

/** Markup stripped, accents folded, whitespace collapsed, characters outside `[allow]` removed. */
export function sanitiseText(text: string, allow: string): string {
  const plain = collapseWhitespace(foldAccents(stripMarkup(text)));
  return collapseWhitespace(plain.replace(disallowed(allow), ''));
}

/** The specification's free-text character set, used when a field has no resolved pattern. */
export const DEFAULT_ALLOW = '0-9a-zA-Z.?!, ';
