import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import cy from '../../src/i18n/cy.json';
import { i18n } from '../../src/i18n';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}
const keysOf = (tree: object) => new Set(leaves(tree).map(([key]) => key.replace(PLURAL, '')));

describe('UI strings', () => {
  it('has the same keys in English and Welsh (plural suffixes aside)', () => {
    expect([...keysOf(cy)].sort()).toEqual([...keysOf(en)].sort());
  });

  it('has no empty strings', () => {
    for (const [key, value] of [...leaves(en), ...leaves(cy)]) expect(value, key).toMatch(/\S/);
  });

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
});
