// Finding spans with regular expressions: each finder in this folder returns the parts of a text
// to withhold, and the engine (engine/sanitise.ts) or maskText puts WITHHELD in their place.
import { outermost, WITHHELD, type Span } from '../engine/sanitise';

export type { Span };

/** The spans a global pattern matches, or of its named group `part` when it has one. */
export function matched(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern)) {
    const part = match.indices?.groups?.part;
    const [start, end] = part ?? [match.index, match.index + match[0].length];
    if (end > start) spans.push({ start, end });
  }
  return spans;
}

/** The text with each span replaced by WITHHELD (for text already cleaned, as stored). */
export function withheld(text: string, spans: readonly Span[]): string {
  let out = '';
  let at = 0;
  for (const { start, end } of outermost(spans)) {
    out += text.slice(at, start) + WITHHELD;
    at = end;
  }
  return out + text.slice(at);
}

/** The spans found by every finder, in order, overlapping ones joined. */
export const allOf =
  (...finders: ((text: string) => Span[])[]) =>
  (text: string): Span[] =>
    outermost(finders.flatMap((find) => find(text)));
