import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import cy from '../../src/i18n/cy.json';
import teamEn from '../../src/i18n/team.en.json';
import teamCy from '../../src/i18n/team.cy.json';
import { i18n } from '../../src/i18n';
import '../../src/i18n/words';
import { responsesFound } from '../../server/team/text';
import { sameInBothLanguages } from '../../engine/check/content';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}
const keysOf = (tree: object) => new Set(leaves(tree).map(([key]) => key.replace(PLURAL, '')));

const placeholders = (value: unknown) =>
  [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

/**
 * Keys whose Welsh is rightly the English (beyond numbers, addresses and GOV.UK): each language's
 * name is written in that language, GOV.UK's Welsh phase tag is 'Beta', and 'tag' is Welsh too.
 */
const SAME_IN_WELSH = [
  'language.en',
  'language.cy',
  'languageNameEn',
  'languageNameCy',
  'phase.tag',
  'tag',
];

// Every piece of interface text, the respondent app's and the team area's, passes the same checks.
describe.each([
  ['respondent app (src/i18n/en.json, cy.json)', en, cy],
  ['team area (src/i18n/team.en.json, team.cy.json)', teamEn, teamCy],
])('interface text of the %s', (_, en: object, cy: object) => {
  it('has the same keys in English and Welsh (plural suffixes aside)', () => {
    expect([...keysOf(cy)].sort()).toEqual([...keysOf(en)].sort());
  });

  it('has no empty strings', () => {
    for (const [key, value] of [...leaves(en), ...leaves(cy)]) expect(value, key).toMatch(/\S/);
  });

  it('has Welsh that differs from the English, except the words listed as the same', () => {
    const english = new Map(leaves(en));
    const untranslated = leaves(cy)
      .filter(([key, value]) => value === english.get(key))
      .filter(([key, value]) => !SAME_IN_WELSH.includes(key) && !sameInBothLanguages(String(value)))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('uses the same placeholders in English and Welsh', () => {
    // A Welsh plural form English lacks (two, few, many) is compared with English's `other`.
    // A plural form may say its number in words ('once', 'dwywaith') instead of {{count}}.
    const english = new Map(leaves(en));
    const compared = (key: string, value: unknown) =>
      placeholders(value)
        .filter((name) => !(PLURAL.test(key) && name === 'count'))
        .sort();
    for (const [key, value] of leaves(cy))
      expect(compared(key, value), key).toEqual(
        compared(key, english.get(key) ?? english.get(key.replace(PLURAL, '_other'))),
      );
  });
});

describe('UI strings', () => {
  it('gives every Welsh plural category its own form for counted messages', () => {
    const categories = ['zero', 'one', 'two', 'few', 'many', 'other'];
    for (const base of [
      'characterCount.description',
      'characterCount.remaining',
      'characterCount.over',
      'start.duration',
    ]) {
      const [group, name] = base.split('.') as [keyof typeof cy, string];
      for (const category of categories)
        expect(
          (cy[group] as Record<string, string>)[`${name}_${category}`],
          `${base}_${category}`,
        ).toBeTruthy();
    }
    const t = i18n.getFixedT('cy');
    expect(t('characterCount.remaining', { count: 3 })).toBe('Mae gennych 3 nod yn weddill');
    expect(t('characterCount.over', { count: 1 })).toBe('Mae gennych 1 nod yn ormod');
    expect(i18n.getFixedT('en')('characterCount.remaining', { count: 1 })).toBe(
      'You have 1 character remaining',
    );
  });

  it('counts the team’s responses with every Welsh plural category', () => {
    for (const category of ['zero', 'one', 'two', 'few', 'many', 'other'])
      expect(teamCy, `found_${category}`).toHaveProperty(`found_${category}`);
    // Welsh puts the singular noun after any figure; none is 'Dim ymatebion'.
    expect([0, 1, 2, 3, 6, 11, 1250].map((n) => responsesFound('cy', n))).toEqual([
      'Dim ymatebion',
      '1 ymateb',
      '2 ymateb',
      '3 ymateb',
      '6 ymateb',
      '11 ymateb',
      '1,250 ymateb',
    ]);
    expect([0, 1, 2, 1250].map((n) => responsesFound('en', n))).toEqual([
      'No responses',
      '1 response',
      '2 responses',
      '1,250 responses',
    ]);
  });

  it('uses the agreed Welsh standard phrases', () => {
    expect(cy.errorSummary.title).toBe('Mae problem');
    expect(cy.common).toMatchObject({
      continue: 'Parhau',
      back: 'Yn ôl',
      submit: 'Cyflwyno',
      startNow: 'Dechrau nawr',
    });
    expect(cy.footer.copyright).toBe('© Hawlfraint y Goron');
  });

  it('says "1 funud" (munud is feminine; issue 10)', () => {
    expect(cy.start.duration_one).toContain('{{count}} funud');
    expect(i18n.getFixedT('cy')('start.duration', { count: 1 })).toContain('tua 1 funud');
  });
});
