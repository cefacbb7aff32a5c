// Welsh initial mutations, so a theme word matches the forms it takes in a sentence: "cais" is
// also "gais" (soft, "ei gais"), "nghais" (nasal, "fy nghais"), "chais" (aspirate, "ei chais");
// a word starting with a vowel takes an h ("ei henw"). Pure; folded words in (./fold.ts: lower
// case, no accents), forms out.
//
// The soft mutation follows too many things to list (feminine nouns, "i", "o", "yn" before an
// adjective, a verb's object...), so a soft form is looked for anywhere in a Welsh answer. The
// nasal and aspirate mutations and the h follow a short list of words, so their forms are looked
// for only after one of those (TRIGGERS): "na" is the nasal form of "da" only after "fy" or
// "yn", and the h of "ar hap" is part of the word, not an h added to "ap".

export type Mutation = 'soft' | 'nasal' | 'aspirate' | 'h';

/** Soft mutation (treiglad meddal); g is dropped. Digraphs first, so ll is not read as l. */
const SOFT: [string, string][] = [
  ['ll', 'l'],
  ['rh', 'r'],
  ['p', 'b'],
  ['t', 'd'],
  ['c', 'g'],
  ['b', 'f'],
  ['d', 'dd'],
  ['g', ''],
  ['m', 'f'],
];
/** Nasal mutation (treiglad trwynol). */
const NASAL: [string, string][] = [
  ['p', 'mh'],
  ['t', 'nh'],
  ['c', 'ngh'],
  ['b', 'm'],
  ['d', 'n'],
  ['g', 'ng'],
];
/** Aspirate mutation (treiglad llaes). */
const ASPIRATE: [string, string][] = [
  ['p', 'ph'],
  ['t', 'th'],
  ['c', 'ch'],
];

/**
 * The words after which a nasal or aspirate form, or an added h, is looked for (folded, as the
 * letters between apostrophes: "a'i chais" is "a", "i", "chais"). Nasal: fy (my), yn (in), and
 * the numbers before blynedd, blwydd and diwrnod. Aspirate: ei and 'i (her), a and â (and,
 * with), gyda, tua, na and ni (nor, than, not), oni, tri, chwe. h: ei and 'i (her), ein and 'n
 * (our), eu and 'u (their), 'w (to her, to their).
 */
export const TRIGGERS: Record<Exclude<Mutation, 'soft'>, ReadonlySet<string>> = {
  nasal: new Set([
    'fy',
    'yn',
    'pum',
    'saith',
    'wyth',
    'naw',
    'deng',
    'deuddeng',
    'pymtheng',
    'can',
  ]),
  aspirate: new Set(['ei', 'i', 'a', 'gyda', 'tua', 'na', 'ni', 'oni', 'tri', 'chwe']),
  h: new Set(['ei', 'i', 'ein', 'n', 'eu', 'u', 'w']),
};

/** The mutations a word lets the next word take, besides the soft one. */
export const triggeredBy = (word: string) =>
  (Object.keys(TRIGGERS) as (keyof typeof TRIGGERS)[]).filter((m) => TRIGGERS[m].has(word));

/** Letters that look like a mutable one but are their own letter: ch, th, ph, ff, dd, ng. */
const OWN_LETTER = /^(ch|th|ph|ff|dd|ng)/;
/** A vowel, with or without its accent (Welsh writes â, ŵ, ŷ and others). */
const VOWEL = /^[aeiouwyâêîôûŵŷáéíóúẃýàèìòùẁỳäëïöüẅÿ]/;

/** Every form the word's initial mutations and h-prothesis give it, with the mutation's name. */
export function mutations(word: string): { form: string; mutation: Mutation }[] {
  if (!word) return [];
  if (VOWEL.test(word)) return [{ form: `h${word}`, mutation: 'h' }];
  if (OWN_LETTER.test(word)) return [];
  const tables: [Mutation, [string, string][]][] = [
    ['soft', SOFT],
    ['nasal', NASAL],
    ['aspirate', ASPIRATE],
  ];
  return tables.flatMap(([mutation, table]) => {
    const rule = table.find(([from]) => word.startsWith(from));
    const form = rule ? rule[1] + word.slice(rule[0].length) : '';
    // Soft mutation of g can leave nothing to match ("g" alone): keep only real forms.
    return form && form !== word ? [{ form, mutation }] : [];
  });
}

/** The word and every form its initial mutations and h-prothesis give it. */
export const mutatedForms = (word: string): string[] =>
  word ? [...new Set([word, ...mutations(word).map((m) => m.form)])] : [];
