// Themes over typed text: the Welsh mutated forms of a word (written here from the rules of soft,
// nasal and aspirate mutation and h-prothesis, not produced by the code), and matching: mutated
// forms in Welsh answers only, nasal, aspirate and h forms only after a word that causes them.
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../server/storage/types';
import {
  answerWords,
  matches,
  themeLookup,
  themePattern,
  termsOf,
  type Theme,
} from '../../server/team/themes';
import { mutatedForms, mutations, triggeredBy } from '../../server/team/welsh-mutations';

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

  it('names each form’s mutation, and the words that cause the nasal, aspirate and h forms', () => {
    expect(mutations('cais')).toEqual([
      { form: 'gais', mutation: 'soft' },
      { form: 'nghais', mutation: 'nasal' },
      { form: 'chais', mutation: 'aspirate' },
    ]);
    expect(mutations('ateb')).toEqual([{ form: 'hateb', mutation: 'h' }]);
    // fy (my) and yn (in): nasal; ei (her): aspirate and h; a (and, with): aspirate; ar: none.
    expect(triggeredBy('fy')).toEqual(['nasal']);
    expect(triggeredBy('yn')).toEqual(['nasal']);
    expect(triggeredBy('ei').sort()).toEqual(['aspirate', 'h']);
    expect(triggeredBy('a')).toEqual(['aspirate']);
    expect(triggeredBy('ar')).toEqual([]);
    expect(triggeredBy('well')).toEqual([]);
  });
});

const theme = (en: string[], cy: string[]): Theme => ({ id: 't', name: 'T', terms: { en, cy } });
const found = (t: Theme, text: string, lang: Lang | null) => matches(themePattern(t, lang), text);

describe('theme matching', () => {
  it('finds a Welsh word in its mutated forms in Welsh answers, whole words only', () => {
    const t = theme([], ['cais', 'gwasanaeth']);
    for (const text of [
      'Roedd fy nghais yn araf', // nasal after fy
      'Anfonais ei gais ddoe', // soft
      'Collwyd ei chais hi', // aspirate after ei (her)
      'Collwyd a’i chais', // after 'i, typographic apostrophe as phones type it
      'Cais syml',
      'Dim byd am wasanaeth', // soft after am
      'Rwy’n hapus yn fy ngwasanaeth',
    ])
      expect(found(t, text, 'cy'), text).toBe(true);
    for (const text of [
      'ceisiadau',
      'nghaisiadau',
      'gwasanaethau',
      'cai s',
      'Rwy’n hapus gyda’r ngwasanaeth', // nasal without fy or yn before it
      'Mae chais', // aspirate without a word that causes it
    ])
      expect(found(t, text, 'cy'), text).toBe(false);
  });

  it('matches mutated forms in Welsh answers only; an unknown language is not Welsh', () => {
    const better = theme([], ['gwell']);
    expect(found(better, 'Everything went well', 'en')).toBe(false);
    expect(found(better, 'Mae’n well nawr', 'cy')).toBe(true);
    expect(found(better, 'Mae’n well nawr', null)).toBe(false);
    // The word as written is found whatever the language.
    expect(found(better, 'Gwell na dim', null)).toBe(true);
    expect(found(better, 'Gwell', 'en')).toBe(true);
    expect(found(theme([], ['gwall']), 'I hit a wall', 'en')).toBe(false);
    expect(found(theme([], ['gwe']), 'We had to wait', 'en')).toBe(false);
    // "na" is the nasal form of "da" only after fy or yn; here it is "than".
    expect(found(theme([], ['da']), 'Mae’n well na’r hen un', 'cy')).toBe(false);
    expect(found(theme([], ['da']), 'Roedd yn dda', 'cy')).toBe(true);
    // The h of "ar hap" is part of the word; after ei (her) it is added.
    expect(found(theme([], ['ap']), 'Dewisais ar hap', 'cy')).toBe(false);
    expect(found(theme([], ['ateb']), 'Ges i ei hateb', 'cy')).toBe(true);
    // A mutated form that is itself a common Welsh word is not looked for: "dim" of "tîm".
    expect(found(theme([], ['tîm']), 'Doedd dim ateb', 'cy')).toBe(false);
    expect(found(theme([], ['tîm']), 'Roedd y tîm yn dda', 'cy')).toBe(true);
  });

  it('matches English terms in any case and with apostrophes as stored, and prefixes with *', () => {
    const t = theme(["didn't work", 'delay*'], []);
    expect(found(t, 'It DIDN’T WORK at all', 'en')).toBe(true);
    expect(found(t, 'There were delays', 'cy')).toBe(true);
    expect(found(t, 'Delayed twice.', null)).toBe(true);
    expect(found(t, 'no problem', 'en')).toBe(false);
    expect(found(t, 'undelayed', 'en')).toBe(false);
  });

  it('folds hyphens, accents and case alike in terms and answers', () => {
    // Stored answers lose their hyphens (the cleaning keeps letters, digits and . ? ! , ').
    expect(found(theme([], ['ar-lein']), 'Talais arlein', 'cy')).toBe(true);
    expect(found(theme([], ['e-bost']), 'Anfonais EBOST', 'cy')).toBe(true);
    expect(found(theme(['e-mail'], []), 'by email', 'en')).toBe(true);
    expect(found(theme([], ['ffôn']), 'Roedd y ffon yn brysur', 'cy')).toBe(true);
    expect(found(theme([], ['ffon']), 'Doedd y FFÔN ddim yn gweithio', 'cy')).toBe(true);
  });

  it('mutates only the first word of a Welsh phrase', () => {
    const t = theme([], ['talu ar-lein']);
    expect(found(t, 'Methais i dalu arlein', 'cy')).toBe(true);
    expect(found(t, 'Methais i dalu arlein', 'en')).toBe(false);
    expect(found(t, 'talu ar lein', 'cy')).toBe(false);
  });

  it('reads terms from a text box as typed, but for case, spaces and apostrophes', () => {
    expect(termsOf('Delay*\n  cais, ,GWASANAETH  \nAr-lein\ndidn’t')).toEqual([
      'delay*',
      'cais',
      'gwasanaeth',
      'ar-lein',
      "didn't",
    ]);
  });
});

describe('the word index against the pattern', () => {
  const survey = {
    id: 's',
    pages: [{ id: 'p', fields: [{ type: 'textarea', name: 'say' }] }],
  } as unknown as Parameters<typeof answerWords>[0];
  // Looked up as the database does: an entry equal to an exact one or starting with a prefix,
  // in one group; or in every group of one alternative.
  const inIndex = (t: Theme, text: string, lang: Lang | null) => {
    const { words } = themeLookup(t);
    const keys = answerWords(survey, { answers: { say: text }, lang } as never);
    const has = (g: { exact: string[]; prefixes: string[] }) =>
      keys.some((x) => g.exact.includes(x) || g.prefixes.some((p) => x.startsWith(p)));
    return Array.isArray(words) ? words.some((groups) => groups.every(has)) : has(words);
  };
  const texts = [
    'It was SLOW.',
    'slowly, slower',
    'Delays; undelayed',
    'e2e test',
    'Roedd fy nghais yn araf',
    'fy. nghais',
    'Mae nghais',
    'ceisiadau',
    'gyda’r ngwasanaeth',
    'yn fy ngwasanaeth',
    'Yr hateb: dim',
    'ei hateb',
    'a’i chais',
    'Ŵyn bach',
    'hŵy',
    'Dŵr',
    'Mae’n well',
    'Everything went well',
    'Dewisais ar hap',
    'Talais arlein',
    'Roedd y ffôn yn brysur',
    'slow\u0301 with a combining mark',
    'slow delays, It, was',
    'slow, delay',
    'Methais i dalu arlein',
    'talu ar lein',
    'fy nghais yn araf',
    'a nghais yn',
    '',
  ];
  const langs: (Lang | null)[] = ['en', 'cy', null];

  it('finds exactly the texts the pattern matches, in every language, for a theme of words', () => {
    const themes = [
      theme(['slow', 'delay*', 'e2e'], []),
      theme([], ['cais', 'gwasanaeth', 'ateb*']),
      theme(['ŵyn'], ['ŵy']),
      theme([], ['gwell', 'ap', 'ar-lein', 'ffon']),
      // Two words one space apart: a pair of the index.
      theme(['it was', 'slow delay*'], ['fy nghais', 'talu ar-lein', 'cais yn']),
    ];
    for (const t of themes) {
      expect(themeLookup(t).complete).toBe(true);
      for (const text of texts)
        for (const lang of langs)
          expect(inIndex(t, text, lang), `${t.terms.en}${t.terms.cy}: ${text} (${lang})`).toBe(
            found(t, text, lang),
          );
    }
  });

  it('finds every text the pattern matches for a theme of phrases (which the service checks)', () => {
    const themes = [
      theme(["didn't", 'slow and'], ['talu ar-lein', 'fy nghais yn']),
      theme(['gov.uk'], ['ei hateb', 'cais ar*']),
    ];
    for (const t of themes) {
      expect(themeLookup(t).complete).toBe(false);
      for (const text of [...texts, "I didn't", 'slow and steady', 'Methais dalu arlein', 'gov.uk'])
        for (const lang of langs)
          if (found(t, text, lang)) expect(inIndex(t, text, lang), `${text} (${lang})`).toBe(true);
    }
  });

  it('looks up each form where it may be found', () => {
    expect(themeLookup(theme(['x'], ['pris']))).toEqual({
      words: {
        exact: [
          'en:x',
          'cy:x',
          'und:x',
          'en:pris',
          'cy:pris',
          'und:pris',
          'cy:bris',
          'cy-n:mhris',
          'cy-a:phris',
        ],
        prefixes: [],
      },
      complete: true,
    });
    // A phrase by its longest words that are not stop words, all of them; a prefix by its stem.
    const any = (word: string) => ['en', 'cy', 'und'].map((tag) => `${tag}:${word}`);
    expect(themeLookup(theme(['waited too long', 'delay*'], []))).toEqual({
      words: [
        [
          { exact: any('waited'), prefixes: [] },
          { exact: any('long'), prefixes: [] },
        ],
        [{ exact: [], prefixes: any('delay') }],
      ],
      complete: false,
    });
    // A Welsh phrase of three words: its mutated first word where that form may be, the rest in
    // Welsh answers.
    const { words } = themeLookup(theme([], ['talu ar-lein heddiw']));
    expect(words).toContainEqual([
      { exact: ['cy:arlein'], prefixes: [] },
      { exact: ['cy:heddiw'], prefixes: [] },
      { exact: ['cy-n:nhalu'], prefixes: [] },
    ]);
    // Two words: a pair of the index, its mutated forms where they may be; found exactly.
    const pair = themeLookup(theme([], ['talu ar-lein']));
    expect(pair.complete).toBe(true);
    expect(pair.words).toEqual({
      exact: [
        'en+:talu arlein',
        'cy+:talu arlein',
        'und+:talu arlein',
        'cy+:dalu arlein',
        'cy-n+:nhalu arlein',
        'cy-a+:thalu arlein',
      ],
      prefixes: [],
    });
    // Only common words: looked up all the same (the form refuses such a term).
    expect(themeLookup(theme(['to the'], [])).words).toEqual({
      exact: ['en+:to the', 'cy+:to the', 'und+:to the'],
      prefixes: [],
    });
    expect(themeLookup(theme(['to the', 'of it all'], [])).words).toEqual([
      [{ exact: ['en+:to the', 'cy+:to the', 'und+:to the'], prefixes: [] }],
      [
        { exact: any('all'), prefixes: [] },
        { exact: any('of'), prefixes: [] },
        { exact: any('it'), prefixes: [] },
      ],
    ]);
  });
});
