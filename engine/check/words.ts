// Small wording helpers for problem messages: lists and "did you mean" suggestions.

/** Edit distance between two words (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The candidate a typo most likely meant, if one is close enough to suggest. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  // Close enough: about one edit in three letters, and never a rewrite of the whole word.
  let bestDistance = Math.min(Math.max(1, Math.floor(word.length / 3)), word.length - 1) + 1;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** "a, b, c" (quoted), cut short when long. */
export function listOf(items: Iterable<string>, max = 12): string {
  const all = [...items];
  const shown = all.slice(0, max).map((item) => `"${item}"`);
  return all.length > max ? `${shown.join(', ')} and ${all.length - max} more` : shown.join(', ');
}

/** A hint naming the likely intended word, or else the valid ones. */
export function suggestion(
  word: string,
  candidates: Iterable<string>,
  what: string,
  max?: number,
): string {
  const list = [...candidates];
  const near = closest(word, list);
  if (near) return `Did you mean "${near}"?`;
  return `${what}: ${list.length ? listOf(list, max) : 'none'}`;
}
