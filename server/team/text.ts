// The team area's interface text in English and Welsh (terms for the translator's review in README).
export type UiLang = 'en' | 'cy';

const TEXT = {
  serviceName: { en: 'Feedback team', cy: 'Tîm adborth' },
  skip: { en: 'Skip to main content', cy: 'Neidio i’r prif gynnwys' },
  language: { en: 'Language', cy: 'Iaith' },
  menu: { en: 'Menu', cy: 'Dewislen' },
  overview: { en: 'Overview', cy: 'Trosolwg' },
  signIn: { en: 'Sign in', cy: 'Mewngofnodi' },
  signOut: { en: 'Sign out', cy: 'Allgofnodi' },
  signInIntro: {
    en: 'Sign in with the passkey you set up on this device or your phone.',
    cy: 'Mewngofnodwch gyda’r allwedd mynediad a osodwyd gennych ar y ddyfais hon neu ar eich ffôn.',
  },
  usePasskey: { en: 'Sign in with a passkey', cy: 'Mewngofnodi gydag allwedd mynediad' },
  needsScript: {
    en: 'Passkeys need JavaScript. Turn on JavaScript in your browser and try again.',
    cy: 'Mae angen JavaScript ar allweddi mynediad. Trowch JavaScript ymlaen yn eich porwr a rhowch gynnig arall arni.',
  },
  failed: {
    en: 'That did not work. Try again.',
    cy: 'Ni weithiodd hynny. Rhowch gynnig arall arni.',
  },
  enrolHeading: { en: 'Set up your passkey', cy: 'Gosod eich allwedd mynediad' },
  enrolIntro: {
    en: 'You have been invited to the feedback team. Set up a passkey to sign in: your device will ask you to confirm it is you.',
    cy: 'Rydych wedi cael eich gwahodd i’r tîm adborth. Gosodwch allwedd mynediad i fewngofnodi: bydd eich dyfais yn gofyn i chi gadarnhau mai chi sydd yno.',
  },
  enrolButton: { en: 'Set up passkey', cy: 'Gosod allwedd mynediad' },
  linkInvalid: {
    en: 'This link has expired or has already been used. Ask an admin for a new one.',
    cy: 'Mae’r ddolen hon wedi dod i ben neu wedi cael ei defnyddio’n barod. Gofynnwch i weinyddwr am un newydd.',
  },
  linkInvalidHeading: { en: 'Link not valid', cy: 'Dolen ddim yn ddilys' },
  dateRange: {
    en: 'Responses received from {from} to {to}',
    cy: 'Ymatebion a ddaeth i law o {from} i {to}',
  },
  responses: { en: 'Responses', cy: 'Ymatebion' },
  all: { en: 'All', cy: 'Pob un' },
  inEnglish: { en: 'In English', cy: 'Yn Saesneg' },
  inWelsh: { en: 'In Welsh', cy: 'Yn Gymraeg' },
  question: { en: 'Question', cy: 'Cwestiwn' },
  score: { en: 'Score', cy: 'Sgôr' },
  measure: { en: 'Measure', cy: 'Mesur' },
  answered: { en: 'Answered', cy: 'Wedi ateb' },
  csat: { en: 'Satisfied (CSAT)', cy: 'Bodlon (CSAT)' },
  recommend: { en: 'Likely to recommend', cy: 'Tebygol o argymell' },
  nps: { en: 'Net Promoter Score', cy: 'Sgôr Hyrwyddwr Net' },
  interval: { en: '95% interval {low} to {high}', cy: 'Cyfwng 95% {low} i {high}' },
  fewAnswers: { en: 'Fewer than 30 answers', cy: 'Llai na 30 ateb' },
  headlines: { en: 'Headline scores', cy: 'Prif sgorau' },
  week: { en: 'Week starting', cy: 'Wythnos yn dechrau' },
  trend: { en: 'Responses each week', cy: 'Ymatebion bob wythnos' },
  noScores: {
    en: 'This survey has no scored questions.',
    cy: 'Nid oes gan yr arolwg hwn gwestiynau â sgôr.',
  },
  forbidden: { en: 'You cannot see this page', cy: 'Ni allwch weld y dudalen hon' },
  forbiddenBody: {
    en: 'Your role in the feedback team does not include this. Ask an admin if you need it.',
    cy: 'Nid yw eich rôl yn y tîm adborth yn cynnwys hyn. Gofynnwch i weinyddwr os oes ei angen arnoch.',
  },
} satisfies Record<string, Record<UiLang, string>>;

export type TextKey = keyof typeof TEXT;

/** The text in this language, with `{name}` placeholders filled in. */
export function text(lang: UiLang, key: TextKey, params: Record<string, string | number> = {}) {
  return TEXT[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const uiLang = (value: unknown): UiLang => (value === 'cy' ? 'cy' : 'en');
