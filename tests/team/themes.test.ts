// Themes over free text: the Welsh mutated forms of a word (written here from the rules of soft,
// nasal and aspirate mutation and h-prothesis, not produced by the code), and matching.
import { describe, expect, it } from 'vitest';
import {
  answerWords,
  candidateTexts,
  indexedWords,
  matches,
  themePattern,
  termsOf,
  type Theme,
} from '../../server/team/themes';
import { mutatedForms } from '../../server/team/welsh-mutations';

// word: its forms besides itself (soft, nasal, aspirate; h before a vowel).
const CORPUS: Record<string, string[]> = {
  gwasanaeth: ['wasanaeth', 'ngwasanaeth'],
  cais: ['gais', 'nghais', 'chais'],
  pris: ['bris', 'mhris', 'phris'],
  tocyn: ['docyn', 'nhocyn', 'thocyn'],
  car: ['gar', 'nghar', 'char'],
  cymorth: ['gymorth', 'nghymorth', 'chymorth'],
  cyfeiriad: ['gyfeiriad', 'nghyfeiriad', 'chyfeiriad'],
  tystysgrif: ['dystysgrif', 'nhystysgrif', 'thystysgrif'],
  trwydded: ['drwydded', 'nhrwydded', 'thrwydded'],
  talu: ['dalu', 'nhalu', 'thalu'],
  pasbort: ['basbort', 'mhasbort', 'phasbort'],
  problem: ['broblem', 'mhroblem', 'phroblem'],
  brys: ['frys', 'mrys'],
  bywyd: ['fywyd', 'mywyd'],
  dinas: ['ddinas', 'ninas'],
  dogfen: ['ddogfen', 'nogfen'],
  gwefan: ['wefan', 'ngwefan'],
  gwirio: ['wirio', 'ngwirio'],
  gwall: ['wall', 'ngwall'],
  gair: ['air', 'ngair'],
  mam: ['fam'],
  meddalwedd: ['feddalwedd'],
  llythyr: ['lythyr'],
  llwyth: ['lwyth'],
  rhif: ['rif'],
  rheswm: ['reswm'],
  amser: ['hamser'],
  ebost: ['hebost'],
  arian: ['harian'],
  oedi: ['hoedi'],
  ysgol: ['hysgol'],
  wythnos: ['hwythnos'],
  ateb: ['hateb'],
  lle: ['le'], // "unrhyw le"
  // Letters that do not mutate: ch, ff, l, n, s, th.
  chwilio: [],
  ffurflen: [],
  lori: [],
  newid: [],
  swydd: [],
  theatr: [],
};

describe('mutatedForms', () => {
  it(`gives every mutated form of ${Object.keys(CORPUS).length} words, and nothing else`, () => {
    for (const [word, forms] of Object.entries(CORPUS))
      expect(mutatedForms(word).sort(), word).toEqual([word, ...forms].sort());
  });
});

const theme = (en: string[], cy: string[]): Theme => ({ id: 't', name: 'T', terms: { en, cy } });

describe('theme matching', () => {
  it('finds a Welsh word in its mutated forms, whole words only', () => {
    const p = themePattern(theme([], ['cais', 'gwasanaeth']));
    for (const text of [
      'Roedd fy nghais yn araf',
      'Anfonais ei gais ddoe',
      'Collwyd ei chais hi',
      'Cais syml',
      'Dim byd am y wasanaeth', // soft after y (feminine use), as people write
      'Rwy’n hapus gyda’r ngwasanaeth', // typographic apostrophe, as phones type
    ])
      expect(matches(p, text), text).toBe(true);
    for (const text of ['ceisiadau', 'nghaisiadau', 'gwasanaethau', 'cai s'])
      expect(matches(p, text), text).toBe(false);
  });

  it('matches English terms in any case and with apostrophes as stored, and prefixes with *', () => {
    const p = themePattern(theme(["didn't work", 'delay*'], []));
    expect(matches(p, 'It DIDN’T WORK at all')).toBe(true);
    expect(matches(p, 'There were delays')).toBe(true);
    expect(matches(p, 'Delayed twice.')).toBe(true);
    expect(matches(p, 'no problem')).toBe(false);
    expect(matches(p, 'undelayed')).toBe(false);
  });

  it('mutates only the first word of a Welsh phrase', () => {
    const p = themePattern(theme([], ['talu ar-lein']));
    expect(matches(p, 'Methais i dalu ar-lein')).toBe(true);
    expect(matches(p, 'talu ar lein')).toBe(false);
  });

  it('reads terms from a text box and gives the database the shortest texts to look for', () => {
    expect(termsOf('Delay*\n  cais, ,GWASANAETH  ')).toEqual(['delay*', 'cais', 'gwasanaeth']);
    // Every form of gwasanaeth holds "wasanaeth", of cais "ais", of llythyr "ythyr".
    expect(candidateTexts(theme([], ['gwasanaeth', 'llythyr'])).sort()).toEqual([
      'wasanaeth',
      'ythyr',
    ]);
    expect(candidateTexts(theme(['slow', 'slowly'], ['cais', 'ateb'])).sort()).toEqual([
      'ais',
      'ateb',
      'slow',
    ]);
    // Too short a core ("ar" would be found in too much): each form.
    expect(candidateTexts(theme([], ['car'])).sort()).toEqual(['car', 'char', 'gar', 'nghar']);
    // Whatever the database looks for, every form of the word holds one of them.
    for (const [word, forms] of Object.entries(CORPUS)) {
      const texts = candidateTexts(theme([], [word]));
      for (const form of [word, ...forms])
        expect(
          texts.some((t) => form.includes(t)),
          `${word}: ${form}`,
        ).toBe(true);
    }
  });

  it('gives the database words that find exactly the texts the pattern matches', () => {
    // Looked up as the database does: a word equal to an exact form, or starting with a prefix.
    const found = (t: Theme, words: string[]) => {
      const w = indexedWords(t)!;
      return words.some((x) => w.exact.includes(x) || w.prefixes.some((p) => x.startsWith(p)));
    };
    const survey = {
      id: 's',
      pages: [{ id: 'p', fields: [{ type: 'textarea', name: 'say' }] }],
    } as unknown as Parameters<typeof answerWords>[0];
    const themes = [
      theme(['slow', 'delay*', 'e2e'], []),
      theme([], ['cais', 'gwasanaeth', 'ateb*']),
      theme(['ŵyn'], ['ŵy']),
    ];
    const texts = [
      'It was SLOW.',
      'slowly, slower',
      'Delays; undelayed',
      'e2e test',
      'Roedd fy nghais yn araf',
      'ceisiadau',
      'gyda’r ngwasanaeth',
      'Yr hateb: dim',
      'Ŵyn bach',
      'hŵy',
      'Dŵr',
      'slow\u0301 with a combining mark',
      '',
    ];
    for (const t of themes)
      for (const text of texts) {
        const words = answerWords(survey, { answers: { say: text } } as never);
        expect(found(t, words), `${t.terms.en}${t.terms.cy}: ${text}`).toBe(
          matches(themePattern(t), text),
        );
      }
    // Phrases and words with other characters are checked in the service instead.
    expect(indexedWords(theme(["didn't"], []))).toBeUndefined();
    expect(indexedWords(theme([], ['talu ar-lein']))).toBeUndefined();
    expect(indexedWords(theme(['x'], ['pris']))).toEqual({
      exact: ['x', 'pris', 'bris', 'mhris', 'phris'],
      prefixes: [],
    });
  });
});
