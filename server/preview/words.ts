// The preview's and the live editor's own words, in both languages (the preview's chrome: what a
// respondent sees comes from the definitions and the app's own words, src/i18n). Welsh wording
// decisions are in docs/welsh-review.md.
import type { Lang } from '../../engine';

const en = {
  preview: 'Preview',
  surveys: 'Surveys',
  paths: 'Paths',
  pathsIntro: 'Each page opens with the answers of its path, as a respondent would see it.',
  tests:
    'Answers sent from these pages are test submissions: the feedback team never sees them, and they are deleted after a day.',
  path: 'Path',
  open: 'Open',
  page: 'Page',
  english: 'English',
  welsh: 'Welsh',
  errors: 'Error messages',
  reveals: 'When chosen, shows',
  otherBox: 'When chosen, shows a box for their own answer, labelled',
  hint: 'Hint',
  other: 'Cymraeg',
  otherLang: 'cy',
  error: 'Error:',
  startPage: 'Start page',
  finishPage: 'Finish page',
  noStart: 'A one-page survey: it has no start page.',
  edit: 'Edit the definition',
  // The live editor.
  editTitle: 'Edit',
  editorLabel: 'The definition (JSON)',
  editorHint:
    'Type to change the survey: the problems and the preview follow as you type. Ctrl+Space completes a property; Escape then Tab leaves the editor.',
  check: 'Check and preview',
  save: 'Save',
  saveHint: 'Saving writes the file, formatted as prettier writes it.',
  download: 'Download the file',
  downloadHint: 'Download it and commit it, or send it to someone who can.',
  problems: 'Problems',
  noProblems: 'No problems: npm run validate would accept this survey.',
  problemCount: '{count} problems',
  problemOne: '1 problem',
  line: 'Line',
  warning: 'Warning',
  previewStale: 'The preview shows the last version without errors.',
  saved: 'Saved {file}.',
  notSaved: 'Not saved: fix the errors first, or download the file to keep your work.',
  checking: 'Checking…',
};

type Words = typeof en;

const cy: Words = {
  preview: 'Rhagolwg',
  surveys: 'Arolygon',
  paths: 'Llwybrau',
  pathsIntro:
    'Mae pob tudalen yn agor gydag atebion ei llwybr, fel y byddai ymatebydd yn ei gweld.',
  tests:
    "Mae atebion a anfonir o'r tudalennau hyn yn gyflwyniadau prawf: nid yw'r tîm adborth byth yn eu gweld, ac maen nhw'n cael eu dileu ar ôl diwrnod.",
  path: 'Llwybr',
  open: 'Agor',
  page: 'Tudalen',
  english: 'Saesneg',
  welsh: 'Cymraeg',
  errors: 'Negeseuon gwall',
  reveals: "Pan gaiff ei dewis, mae'n dangos",
  otherBox: "Pan gaiff ei dewis, mae'n dangos blwch ar gyfer eu hateb eu hunain, gyda'r label",
  hint: 'Awgrym',
  other: 'English',
  otherLang: 'en',
  error: 'Gwall:',
  startPage: 'Tudalen gychwyn',
  finishPage: 'Tudalen olaf',
  noStart: 'Arolwg un dudalen: nid oes ganddo dudalen gychwyn.',
  edit: 'Golygu’r diffiniad',
  editTitle: 'Golygu',
  editorLabel: 'Y diffiniad (JSON)',
  editorHint:
    "Teipiwch i newid yr arolwg: mae'r problemau a'r rhagolwg yn dilyn wrth i chi deipio. Mae Ctrl+Space yn cwblhau priodwedd; mae Escape ac yna Tab yn gadael y golygydd.",
  check: 'Gwirio a rhagweld',
  save: 'Cadw',
  saveHint:
    "Mae cadw yn ysgrifennu'r ffeil, wedi'i fformatio fel y mae prettier yn ei hysgrifennu.",
  download: 'Lawrlwytho’r ffeil',
  downloadHint: "Lawrlwythwch hi a'i hymrwymo, neu anfonwch hi at rywun sy'n gallu gwneud hynny.",
  problems: 'Problemau',
  noProblems: 'Dim problemau: byddai npm run validate yn derbyn yr arolwg hwn.',
  problemCount: '{count} problem',
  problemOne: '1 broblem',
  line: 'Llinell',
  warning: 'Rhybudd',
  previewStale: "Mae'r rhagolwg yn dangos y fersiwn olaf heb wallau.",
  saved: 'Wedi cadw {file}.',
  notSaved:
    'Heb ei gadw: cywirwch y gwallau yn gyntaf, neu lawrlwythwch y ffeil i gadw eich gwaith.',
  checking: 'Yn gwirio…',
};

export const WORDS: Record<Lang, Words> = { en, cy };

export const langOf = (value: unknown): Lang => (value === 'cy' ? 'cy' : 'en');
