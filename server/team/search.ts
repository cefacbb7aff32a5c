import { collapseWhitespace, plainApostrophes } from '../../engine';

/**
 * What a team member typed in a search box, written as answers are stored: plain apostrophes
 * (a phone's keyboard types ’ in "didn’t"), single spaces, composed letters (ŵ as one
 * character); undefined when nothing is left.
 */
export function searchTerm(typed: string | undefined): string | undefined {
  return collapseWhitespace(plainApostrophes(typed ?? '').normalize('NFC')) || undefined;
}
