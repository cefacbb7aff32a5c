// What counts as personal data on the team's pages: contact fields (from the definitions) and
// free text that looks like an identifier, masked before the team sees it. What each role may
// search and filter by is the team's reader's (server/team/access/scope.ts).
import {
  allFields,
  isFreeText,
  roleOf,
  typeOf,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';

/** A field asks for contact details when its type says so (an email address, a name). */
export const isContactField = (field: ResolvedField) => roleOf(field) === 'contact';

export const contactFields = (survey: ResolvedSurvey) =>
  allFields(survey)
    .filter(isContactField)
    .map((field) => field.name);

export const MASK = '[…]';

/**
 * The masking pass over stored answers that matches these patterns and what maskAnswers
 * covers: raise it when they change, and the next start masks every stored row again
 * (server/storage/mask-sql.ts). 2: the Other text sent inside a choice answer.
 */
export const MASK_PASS = 2;

// Respondents' text keeps only letters, digits, spaces, apostrophes and . ? ! , (the sanitising
// pattern): '@', '+', '-' and '_' are gone, so the patterns also look for what is left of them.
const NAME_WORD = "\\p{L}[\\p{L}']*";
// The words that introduce a name, English and Welsh ("fy enw i yw Siân"). "I'm" alone is not
// one: "I'm happy" would be masked.
const INTRODUCTIONS = [
  'my name is',
  "my name's",
  'my names',
  'i am called',
  "i'm called",
  'im called',
  'fy enw i yw',
  'fy enw yw',
  'fy enw i ydy',
  'fy enw ydy',
  "fy enw i 'di",
  'enw fi yw',
  "ydw i'n cael fy ngalw",
  "dw i'n cael fy ngalw",
];
// Words that end a name rather than continue it.
const NOT_NAMES = new Set(
  "and but i im back up out again by not gan the a an from of in on at to with please thanks thank so because who ac ond a o yn ar i mae a'r ac'r diolch gyda achos sydd".split(
    ' ',
  ),
);
const INTRODUCED = new RegExp(
  `\\b(${INTRODUCTIONS.map((s) => s.replace(/ /g, '\\s+')).join('|')})\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`,
  'giu',
);

/** The public suffixes an address ends with, longest first. */
const SUFFIXES = [
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'nhs.uk',
  'gov.wales',
  'llyw.cymru',
  'com',
  'net',
  'org',
  'uk',
  'wales',
  'cymru',
  'io',
  'me',
];
// Mail providers, for an address whose '@' the cleaning dropped ("johnsmithgmail.com").
const PROVIDERS =
  'gmail|googlemail|hotmail|outlook|yahoo|icloud|btinternet|aol|protonmail|live|sky|talktalk|virginmedia|example';

type Replacer = (match: string, ...groups: string[]) => string;
const PATTERNS: [RegExp, string | Replacer][] = [
  // An email address as typed.
  [/[\p{L}\d.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu, MASK],
  // A provider's address without its '@'.
  [
    new RegExp(`\\b[a-z\\d][a-z\\d.]*(?:${PROVIDERS})\\.(?:co\\.uk|com|net|org|me|uk)\\b`, 'gi'),
    MASK,
  ],
  // An address without its '@' whose name part has a dot ("john.smithexample.com"); a website
  // ("www.gov.uk", "example.com") has one word before its suffix and stays.
  [
    /\b[a-z\d]+(?:\.[a-z\d]+)+\b/gi,
    (token) => {
      const lower = token.toLowerCase();
      const suffix = SUFFIXES.find((s) => lower.endsWith(`.${s}`));
      if (!suffix) return token;
      const labels = lower.slice(0, -suffix.length - 1).split('.');
      return labels.length >= 2 && labels[0] !== 'www' ? MASK : token;
    },
  ],
  // A name introduced as one: the introduction stays, the name goes.
  [
    INTRODUCED,
    (_match, intro: string, words: string) => {
      const kept: string[] = [];
      for (const word of words.split(/\s+/)) {
        if (NOT_NAMES.has(word.toLowerCase())) break;
        kept.push(word);
      }
      if (kept.length === 0) return _match;
      const rest = words.split(/\s+/).slice(kept.length).join(' ');
      return `${intro} ${MASK}${rest ? ` ${rest}` : ''}`;
    },
  ],
  // National Insurance number: two letters, six digits, A to D.
  [/\b[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/gi, MASK],
  // International phone number (00 or, without its '+', a country code): 00 44 7700 900123.
  [/\b00 ?\d{1,3}(?: ?\d){7,12}\b/g, MASK],
  // UK phone number: 0 or 44 then 9 or 10 more digits (44 (0)7700 too, its brackets dropped).
  [/(?:\+(?=44)|\b)(?:0|44 ?0? ?)\d(?: ?\d){8,9}\b/g, MASK],
  // 12-digit certificate number, in any grouping.
  [/\b\d(?: ?\d){11}\b/g, MASK],
  // Postcode; the inward part's letters are never C, I, K, M, O or V, so "b4 7am" is a time.
  [/\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/gi, MASK],
];

/** The text with anything that looks like personal data replaced by MASK. */
export function maskPersonalData(text: string): string {
  return PATTERNS.reduce((masked, [pattern, by]) => masked.replace(pattern, by as Replacer), text);
}

/**
 * A submission with personal data masked in its free-text answers, as it is stored: the
 * database never holds an identifier in text the team reads (contact fields are kept: they are
 * asked for, and shown to analysts only). That includes the Other text a choice sends inside
 * its answer ('append' or 'replace'): the field's type reads the answer into its options and
 * that text, and writes it back with the text masked, the options as they were. Masking twice
 * changes nothing.
 */
export function maskAnswers(
  survey: ResolvedSurvey | undefined,
  answers: Record<string, string>,
): Record<string, string> {
  const fields = new Map(
    survey
      ? allFields(survey)
          .filter((f) => !isContactField(f))
          .map((f) => [f.name, f])
      : [],
  );
  const masked = (name: string, value: string) => {
    const field = fields.get(name);
    if (!field) return value;
    if (isFreeText(field)) return maskPersonalData(value);
    const type = typeOf(field);
    const parsed = type.parseSent(field, value);
    if (parsed.other === undefined) return value;
    const other = maskPersonalData(parsed.other);
    return other === parsed.other ? value : type.writeSent(field, { ...parsed, other });
  };
  return Object.fromEntries(
    Object.entries(answers).map(([name, value]) => [name, masked(name, value)]),
  );
}

/** A survey's name on the team's pages: its team name when its title is shared with another. */
export const surveyName = (survey: Pick<ResolvedSurvey, 'title' | 'teamName'>, lang: 'en' | 'cy') =>
  (survey.teamName ?? survey.title)[lang];
