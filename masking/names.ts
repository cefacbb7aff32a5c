// Names given as names, in English and Welsh: after an introduction ("my name is …", "fy enw i
// yw …"), before a Welsh one ("Siân yw fy enw"), after a title ("Mrs Jones") and as a signature
// ("Kind regards, David Hughes", "Cofion, Mererid"). After an introduction or a label a name is
// up to three words, in any case (a phone capitalises the sentence, not the name typed after);
// elsewhere one to four words written as names are: capitalised, unless the whole text is typed
// in lower case or in capitals.
import type { Span } from './spans';

// The text is read with its whitespace collapsed (as the engine gives it, and as it is stored).
const phrases = (list: string[]) => list.join('|');

/** What introduces a name: the name follows. */
const INTRODUCTIONS = [
  "my (?:(?:full|legal|real|maiden|married|first|last|middle) )?name(?:'s| is|s)",
  "my surname(?:'s| is)",
  'i am called',
  "i'?m called",
  "i(?: am|'?m) known as",
  "(?:my|his|her|their|our) (?:son|daughter|child|husband|wife|partner|mum|mother|dad|father|brother|sister|friend|manager|colleague)(?:'s|s)? name is",
  '(?:this|my) (?:feedback|message|review|comment) is from',
  'fy enw (?:llawn )?(?:i )?(?:yw|ydy|ydi)',
  "fy enw (?:i )?'di",
  'enw fi (?:yw|ydy|ydi)',
  'fy nghyfenw (?:i )?(?:yw|ydy|ydi)',
  "(?:ydw|dw|rydw|rwy) i'n cael fy ngalw(?: yn)?",
  "rwy'n cael fy ngalw(?: yn)?",
  'enw fy (?:mab|merch|mhlentyn|ngŵr|ngwr|ngwraig|mhartner|mam|nhad|mrawd|chwaer) (?:yw|ydy|ydi)',
];
/** A label before a name: "Name: …", "Full name - …", "Enw llawn: …". */
const LABELS = ['full name', 'name', 'enw llawn', 'enw'];
/** A title before a surname. */
const TITLES = ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'rev', 'revd', 'prof', 'sir'];
/** What signs a message off: the name follows and ends the text. */
const SIGN_OFFS = [
  'kind regards',
  'best regards',
  'warm regards',
  'regards',
  'many thanks',
  'thanks again',
  'thank you',
  'thanks',
  'cheers',
  'best wishes',
  'all the best',
  'yours sincerely',
  'yours faithfully',
  'yours truly',
  'signed',
  'cofion cynnes',
  'cofion gorau',
  'cofion',
  'diolch yn fawr iawn',
  'diolch yn fawr',
  'diolch',
  'yn gywir iawn',
  'yn gywir',
];
/** An English greeting and "I'm": the name follows ("Hi, I'm Gemma"). */
const GREETED = "(?:hi|hello|hiya|hey|good morning|good afternoon)[,.!]? (?:i'?m|i am)";
/** Welsh greetings before "… ydw i" ("Helo, Rhys ydw i"). */
const GREETINGS = ['helo', 'shwmae', "su'mae", 'haia', 'bore da', 'prynhawn da', 'noswaith dda'];

// Every place a name may follow, in one pattern read once over the text, one group for each
// (KINDS, in order); each is tried at every position, so one that starts inside another ("Hi I'm
// called Sam") is found too.
const KINDS = ['introduction', 'label', 'title', 'signOff', 'greeted', 'greeting'] as const;
const ANCHOR = new RegExp(
  [
    `(\\b(?:${phrases(INTRODUCTIONS)}) )`,
    // A label starts the text or has its colon (which stored text has lost).
    `((?:^(?:${phrases(LABELS)}) ?[:=-]?|\\b(?:${phrases(LABELS)}) ?[:=-]) ?)`,
    `(\\b(?:${TITLES.join('|')})\\.? (?=\\p{Lu}))`,
    `(\\b(?:${phrases(SIGN_OFFS)})[,.!:;-]? )`,
    `(\\b${GREETED} )`,
    `(\\b(?:${phrases(GREETINGS)})[,.!]? )`,
  ].join('|'),
  'giu',
);
/** The Welsh order, name first: "Siân yw fy enw", "Rhys ydw i" (after a greeting). */
const NAME_IS = /\s+(?:yw|ydy|ydi)\s+fy\s+(?:enw|nghyfenw)(?![\p{L}])/giu;
const I_AM = /^ (?:ydw|dw) i(?![\p{L}])/iu;
/** What may follow a signature: the end, maybe after a full stop or two. */
const ENDS = /^[.!]{0,3}$/;

/** Words that end a name rather than continue it, and capitalised words that follow a sign-off
 *  or start a Welsh sentence without being a name. */
const NOT_NAMES = new Set(
  `and but or i im i'm is was am are be been have has had not no back up out again by the a an
  from of in on at to with please thanks thank so because who my your our his her its it this that
  for as if when then also very much all everyone team staff you yes ok missing wrong spelt
  ac a ond neu o yn ar mae a'r fi diolch gyda achos sydd ydw dw yw ydy ydi fy ei eu gan am wrth yr y
  roedd rwy'n rydw hefyd iawn bawb pawb tîm dyna dyma hwn hwnnw hon honno beth nid nage
  misspelt misspelled spelled incorrect different correct right listed shown printed written
  still now already changed showing there here same too long short unusual`.split(/\s+/),
);
const PARTICLES = new Set([
  'ap',
  'ab',
  'van',
  'von',
  'de',
  'der',
  'da',
  'di',
  'du',
  'le',
  'bin',
  'al',
]);
const IS_TITLE = new RegExp(`^(?:${TITLES.join('|')})\\.?$`, 'i');
// Sticky, read at an index of the whole text: slicing it for each word would copy the rest.
const WORD = /(?:\p{Lu}\.|\p{L}[\p{L}'-]*)([,.!?;:]*)/uy;

/** How the text is typed: in lower case only, all in capitals, or as usual. */
type Casing = 'lower' | 'upper' | 'mixed';
const casingOf = (text: string): Casing =>
  !/\p{Lu}/u.test(text) ? 'lower' : !/\p{Ll}/u.test(text) ? 'upper' : 'mixed';

function isNameWord(word: string, casing: Casing): boolean {
  if (NOT_NAMES.has(word.toLowerCase())) return false;
  if (casing !== 'mixed') return true;
  // Capitalised, not an acronym ("DBS"); an initial ("R.") counts.
  return /^\p{Lu}(?:\.|[\p{Ll}'-]|\p{Lu}[\p{Ll}])/u.test(word) || /^\p{Lu}$/u.test(word);
}

/** The name that starts at `at` (maybe after a title): its span, or null when the words there
 *  are not one. A comma or full stop ends it, unless it closes an initial or a title. */
function nameFrom(text: string, at: number, casing: Casing): Span | null {
  let start = -1;
  let end = -1;
  let i = at;
  for (let words = 0; words < (casing === 'mixed' ? 5 : 3); words++) {
    WORD.lastIndex = i;
    const match = WORD.exec(text);
    if (!match) break;
    const punctuation = match[1]!;
    const word = match[0].slice(0, match[0].length - punctuation.length);
    const title = IS_TITLE.test(word) && start === -1;
    const particle = PARTICLES.has(word) && start !== -1;
    if (!title && !particle && !isNameWord(word, casing)) break;
    if (!title && !particle) {
      if (start === -1) start = i;
      end = i + word.length;
    }
    i += match[0].length;
    const initial = /^\p{Lu}$/u.test(word) || title;
    if ((punctuation && !(punctuation === '.' && initial)) || text[i] !== ' ') break;
    i += 1;
  }
  return start === -1 ? null : { start, end };
}

/** The name just before `at` (the Welsh order): up to three name words. */
function nameBefore(text: string, at: number, casing: Casing): Span | null {
  // Three words are all it reads: the text before them is not split.
  const words = text.slice(Math.max(0, at - 200), at).split(' ');
  let start = at;
  for (let n = words.length - 1; n >= 0 && n >= words.length - 3; n--) {
    const word = words[n]!;
    if (!/^\p{L}[\p{L}'-]*$/u.test(word) || !isNameWord(word, casing)) break;
    start = at - words.slice(n).join(' ').length;
  }
  return start < at ? { start, end: at } : null;
}

/** The spans of names given as names in the text. */
export function findNames(text: string): Span[] {
  const casing = casingOf(text);
  const spans: Span[] = [];
  const add = (span: Span | null) => span && spans.push(span);
  ANCHOR.lastIndex = 0;
  for (let match = ANCHOR.exec(text); match; match = ANCHOR.exec(text)) {
    const at = match.index + match[0].length;
    const kind = KINDS[KINDS.findIndex((_kind, group) => match[group + 1] !== undefined)];
    ANCHOR.lastIndex = match.index + 1;
    // Introduced or labelled: in any case.
    if (kind === 'introduction' || kind === 'label') add(nameFrom(text, at, 'lower'));
    // A title is read as one only before a capitalised word, whatever the text's casing.
    if (kind === 'title' && casing !== 'lower') add(nameFrom(text, at, 'mixed'));
    if (kind === 'greeted') add(nameFrom(text, at, casing));
    if (kind === 'signOff') {
      const name = nameFrom(text, at, casing);
      // A signature ends the text.
      if (name && ENDS.test(text.slice(name.end, name.end + 4))) add(name);
    }
    if (kind === 'greeting') {
      const name = nameFrom(text, at, casing);
      if (name && I_AM.test(text.slice(name.end, name.end + 8))) add(name);
    }
  }
  for (const match of text.matchAll(NAME_IS)) add(nameBefore(text, match.index, casing));
  return spans;
}
