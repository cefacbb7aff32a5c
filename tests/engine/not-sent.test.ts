// An answer made only of characters that are not sent (emoji, symbols) says which characters,
// not that it is too short: the counter beside it counts nothing for them either.
import { describe, expect, it } from 'vitest';
import { validatePage } from '../../engine/validation';
import { basic as resolveBasic } from './fixtures';

const basic = resolveBasic();
const errorsFor = (howToImprove: string) =>
  validatePage(basic, 'q8', { whyDidYouApply: 'Job', howToImprove });

describe('an answer of characters that are not sent', () => {
  it('names the characters instead of a minimum length', () => {
    expect(errorsFor('😀😀 🎉')).toEqual([
      {
        field: 'howToImprove',
        message: { key: 'charactersNotSent', params: { characters: '😀 🎉' } },
      },
    ]);
    expect(errorsFor('a€')).toEqual([
      { field: 'howToImprove', message: { key: 'charactersNotSent', params: { characters: '€' } } },
    ]);
  });

  it('still gives the minimum length when nothing typed is dropped', () => {
    expect(errorsFor('a')).toEqual([
      { field: 'howToImprove', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
  });
});
