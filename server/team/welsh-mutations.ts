// Welsh initial mutations, so a theme word matches the forms it takes in a sentence: "cais" is
// also "gais" (soft, "ei gais"), "nghais" (nasal, "fy nghais"), "chais" (aspirate, "ei chais");
// a word starting with a vowel takes an h ("ei henw"). Pure; lower-case words in, forms out.

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

/** Letters that look like a mutable one but are their own letter: ch, th, ph, ff, dd, ng. */
const OWN_LETTER = /^(ch|th|ph|ff|dd|ng)/;
/** A vowel, with or without its accent (Welsh writes â, ŵ, ŷ and others). */
const VOWEL = /^[aeiouwyâêîôûŵŷáéíóúẃýàèìòùẁỳäëïöüẅÿ]/;

/** The word and every form its initial mutations and h-prothesis give it. */
export function mutatedForms(word: string): string[] {
  const forms = new Set([word]);
  if (!word) return [];
  if (VOWEL.test(word)) forms.add(`h${word}`);
  else if (!OWN_LETTER.test(word))
    for (const table of [SOFT, NASAL, ASPIRATE]) {
      const rule = table.find(([from]) => word.startsWith(from));
      if (rule) forms.add(rule[1] + word.slice(rule[0].length));
    }
  // Soft mutation of g can leave nothing to match ("g" alone): keep only real forms.
  return [...forms].filter(Boolean);
}

/**
 * What every form of the word holds: the word without the letters a mutation replaces ("ais"
 * for cais, gais, nghais, chais), so a database can look for one text instead of four. The
 * word itself when it does not mutate or takes an h; undefined when the core would have fewer
 * than 3 letters (it would be found in too many answers: look for each form instead).
 */
export function mutationCore(word: string): string | undefined {
  if (VOWEL.test(word) || OWN_LETTER.test(word)) return word;
  const rule = SOFT.find(([from]) => word.startsWith(from));
  const core = rule ? word.slice(rule[0].length) : word;
  return core.length >= 3 ? core : undefined;
}
