// Finding spans with regular expressions: each finder in this folder returns the parts of a text
// to withhold, and the engine (engine/sanitise.ts) puts WITHHELD in their place. Nothing of the
// engine is imported at run time: the app loads this folder with the step, and whatever it
// shared with the app would be split out of the app's first download.
import type { Span } from '../engine/sanitise';

export type { Span };

/** The spans a global pattern matches. */
export function matched(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern))
    if (match[0].length > 0) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

/** The spans found by every finder (the engine joins those that overlap). */
export const allOf =
  (...finders: ((text: string) => Span[])[]) =>
  (text: string): Span[] =>
    finders.flatMap((find) => find(text));
