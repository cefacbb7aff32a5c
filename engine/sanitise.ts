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

/**
 * Removes HTML/XML markup in one left-to-right pass (linear time, so a crafted body cannot
 * make it slow): comments (to `-->` or the end), `<script>`/`<style>` elements with their
 * content, and tags (`<` + optional `!?/` + a letter, up to the next `>` with no `<` between).
 * Each becomes a space. A `<` that starts none of these stays. Entities are left undecoded
 * so nothing can turn back into a tag.
 */
export function stripMarkup(text: string): string {
  // ASCII-only lower case keeps every index in step with `text`; made only once a tag is met.
  let lowered: string | undefined;
  const lower = () => (lowered ??= text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()));
  // The next `</script\s*>` / `</style\s*>`, remembered: tags are met left to right, so each
  // search starts where the last one ended and the whole text is searched at most once.
  const closes = new Map<string, { at: number; end: number }>();
  const closeAfter = (name: string, from: number): number => {
    const known = closes.get(name);
    if (known && (known.at === -1 || known.at >= from)) return known.end;
    let at = lower().indexOf(`</${name}`, from);
    let end = -1;
    for (; at !== -1; at = lower().indexOf(`</${name}`, at + 1)) {
      let i = at + name.length + 2;
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text[i] === '>') {
        end = i + 1;
        break;
      }
    }
    closes.set(name, { at, end });
    return end;
  };

  let out = '';
  let kept = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    let end = -1;
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      end = close === -1 ? text.length : close + 3;
    } else {
      const nameAt = '!?/'.includes(text[i + 1] ?? '') ? i + 2 : i + 1;
      if (/[a-zA-Z]/.test(text[nameAt] ?? '')) {
        let j = nameAt;
        while (j < text.length && text[j] !== '<' && text[j] !== '>') j++;
        if (text[j] === '>') {
          end = j + 1;
          const element =
            nameAt === i + 1 ? /^(script|style)\b/.exec(lower().slice(i + 1, j)) : null;
          if (element) {
            const close = closeAfter(element[1]!, end);
            if (close !== -1) end = close;
          }
        }
      }
    }
    if (end === -1) {
      i = text.indexOf('<', i + 1);
      continue;
    }
    out += text.slice(kept, i) + ' ';
    kept = end;
    i = text.indexOf('<', end);
  }
  return out + text.slice(kept);
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

/** What is put where part of a text is withheld (personal data). Every cleaning keeps it, so a
 *  text with it cleaned again is unchanged and measured as sent. */
export const WITHHELD = '[…]';

/** A part of a text, by UTF-16 offsets: `start` included, `end` not. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Finds the parts of a text to withhold, in the text as typed: markup stripped, accents folded,
 * apostrophes plain and whitespace collapsed, but nothing else removed, so an address keeps its
 * '@' and a number its '+', brackets and dashes. The engine knows no patterns: the caller passes
 * a finder (the service passes masking/'s).
 */
export type FindWithheld = (typed: string) => readonly Span[];

/**
 * Markup stripped, accents folded (Welsh letters kept), apostrophes made plain, whitespace
 * collapsed, characters outside `[allow]` removed. NFC, so lengths count letters, not marks.
 * With `withhold`, the parts it finds are replaced by WITHHELD and only the text around them is
 * cleaned; a WITHHELD already in the text is kept.
 */
export function sanitiseText(text: string, allow: string, withhold?: FindWithheld): string {
  const typed = collapseWhitespace(plainApostrophes(foldAccents(stripMarkup(text))));
  const spans = outermost([...occurrences(typed, WITHHELD), ...(withhold?.(typed) ?? [])]);
  let cleaned = '';
  let at = 0;
  for (const { start, end } of spans) {
    cleaned += typed.slice(at, start).replace(disallowed(allow), '') + WITHHELD;
    at = end;
  }
  return collapseWhitespace(cleaned + typed.slice(at).replace(disallowed(allow), ''));
}

function occurrences(text: string, part: string): Span[] {
  const found: Span[] = [];
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length))
    found.push({ start: at, end: at + part.length });
  return found;
}

/** The spans in order, overlapping or touching ones joined, empty ones dropped. */
export function outermost(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined[joined.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

/**
 * The free-text character set when a field has no resolved pattern: the specification's set
 * plus the apostrophe and the Welsh letters. Same as `text` in definitions/shared/shared.json.
 */
export const DEFAULT_ALLOW = `0-9a-zA-Z.?!, '${WELSH_LETTERS}`;
