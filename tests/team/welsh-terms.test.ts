// The team's Welsh keeps to its decisions (docs/welsh-review.md, issue 32): one word for a filter,
// `hidlydd` (masculine; plural `hidlyddion`), never the short `hidl`; the informal "does dim" the
// team text uses, not the formal "Nid oes"; no "sydd dim" (ungrammatical for "that are not").
import { describe, expect, it } from 'vitest';
import cy from '../../src/i18n/team.cy.json';

const entries = Object.entries(cy as Record<string, string>);

describe("the team area's Welsh", () => {
  it('calls a filter hidlydd, with its masculine agreement', () => {
    expect(entries.filter(([, v]) => /\bhidl(au)?\b/i.test(v)).map(([k]) => k)).toEqual([]);
    expect(entries.filter(([, v]) => /hidlydd (hon|honno)\b/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('says "does dim", not "nid oes", and never "sydd dim"', () => {
    expect(entries.filter(([, v]) => /\bnid oes\b/i.test(v)).map(([k]) => k)).toEqual([]);
    expect(entries.filter(([, v]) => /\bsydd dim\b/i.test(v)).map(([k]) => k)).toEqual([]);
  });
});
