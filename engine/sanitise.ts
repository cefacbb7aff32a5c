// Text clean-up applied to free text before it is sent (DESIGN.md 'Engine rules').

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

/** Markup stripped, accents folded, whitespace collapsed, characters outside `[allow]` removed. */
export function sanitiseText(text: string, allow: string): string {
  const plain = collapseWhitespace(foldAccents(stripMarkup(text)));
  return collapseWhitespace(plain.replace(disallowed(allow), ''));
}

/** The specification's free-text character set, used when a field has no resolved pattern. */
export const DEFAULT_ALLOW = '0-9a-zA-Z.?!, ';
