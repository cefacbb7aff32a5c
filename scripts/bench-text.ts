// Free text for `bench:team`: varied English and Welsh comments made from word lists, Welsh words
// in their mutated forms after the words that cause them, and some with a phone number or an
// email address, which the service withholds as typed before it stores the text. Most comments
// also carry words drawn from a long tail, as real comments do (place names, jargon, typos): a
// made-up vocabulary per language whose words come up as in natural text (Zipf's law), so the
// kept word counts hold hundreds of thousands of distinct words and phrases, most seen once.
// Deterministic: the caller gives the random number generator.

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]) =>
  items[Math.floor(random() * items.length)]!;

const EN = {
  opening: ['', '', 'Honestly, ', 'To be fair ', 'Overall ', 'I think ', 'Sadly ', 'Well, '],
  subject: [
    'the form',
    'the website',
    'the service',
    'the ID check',
    'the phone line',
    'the online application',
    'the helpline',
    'the certificate',
    'the payment page',
    'the email',
    'the letter',
    'the guidance',
    'your team',
    'the staff',
    'the process',
    'my employer',
    'the portal',
    'the app',
  ],
  verb: ['was', 'was really', 'felt', 'seemed', 'was not', "wasn't", 'is', 'was quite', 'was very'],
  adjective: [
    'slow',
    'quick',
    'easy',
    'confusing',
    'helpful',
    'clear',
    'unclear',
    'frustrating',
    'simple',
    'expensive',
    'fine',
    'excellent',
    'poor',
    'straightforward',
    'complicated',
    'slower than expected',
    'quicker than last time',
    'rude',
    'friendly',
    'late',
  ],
  tail: [
    '',
    '',
    '.',
    ' and I waited too long.',
    ' but it took weeks.',
    " and I didn't understand the questions.",
    ' so I rang customer service.',
    ' and nobody answered the phone.',
    ' and the certificate arrived late.',
    ' but the staff were kind.',
    ' because of the delays.',
    ' and the cost was too high.',
    ' and I had to start again.',
    ' and my address was wrong.',
    ' and the website crashed twice.',
    ' and it kept timing out.',
    ' thank you.',
    ' please make it quicker.',
    ' and the reference number did not work.',
    ' and I could not upload my documents.',
  ],
};

// Welsh: a noun after a word that mutates it (soft after "dy", "ei" his; nasal after "fy";
// aspirate after "ei" her, "a"; an h before a vowel after "ei" her, "ein").
const CY = {
  opening: ['', '', 'A dweud y gwir, ', 'Ar y cyfan ', 'Yn anffodus ', 'Diolch, ', 'Wel, '],
  phrase: [
    'roedd y ffurflen yn',
    'roedd y wefan yn',
    'roedd y gwasanaeth yn',
    'roedd fy nghais yn',
    'roedd ei chais hi yn',
    'roedd dy gais di yn',
    'roedd y broses yn',
    'roedd y llinell ffôn yn',
    'roedd y staff yn',
    'roedd y dystysgrif yn',
    'roedd ein hateb ni yn',
    'roedd y taliad yn',
    'roedd y canllawiau yn',
    'roedd y gwasanaeth ar-lein yn',
    'roedd yr e-bost yn',
  ],
  adjective: [
    'araf',
    'gyflym',
    'hawdd',
    'ddryslyd',
    'ddefnyddiol',
    'glir',
    'aneglur',
    'rhwystredig',
    'syml',
    'ddrud',
    'iawn',
    'ardderchog',
    'wael',
    'gymhleth',
    'arafach na’r disgwyl',
    'gyfeillgar',
    'hwyr',
    'dda',
  ],
  tail: [
    '',
    '',
    '.',
    ' ac roedd rhaid aros yn rhy hir.',
    ' ond cymerodd wythnosau.',
    ' a doeddwn i ddim yn deall y cwestiynau.',
    ' felly ffoniais y gwasanaeth cwsmeriaid.',
    ' a dim ateb ar y ffôn.',
    ' ac roedd y dystysgrif yn hwyr.',
    ' ond roedd y staff yn garedig.',
    ' oherwydd yr oedi.',
    ' ac roedd y gost yn rhy uchel.',
    ' a bu rhaid dechrau eto.',
    ' ac roedd fy nghyfeiriad yn anghywir.',
    ' diolch yn fawr.',
    ' gwnewch e’n gyflymach os gwelwch yn dda.',
    ' a doedd fy nghyfeirnod ddim yn gweithio.',
    ' ac roedd ei hateb hi yn glir.',
  ],
};

const CONTACT = [
  ' Call me on 07700 900 123.',
  ' My number is 07700-900-456.',
  ' Email me at jane.doe@example.co.uk please.',
  ' You can reach me on +44 7700 900789.',
  ' Ffoniwch fi ar 07700 900 321.',
  ' Anfonwch e-bost at rhys.jones@example.com.',
];

/** Each language's long tail: this many made-up words, ranked by how often they come up. */
const TAIL_WORDS = 40_000;
const SYLLABLES = {
  en: [
    'ar',
    'bel',
    'cot',
    'den',
    'ew',
    'fal',
    'gran',
    'hol',
    'ing',
    'jor',
    'ket',
    'lom',
    'mer',
    'nid',
    'or',
    'pel',
    'quin',
    'ros',
    'ster',
    'tal',
    'un',
    'ver',
    'wick',
    'yam',
  ],
  cy: [
    'af',
    'bryn',
    'cwm',
    'dd',
    'ell',
    'ffr',
    'gl',
    'hen',
    'ith',
    'llan',
    'myn',
    'nant',
    'od',
    'pen',
    'rhos',
    'si',
    'tre',
    'wy',
    'ydd',
    'aw',
    'ch',
    'fa',
    'ge',
    'lo',
  ],
};

/** The rank-th word of a language's tail: its rank written in syllables, so every rank differs. */
function tailWord(lang: 'en' | 'cy', rank: number): string {
  const syllables = SYLLABLES[lang];
  let word = '';
  for (let n = rank + syllables.length; n > 0; n = Math.floor(n / syllables.length))
    word += syllables[n % syllables.length];
  return word;
}

// Zipf's law (exponent 1): the word of rank k comes up in proportion to 1/k.
const cumulative: number[] = [];
for (let k = 1, sum = 0; k <= TAIL_WORDS; k++) cumulative.push((sum += 1 / k));

function tailRank(random: Random): number {
  const target = random() * cumulative[cumulative.length - 1]!;
  let [low, high] = [0, cumulative.length - 1];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two to twelve words from the language's long tail, as a sentence. */
function tailSentence(random: Random, lang: 'en' | 'cy'): string {
  const words = Array.from({ length: 2 + Math.floor(random() * 11) }, () =>
    tailWord(lang, tailRank(random)),
  );
  return `${words.join(' ')}.`;
}

/** One sentence in English or Welsh, sometimes two, mostly with words from the long tail,
 *  sometimes with contact details. */
export function comment(random: Random, welsh: boolean): string {
  const sentence = () =>
    welsh
      ? `${pick(random, CY.opening)}${pick(random, CY.phrase)} ${pick(random, CY.adjective)}${pick(random, CY.tail)}`
      : `${pick(random, EN.opening)}${pick(random, EN.subject)} ${pick(random, EN.verb)} ${pick(random, EN.adjective)}${pick(random, EN.tail)}`;
  let text = sentence();
  if (random() < 0.3) text += ` ${sentence()}`;
  if (random() < 0.7) text += ` ${tailSentence(random, welsh ? 'cy' : 'en')}`;
  if (random() < 0.05) text += pick(random, CONTACT);
  // A first letter in capitals, as typed, now and then.
  return random() < 0.7 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Fifteen themes as a team would make them: single words (some with mutated Welsh forms and
 * prefixes) and phrases, in English and Welsh.
 */
export const BENCH_THEMES: { name: string; terms: { en: string[]; cy: string[] } }[] = [
  { name: 'Slow', terms: { en: ['slow*'], cy: ['araf*'] } },
  { name: 'Quick', terms: { en: ['quick*'], cy: ['cyflym*'] } },
  { name: 'Confusing', terms: { en: ['confusing', 'unclear'], cy: ['dryslyd', 'aneglur'] } },
  { name: 'Helpful', terms: { en: ['helpful', 'friendly'], cy: ['defnyddiol', 'cyfeillgar'] } },
  { name: 'Application', terms: { en: ['application'], cy: ['cais'] } },
  { name: 'Website', terms: { en: ['website', 'portal'], cy: ['gwefan'] } },
  { name: 'Phone', terms: { en: ['phone', 'helpline'], cy: ['ffôn'] } },
  { name: 'Cost', terms: { en: ['cost', 'expensive'], cy: ['cost', 'drud'] } },
  { name: 'Certificate', terms: { en: ['certificate'], cy: ['tystysgrif'] } },
  {
    name: 'Waiting',
    terms: { en: ['waited too long', 'took weeks'], cy: ['rhy hir', 'cymerodd wythnosau'] },
  },
  { name: 'Not understood', terms: { en: ["didn't understand"], cy: ['ddim yn deall'] } },
  { name: 'Customer service', terms: { en: ['customer service'], cy: ['gwasanaeth cwsmeriaid'] } },
  { name: 'No answer', terms: { en: ['nobody answered'], cy: ['dim ateb'] } },
  { name: 'Online', terms: { en: ['online application'], cy: ['ar-lein'] } },
  { name: 'Start again', terms: { en: ['start again', 'timing out'], cy: ['dechrau eto'] } },
];
