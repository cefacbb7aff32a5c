// A theme's terms: folded as answers are (hyphens, accents, case), refused on the form when
// they could never find a theme (no letters, a character no answer can hold, only common
// words), in English and Welsh; and the examples the README and the form's hint give are
// accepted and find the answers they describe.
import { describe, expect, it } from 'vitest';
import { fold, wordsOf } from '../../server/team/fold';
import { storableCharacters, termProblem } from '../../server/team/term-check';
import { matches, themePattern, type Theme } from '../../server/team/themes';
import { fixtureSurveys } from '../server/fixtures';
import { signedIn, teamServer } from './helpers';

describe('fold', () => {
  it('drops case, every accent and every dash, and keeps apostrophes', () => {
    expect(fold('Ar-lein')).toBe('arlein');
    expect(fold('E‑bost')).toBe('ebost'); // a non-breaking hyphen
    expect(fold('FFÔN  ŵyr  café')).toBe('ffon wyr cafe');
    expect(fold('didn’t – really')).toBe("didn't really");
    expect(wordsOf(fold("A'r ffôn, i'w gais"))).toEqual(['a', 'r', 'ffon', 'i', 'w', 'gais']);
  });
});

describe('termProblem', () => {
  // The fixture surveys' free text keeps letters, digits, . ? ! , ' and the Welsh letters.
  const storable = storableCharacters(fixtureSurveys().values());

  it('refuses a term with no letter or digit', () => {
    for (const term of ['*', '-', '...', "''"])
      expect(termProblem(term, storable), term).toEqual({ key: 'themeTermNothing' });
  });

  it('refuses a term with a character no typed answer can hold, naming it', () => {
    expect(termProblem('24/7', storable)).toEqual({
      key: 'themeTermCharacters',
      characters: '/',
    });
    expect(termProblem('me@home (£5)', storable)).toEqual({
      key: 'themeTermCharacters',
      characters: '@ ( £ )',
    });
    // A * inside a term is not the prefix mark.
    expect(termProblem('de*lay', storable)).toEqual({
      key: 'themeTermCharacters',
      characters: '*',
    });
  });

  it('refuses a term of common words only, in English or Welsh', () => {
    for (const term of ['the', 'The', 'to the', 'yn', 'mae’r', 'i’w'])
      expect(termProblem(term, storable), term).toEqual({ key: 'themeTermCommon' });
  });

  // The examples in server/README.md ("Themes"), the form's hint (team.en.json and
  // team.cy.json, themeTermsHint) and the issue's own: each accepted, each finding an answer.
  const EXAMPLES: [string, 'en' | 'cy', string][] = [
    ['cais', 'cy', 'Roedd fy nghais yn araf'],
    ['gwasanaeth', 'cy', 'Dim byd am wasanaeth'],
    ['ateb', 'cy', 'Ges i ei hateb'],
    ['word*', 'en', 'So many wordy questions'],
    ["didn't", 'en', 'It didn’t work'],
    ['ar-lein', 'cy', 'Talais arlein'],
    ['e-bost', 'cy', 'Anfonais ebost'],
    ['delay*', 'en', 'There were delays'],
    ['waited too long', 'en', 'We waited too long'],
    ['oedi', 'cy', 'Roedd oedi mawr'],
    ['aros yn rhy hir', 'cy', 'Roedd rhaid aros yn rhy hir'],
  ];

  it('accepts the README’s and the hint’s examples, and each finds its answer', () => {
    for (const [term, lang, answer] of EXAMPLES) {
      expect(termProblem(term, storable), term).toBeUndefined();
      const theme: Theme = {
        id: 't',
        name: term,
        terms: lang === 'en' ? { en: [term], cy: [] } : { en: [], cy: [term] },
      };
      expect(matches(themePattern(theme, lang), answer), term).toBe(true);
    }
  });
});

describe('the theme form', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  const server = teamServer(now);

  it('says which term can never find a theme, in English and Welsh', async () => {
    const { app, store } = await server.start();
    const analyst = await signedIn(app, store, 'analyst', now);
    const en = await analyst.post('/team/themes', { name: 'Common', termsEn: 'slow\nthe' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain(
      '<a href="#termsEn">‘the’ is too common to find a theme, like ‘the’ or ‘yn’',
    );
    const cy = await analyst.post('/team/themes?lang=cy', { name: 'Oriau', termsCy: '24/7' });
    expect(cy.statusCode).toBe(400);
    expect(cy.body).toMatch(/<title>Gwall: /);
    expect(cy.body).toContain(
      '<a href="#termsCy">Mae nodau yn ‘24/7’ sydd ddim yn cael eu cadw mewn atebion (/)',
    );
    const nothing = await analyst.post('/team/themes', { name: 'Dash', termsCy: '-' });
    expect(nothing.body).toContain('‘-’ has no letters or numbers, so it can never match');
    // What was typed is kept.
    expect(en.body).toContain('>slow\nthe</textarea>');
    expect(await store.team.listThemes()).toEqual([]);
    // Every example together is accepted.
    const examples = await analyst.post('/team/themes', {
      name: 'Examples',
      termsEn: EXAMPLE_TERMS.en.join('\n'),
      termsCy: EXAMPLE_TERMS.cy.join('\n'),
    });
    expect(examples.statusCode).toBe(303);
  });
});

const EXAMPLE_TERMS = {
  en: ['word*', "didn't", 'delay*', 'waited too long'],
  cy: ['cais', 'gwasanaeth', 'ateb', 'ar-lein', 'e-bost', 'oedi', 'aros yn rhy hir'],
};
