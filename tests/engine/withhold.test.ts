// The engine withholds what a finder passed to it marks in the text as typed, and cleans only
// the text around it; it knows no patterns of its own. The finder here marks the word "secret".
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOW, sanitiseText, WITHHELD, type FindWithheld } from '../../engine/index';

const secrets: FindWithheld = (typed) =>
  [...typed.matchAll(/s_e_c_r_e_t|secret@[a-z.]+/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));

describe('sanitiseText with a finder', () => {
  it('gives the finder the text before characters are removed, and withholds what it finds', () => {
    // Without the finder, the cleaning has removed the '_' and '@' it looks for.
    expect(sanitiseText('say s_e_c_r_e_t now', DEFAULT_ALLOW)).toBe('say secret now');
    expect(sanitiseText('say s_e_c_r_e_t now', DEFAULT_ALLOW, secrets)).toBe(`say ${WITHHELD} now`);
    expect(sanitiseText('(secret@x.org)!', DEFAULT_ALLOW, secrets)).toBe(`${WITHHELD}!`);
  });

  it('still strips markup, folds accents and collapses spaces around what it withholds', () => {
    expect(sanitiseText('<b>Café</b>\n\n s_e_c_r_e_t £5', DEFAULT_ALLOW, secrets)).toBe(
      `Café ${WITHHELD} 5`,
    );
  });

  it('keeps a withheld mark already in the text, so cleaning again changes nothing', () => {
    const once = sanitiseText('say s_e_c_r_e_t now', DEFAULT_ALLOW, secrets);
    expect(sanitiseText(once, DEFAULT_ALLOW)).toBe(once);
    expect(sanitiseText(once, DEFAULT_ALLOW, secrets)).toBe(once);
  });

  it('joins what overlaps or touches into one mark', () => {
    const both: FindWithheld = () => [
      { start: 0, end: 3 },
      { start: 2, end: 6 },
      { start: 6, end: 8 },
    ];
    expect(sanitiseText('abcdefgh tail', DEFAULT_ALLOW, both)).toBe(`${WITHHELD} tail`);
  });
});
