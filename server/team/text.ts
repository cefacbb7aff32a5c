// The team area's interface text in English and Welsh (terms for the translator's review in README).
import type { Lang } from '../../engine';
import type { Role } from '../storage/team-types';
import { ROLES } from './invite';

/** The team's interface speaks the service's two languages. */
export type UiLang = Lang;

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
    cy: 'Mewngofnodwch gyda’r allwedd fynediad a osodwyd gennych ar y ddyfais hon neu ar eich ffôn.',
  },
  usePasskey: { en: 'Sign in with a passkey', cy: 'Mewngofnodi gydag allwedd fynediad' },
  needsScript: {
    en: 'Passkeys need JavaScript. Turn on JavaScript in your browser and try again.',
    cy: 'Mae angen JavaScript ar allweddi mynediad. Trowch JavaScript ymlaen yn eich porwr a rhowch gynnig arall arni.',
  },
  failed: {
    en: 'That did not work. Try again.',
    cy: 'Ni weithiodd hynny. Rhowch gynnig arall arni.',
  },
  enrolHeading: { en: 'Set up your passkey', cy: 'Gosod eich allwedd fynediad' },
  enrolIntro: {
    en: 'You have been invited to the feedback team. Set up a passkey to sign in: your device will ask you to confirm it is you.',
    cy: 'Rydych wedi cael eich gwahodd i’r tîm adborth. Gosodwch allwedd fynediad i fewngofnodi: bydd eich dyfais yn gofyn i chi gadarnhau mai chi sydd yno.',
  },
  enrolButton: { en: 'Set up passkey', cy: 'Gosod allwedd fynediad' },
  linkInvalid: {
    en: 'This link has expired or has already been used. Ask an admin for a new one.',
    cy: 'Mae’r ddolen hon wedi dod i ben neu wedi cael ei defnyddio’n barod. Gofynnwch i weinyddwr am un newydd.',
  },
  linkInvalidHeading: { en: 'Link not valid', cy: 'Nid yw’r ddolen yn ddilys' },
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
  interval: { en: '95% interval {low} to {high}', cy: 'Cyfwng hyder 95% {low} i {high}' },
  fewAnswers: { en: 'Fewer than 30 answers', cy: 'Llai na 30 ateb' },
  headlines: { en: 'Headline scores', cy: 'Prif sgorau' },
  week: { en: 'Week starting', cy: 'Wythnos yn dechrau' },
  partialWeek: { en: 'partial week', cy: 'wythnos rannol' },
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
  serviceInfo: { en: 'Service information', cy: 'Gwybodaeth am y gwasanaeth' },
  tags: { en: 'Tags', cy: 'Tagiau' },
  members: { en: 'Members', cy: 'Aelodau' },
  auditLog: { en: 'Audit log', cy: 'Log archwilio' },
  english: { en: 'English', cy: 'Saesneg' },
  welsh: { en: 'Welsh', cy: 'Cymraeg' },
  unknown: { en: 'Not known', cy: 'Anhysbys' },
  filter: { en: 'Filter', cy: 'Hidlo' },
  survey: { en: 'Survey', cy: 'Arolwg' },
  allSurveys: { en: 'All surveys', cy: 'Pob arolwg' },
  from: { en: 'Received from', cy: 'Wedi dod i law o' },
  to: { en: 'Received up to', cy: 'Wedi dod i law hyd at' },
  dateHint: { en: 'For example, 2026-03-27', cy: 'Er enghraifft, 2026-03-27' },
  respondentLanguage: { en: 'Language answered in', cy: 'Iaith yr ymateb' },
  anyLanguage: { en: 'Any language', cy: 'Unrhyw iaith' },
  wantsContact: { en: 'Wants to be contacted', cy: 'Eisiau i ni gysylltu â nhw' },
  answer: { en: 'Answer', cy: 'Ateb' },
  anyAnswer: { en: 'Any answer', cy: 'Unrhyw ateb' },
  tag: { en: 'Tag', cy: 'Tag' },
  anyTag: { en: 'Any tag', cy: 'Unrhyw dag' },
  search: { en: 'Search the answers', cy: 'Chwilio’r atebion' },
  applyFilter: { en: 'Apply filter', cy: 'Hidlo' },
  // Welsh puts the singular noun after any number ('3 ymateb'); English needs its own 'one'.
  found: { en: '{n} responses', cy: '{n} ymateb' },
  foundOne: { en: '1 response', cy: '1 ymateb' },
  foundNone: { en: 'No responses', cy: 'Dim ymatebion' },
  downloadCsv: { en: 'Download these responses (CSV)', cy: 'Lawrlwytho’r ymatebion hyn (CSV)' },
  received: { en: 'Received', cy: 'Wedi dod i law' },
  responseId: { en: 'Response ID', cy: 'Rhif adnabod yr ymateb' },
  said: { en: 'What they said', cy: 'Beth ddywedon nhw' },
  pagination: { en: 'Pages', cy: 'Tudalennau' },
  previous: { en: 'Previous', cy: 'Blaenorol' },
  next: { en: 'Next', cy: 'Nesaf' },
  pageOf: { en: 'Page {page} of {pages}', cy: 'Tudalen {page} o {pages}' },
  notFound: { en: 'Page not found', cy: 'Heb ddod o hyd i’r dudalen' },
  response: { en: 'Response', cy: 'Ymateb' },
  definitionVersion: { en: 'Survey version', cy: 'Fersiwn yr arolwg' },
  deletedOn: { en: 'Will be deleted on', cy: 'Bydd yn cael ei ddileu ar' },
  answers: { en: 'Answers', cy: 'Atebion' },
  reveal: { en: 'Show the hidden personal data', cy: 'Dangos y data personol sydd wedi’i guddio' },
  maskedNote: {
    en: 'Text that looks like personal data (phone numbers, National Insurance numbers, certificate numbers, postcodes) is hidden as […].',
    cy: 'Mae testun sy’n edrych fel data personol (rhifau ffôn, rhifau Yswiriant Gwladol, rhifau tystysgrif, codau post) wedi’i guddio fel […].',
  },
  saveTags: { en: 'Save tags', cy: 'Cadw tagiau' },
  deleteResponse: { en: 'Delete this response', cy: 'Dileu’r ymateb hwn' },
  deleteHeading: {
    en: 'Are you sure you want to delete this response?',
    cy: 'Ydych chi’n siŵr eich bod am ddileu’r ymateb hwn?',
  },
  warning: { en: 'Warning', cy: 'Rhybudd' },
  deleteWarning: { en: 'You cannot undo this.', cy: 'Ni allwch ddadwneud hyn.' },
  cancel: { en: 'Cancel', cy: 'Canslo' },
  viewer: { en: 'Viewer', cy: 'Gwyliwr' },
  analyst: { en: 'Analyst', cy: 'Dadansoddwr' },
  admin: { en: 'Admin', cy: 'Gweinyddwr' },
  invited: { en: 'Enrolment link created', cy: 'Dolen gofrestru wedi’i chreu' },
  email: { en: 'Email address', cy: 'Cyfeiriad e-bost' },
  role: { en: 'Role', cy: 'Rôl' },
  actions: { en: 'Actions', cy: 'Camau gweithredu' },
  roleOf: { en: 'Role of {email}', cy: 'Rôl {email}' },
  changeRole: { en: 'Change role', cy: 'Newid rôl' },
  remove: { en: 'Remove', cy: 'Tynnu o’r tîm' },
  inviteHeading: { en: 'Invite a member', cy: 'Gwahodd aelod' },
  inviteIntro: {
    en: 'This creates a link that works once, for 24 hours. The service sends no email: pass the link on yourself.',
    cy: 'Mae hyn yn creu dolen sy’n gweithio unwaith, am 24 awr. Nid yw’r gwasanaeth yn anfon e-bost: rhowch y ddolen i’r person eich hun.',
  },
  createLink: { en: 'Create link', cy: 'Creu dolen' },
  auditIntro: {
    en: 'Sign-ins, views of contact details, reveals, exports, deletions and membership changes, newest first. Kept for 12 months.',
    cy: 'Mewngofnodi, edrych ar fanylion cyswllt, datgelu, allforio, dileu a newidiadau i aelodaeth, y mwyaf diweddar yn gyntaf. Cânt eu cadw am 12 mis.',
  },
  when: { en: 'When', cy: 'Pryd' },
  who: { en: 'Who', cy: 'Pwy' },
  what: { en: 'What', cy: 'Beth' },
  record: { en: 'Record', cy: 'Cofnod' },
  count: { en: 'Count', cy: 'Nifer' },
  percentage: { en: 'Percentage', cy: 'Canran' },
  whoAnswered: { en: 'Only responses that answered', cy: 'Dim ond ymatebion a atebodd' },
  questions: { en: 'Questions', cy: 'Cwestiynau' },
  tagsOverTime: { en: 'Tagged responses each week', cy: 'Ymatebion wedi’u tagio bob wythnos' },
  newTag: { en: 'New tag', cy: 'Tag newydd' },
  addTag: { en: 'Add tag', cy: 'Ychwanegu tag' },
  // Single sign-on with the organisation's account (OpenID Connect).
  ssoHeading: { en: 'Your organisation account', cy: 'Cyfrif eich sefydliad' },
  ssoIntro: {
    en: 'You can also sign in with the account you use for work.',
    cy: 'Gallwch hefyd fewngofnodi gyda’r cyfrif rydych chi’n ei ddefnyddio ar gyfer gwaith.',
  },
  ssoButton: {
    en: 'Sign in with your organisation account',
    cy: 'Mewngofnodi gyda chyfrif eich sefydliad',
  },
  ssoRefusedHeading: {
    en: 'You cannot sign in with this account',
    cy: 'Ni allwch fewngofnodi gyda’r cyfrif hwn',
  },
  ssoRefusedBody: {
    en: 'Your organisation account does not give access to the feedback team’s area. If you think it should, ask an admin of the feedback team.',
    cy: 'Nid yw cyfrif eich sefydliad yn rhoi mynediad i ardal y tîm adborth. Os ydych chi’n credu y dylai, gofynnwch i weinyddwr y tîm adborth.',
  },
  ssoFailedHeading: { en: 'Sign-in did not work', cy: 'Ni weithiodd y mewngofnodi' },
  ssoFailedBody: {
    en: 'The sign-in was cancelled, took longer than 10 minutes or could not be checked. Try again.',
    cy: 'Cafodd y mewngofnodi ei ganslo, cymerodd fwy na 10 munud neu nid oedd modd ei wirio. Rhowch gynnig arall arni.',
  },
  ssoBack: { en: 'Go to the sign-in page', cy: 'Mynd i’r dudalen fewngofnodi' },
  ssoSignedIn: { en: 'You are signed in', cy: 'Rydych wedi mewngofnodi' },
  ssoSignedInBody: {
    en: 'The feedback team’s area will open in a moment.',
    cy: 'Bydd ardal y tîm adborth yn agor mewn eiliad.',
  },
  ssoContinue: { en: 'Continue', cy: 'Parhau' },
  ssoSigningOut: {
    en: 'Signing you out of your organisation account',
    cy: 'Wrthi’n eich allgofnodi o gyfrif eich sefydliad',
  },
  ssoSigningOutBody: {
    en: 'You have signed out of this service. Now sign out of your organisation account too, so that no one else using this device can sign in with it.',
    cy: 'Rydych wedi allgofnodi o’r gwasanaeth hwn. Nawr allgofnodwch o gyfrif eich sefydliad hefyd, fel na all neb arall sy’n defnyddio’r ddyfais hon fewngofnodi gydag ef.',
  },
  ssoSigningOutLink: {
    en: 'Sign out of your organisation account',
    cy: 'Allgofnodi o gyfrif eich sefydliad',
  },
  ssoSignedOut: { en: 'You have signed out', cy: 'Rydych wedi allgofnodi' },
  ssoSignedOutBody: {
    en: 'You have signed out of this service and of your organisation account.',
    cy: 'Rydych wedi allgofnodi o’r gwasanaeth hwn ac o gyfrif eich sefydliad.',
  },
  ssoProviderSignOutFailed: {
    en: 'You have signed out of this service only',
    cy: 'Rydych wedi allgofnodi o’r gwasanaeth hwn yn unig',
  },
  ssoProviderSignOutFailedBody: {
    en: 'We could not sign you out of your organisation account. If other people use this device, close all browser windows or sign out on your organisation’s website.',
    cy: 'Nid oeddem yn gallu eich allgofnodi o gyfrif eich sefydliad. Os yw pobl eraill yn defnyddio’r ddyfais hon, caewch bob ffenestr porwr neu allgofnodwch ar wefan eich sefydliad.',
  },
  // What each audit log entry records (the action codes are in the audit table).
  auditInvite: {
    en: 'Created an enrolment link (role: {role})',
    cy: 'Wedi creu dolen gofrestru (rôl: {role})',
  },
  auditRole: {
    en: 'Changed a member’s role (new role: {role})',
    cy: 'Wedi newid rôl aelod (rôl newydd: {role})',
  },
  auditRemoveMember: { en: 'Removed a member', cy: 'Wedi tynnu aelod o’r tîm' },
  auditEnrol: { en: 'Set up a passkey', cy: 'Wedi gosod allwedd fynediad' },
  auditSignIn: { en: 'Signed in with a passkey', cy: 'Wedi mewngofnodi gydag allwedd fynediad' },
  auditSignInSso: {
    en: 'Signed in with an organisation account',
    cy: 'Wedi mewngofnodi gyda chyfrif sefydliad',
  },
  auditSignInRefusedSso: {
    en: 'Refused a sign-in with an organisation account',
    cy: 'Wedi gwrthod mewngofnodi gyda chyfrif sefydliad',
  },
  auditSsoJoin: {
    en: 'Joined with an organisation account (role: {role})',
    cy: 'Wedi ymuno gyda chyfrif sefydliad (rôl: {role})',
  },
  auditSsoRole: {
    en: 'Role changed by the organisation account’s rules (new role: {role})',
    cy: 'Rôl wedi’i newid gan reolau cyfrif y sefydliad (rôl newydd: {role})',
  },
  // Issue 25: filters checked, segments, periods compared, themes.
  filterSurveyUnknown: { en: 'Select a survey from the list', cy: 'Dewiswch arolwg o’r rhestr' },
  filterFromInvalid: {
    en: 'Received from must be a real date, for example 2026-03-27',
    cy: 'Rhaid i’r dyddiad ‘wedi dod i law o’ fod yn ddyddiad go iawn, er enghraifft 2026-03-27',
  },
  filterToInvalid: {
    en: 'Received up to must be a real date, for example 2026-03-27',
    cy: 'Rhaid i’r dyddiad ‘wedi dod i law hyd at’ fod yn ddyddiad go iawn, er enghraifft 2026-03-27',
  },
  filterFromFuture: {
    en: 'Received from must be today or in the past',
    cy: 'Rhaid i’r dyddiad ‘wedi dod i law o’ fod heddiw neu yn y gorffennol',
  },
  filterToFuture: {
    en: 'Received up to must be today or in the past',
    cy: 'Rhaid i’r dyddiad ‘wedi dod i law hyd at’ fod heddiw neu yn y gorffennol',
  },
  filterReversed: {
    en: 'Received from must be the same as or before received up to',
    cy: 'Rhaid i’r dyddiad ‘wedi dod i law o’ fod yr un fath â’r dyddiad ‘wedi dod i law hyd at’ neu cyn hynny',
  },
  filterTooLong: {
    en: 'Choose dates no more than 366 days apart',
    cy: 'Dewiswch ddyddiadau sydd dim mwy na 366 diwrnod ar wahân',
  },
  filterLangUnknown: {
    en: 'Select a language from the list',
    cy: 'Dewiswch iaith o’r rhestr',
  },
  filterContactUnknown: {
    en: 'Select whether the response asks to be contacted',
    cy: 'Dewiswch a yw’r ymateb yn gofyn am gysylltiad',
  },
  filterAnswerUnknown: {
    en: 'Select an answer from the list',
    cy: 'Dewiswch ateb o’r rhestr',
  },
  filterTagUnknown: { en: 'Select a tag from the list', cy: 'Dewiswch dag o’r rhestr' },
  exportRefused: {
    en: 'The filter has a problem. Go back to the list of responses to correct it.',
    cy: 'Mae problem gyda’r hidl. Ewch yn ôl at y rhestr o ymatebion i’w chywiro.',
  },
  compare: { en: 'Compare two periods', cy: 'Cymharu dau gyfnod' },
  compareLink: { en: 'Compare with the period before', cy: 'Cymharu â’r cyfnod cyn hynny' },
  compareIntro: {
    en: 'Responses from {from} to {to}, compared with {beforeFrom} to {beforeTo}',
    cy: 'Ymatebion o {from} i {to}, o’u cymharu â {beforeFrom} i {beforeTo}',
  },
  compareChooseSurvey: {
    en: 'Choose a survey to compare two periods of its responses.',
    cy: 'Dewiswch arolwg i gymharu dau gyfnod o’i ymatebion.',
  },
  compareBeforeFrom: { en: 'Compare with responses from', cy: 'Cymharu ag ymatebion o' },
  compareBeforeTo: { en: 'Compare with responses up to', cy: 'Cymharu ag ymatebion hyd at' },
  compareBeforeHint: {
    en: 'Leave both empty to compare with the same number of days just before. For example, 2026-03-27',
    cy: 'Gadewch y ddau yn wag i gymharu â’r un nifer o ddiwrnodau yn union cyn hynny. Er enghraifft, 2026-03-27',
  },
  compareBeforeMissing: {
    en: 'Enter both dates of the period to compare with, or neither',
    cy: 'Rhowch ddau ddyddiad y cyfnod i gymharu ag ef, neu ddim un',
  },
  compareSummary: { en: 'What changed', cy: 'Beth sydd wedi newid' },
  compareCountRose: {
    en: 'Responses rose from {a} to {b}.',
    cy: 'Cododd nifer yr ymatebion o {a} i {b}.',
  },
  compareCountFell: {
    en: 'Responses fell from {a} to {b}.',
    cy: 'Gostyngodd nifer yr ymatebion o {a} i {b}.',
  },
  compareCountSame: { en: 'Responses stayed at {a}.', cy: 'Arhosodd nifer yr ymatebion ar {a}.' },
  compareRose: {
    en: '{measure} rose from {a} to {b}; {verdict}.',
    cy: 'Cododd {measure} o {a} i {b}; {verdict}.',
  },
  compareFell: {
    en: '{measure} fell from {a} to {b}; {verdict}.',
    cy: 'Gostyngodd {measure} o {a} i {b}; {verdict}.',
  },
  compareSame: { en: '{measure} stayed at {a}.', cy: 'Arhosodd {measure} ar {a}.' },
  compareNoData: {
    en: '{measure}: there are no answers in one of the periods, so there is nothing to compare.',
    cy: '{measure}: does dim atebion yn un o’r cyfnodau, felly does dim i’w gymharu.',
  },
  verdictSignificant: {
    en: 'this is unlikely to be chance',
    cy: 'mae’n annhebygol mai siawns yw hyn',
  },
  verdictChance: { en: 'this could be chance', cy: 'gallai hyn fod yn siawns' },
  verdictTooFew: {
    en: 'there are too few answers to tell whether this is chance',
    cy: 'does dim digon o atebion i ddweud ai siawns yw hyn',
  },
  subjectCsat: { en: 'satisfaction (CSAT)', cy: 'boddhad (CSAT)' },
  subjectRecommend: { en: 'the share likely to recommend', cy: 'y gyfran sy’n debygol o argymell' },
  subjectNps: { en: 'the Net Promoter Score', cy: 'y Sgôr Hyrwyddwr Net' },
  compareBefore: { en: 'Earlier period', cy: 'Cyfnod cynharach' },
  compareAfter: { en: 'Chosen period', cy: 'Cyfnod a ddewiswyd' },
  compareChange: { en: 'Change', cy: 'Newid' },
  compareVerdict: { en: 'Unlikely to be chance?', cy: 'Annhebygol o fod yn siawns?' },
  verdictYes: { en: 'Yes', cy: 'Ydy' },
  verdictNo: { en: 'No', cy: 'Nac ydy' },
  verdictTooFewShort: { en: 'Too few answers to tell', cy: 'Dim digon o atebion i ddweud' },
  verdictNoData: { en: 'No answers in a period', cy: 'Dim atebion mewn cyfnod' },
  comparePoints: { en: '{n} points', cy: '{n} pwynt' },
  compareShares: { en: 'Share of each answer', cy: 'Cyfran pob ateb' },
  compareMethodHeading: { en: 'How changes are tested', cy: 'Sut mae newidiadau’n cael eu profi' },
  compareMethod: {
    en: 'A change in a share (satisfaction, likely to recommend, each answer) is tested with a two-proportion z test at 95%; it is only used when each period expects at least 5 answers of each kind. A change in the Net Promoter Score has a 95% confidence interval made from the variance of each period’s score (promoters and detractors as shares of one sample), added together; it is unlikely to be chance when the interval does not include 0, and needs at least 30 answers in each period. “Unlikely to be chance” means a difference this large would happen less than 1 time in 20 if nothing had changed.',
    cy: 'Mae newid mewn cyfran (boddhad, tebygol o argymell, pob ateb) yn cael ei brofi gyda phrawf z dwy gyfran ar 95%; dim ond pan fo pob cyfnod yn disgwyl o leiaf 5 ateb o bob math y caiff ei ddefnyddio. Mae gan newid yn y Sgôr Hyrwyddwr Net gyfwng hyder 95% wedi’i wneud o amrywiant sgôr pob cyfnod (hyrwyddwyr a beirniaid fel cyfrannau o un sampl), wedi’u hadio at ei gilydd; mae’n annhebygol o fod yn siawns pan nad yw’r cyfwng yn cynnwys 0, ac mae angen o leiaf 30 ateb ym mhob cyfnod. Mae “annhebygol o fod yn siawns” yn golygu y byddai gwahaniaeth mor fawr â hyn yn digwydd llai nag 1 waith mewn 20 pe na bai dim wedi newid.',
  },
  themes: { en: 'Themes', cy: 'Themâu' },
  themesIntro: {
    en: 'A theme counts the responses whose free-text answers use any of its words or phrases, in English or Welsh. Welsh words are also found in their mutated forms (cais: gais, nghais, chais). End a word with * to find words that start with it.',
    cy: 'Mae thema yn cyfrif yr ymatebion y mae eu hatebion testun rhydd yn defnyddio unrhyw un o’i geiriau neu ymadroddion, yn Saesneg neu yn Gymraeg. Mae geiriau Cymraeg hefyd yn cael eu canfod yn eu ffurfiau treigledig (cais: gais, nghais, chais). Rhowch * ar ddiwedd gair i ganfod geiriau sy’n dechrau ag ef.',
  },
  noThemes: { en: 'There are no themes yet.', cy: 'Does dim themâu eto.' },
  theme: { en: 'Theme', cy: 'Thema' },
  themeAdd: { en: 'Add a theme', cy: 'Ychwanegu thema' },
  themeEdit: { en: 'Change this theme', cy: 'Newid y thema hon' },
  themeDelete: { en: 'Delete this theme', cy: 'Dileu’r thema hon' },
  themeSave: { en: 'Save theme', cy: 'Cadw’r thema' },
  themeName: { en: 'Name', cy: 'Enw' },
  themeTermsEn: { en: 'Words or phrases in English', cy: 'Geiriau neu ymadroddion yn Saesneg' },
  themeTermsCy: { en: 'Words or phrases in Welsh', cy: 'Geiriau neu ymadroddion yn Gymraeg' },
  themeTermsHint: {
    en: 'One on each line. For example, delay* or waited too long',
    cy: 'Un ar bob llinell. Er enghraifft, oedi neu aros yn rhy hir',
  },
  themeNameMissing: { en: 'Enter a name for the theme', cy: 'Rhowch enw i’r thema' },
  themeNameLong: {
    en: 'Name must be 80 characters or fewer',
    cy: 'Rhaid i’r enw fod yn 80 nod neu lai',
  },
  themeNameTaken: {
    en: 'A theme with this name already exists: choose another name',
    cy: 'Mae thema gyda’r enw hwn yn bodoli’n barod: dewiswch enw arall',
  },
  themeTermsMissing: {
    en: 'Enter at least one word or phrase in English or in Welsh',
    cy: 'Rhowch o leiaf un gair neu ymadrodd yn Saesneg neu yn Gymraeg',
  },
  themeTermsLong: {
    en: 'Enter 50 words or phrases or fewer, each 100 characters or fewer',
    cy: 'Rhowch 50 gair neu ymadrodd neu lai, pob un yn 100 nod neu lai',
  },
  themeMatching: { en: 'Responses matching', cy: 'Ymatebion sy’n cyfateb' },
  themeShare: { en: '{count} of {n} ({share})', cy: '{count} o {n} ({share})' },
  themeTrend: { en: 'Matching responses each week', cy: 'Ymatebion sy’n cyfateb bob wythnos' },
  themeAnswers: { en: 'The answers behind it', cy: 'Yr atebion y tu ôl iddi' },
  themeTerms: { en: 'Words and phrases', cy: 'Geiriau ac ymadroddion' },
  auditThemeAdd: { en: 'Added a theme', cy: 'Wedi ychwanegu thema' },
  auditThemeEdit: { en: 'Changed a theme', cy: 'Wedi newid thema' },
  auditThemeDelete: { en: 'Deleted a theme', cy: 'Wedi dileu thema' },
  segmentChange: { en: 'Choose which responses', cy: 'Dewis pa ymatebion' },
  segmentInUse: { en: 'Filters in use', cy: 'Hidlau sy’n cael eu defnyddio' },
  segmentRemove: { en: 'remove this filter', cy: 'tynnu’r hidl hwn' },
  segmentFrom: { en: 'From {date}', cy: 'O {date}' },
  segmentTo: { en: 'Up to {date}', cy: 'Hyd at {date}' },
  segmentSmall: {
    en: 'Fewer than 30 responses match these filters, so the figures can change a lot with a few more answers.',
    cy: 'Mae llai na 30 ymateb yn cyfateb i’r hidlau hyn, felly gall y ffigurau newid llawer gydag ychydig mwy o atebion.',
  },
  auditViewContact: { en: 'Viewed contact details', cy: 'Wedi edrych ar fanylion cyswllt' },
  auditReveal: {
    en: 'Showed hidden personal data',
    cy: 'Wedi dangos data personol oedd wedi’i guddio',
  },
  auditDelete: { en: 'Deleted a response', cy: 'Wedi dileu ymateb' },
  auditExport: { en: 'Downloaded responses as CSV', cy: 'Wedi lawrlwytho ymatebion fel CSV' },
  newNameFor: { en: 'New name for', cy: 'Enw newydd ar gyfer' },
  renameTag: { en: 'Rename', cy: 'Ailenwi' },
  deleteTag: { en: 'Delete', cy: 'Dileu' },
  auditSignOut: { en: 'Signed out', cy: 'Wedi allgofnodi' },
  auditSignInFailed: {
    en: 'Failed to sign in with a passkey',
    cy: 'Wedi methu mewngofnodi gydag allwedd fynediad',
  },
  auditRefusedRole: {
    en: 'Refused: the role does not allow it',
    cy: 'Wedi’i wrthod: nid yw’r rôl yn caniatáu hyn',
  },
  auditRefusedCsrf: {
    en: 'Refused: the form’s security check failed',
    cy: 'Wedi’i wrthod: methodd gwiriad diogelwch y ffurflen',
  },
  auditTagCreate: { en: 'Created a tag', cy: 'Wedi creu tag' },
  auditTagRename: { en: 'Renamed a tag', cy: 'Wedi ailenwi tag' },
  auditTagDelete: { en: 'Deleted a tag', cy: 'Wedi dileu tag' },
  auditTagAttach: { en: 'Tagged a response', cy: 'Wedi tagio ymateb' },
  auditTagDetach: { en: 'Removed a tag from a response', cy: 'Wedi tynnu tag oddi ar ymateb' },
  thereIsAProblem: { en: 'There is a problem', cy: 'Mae problem' },
  errorPrefix: { en: 'Error', cy: 'Gwall' },
  inviteEmailError: {
    en: 'Enter an email address in the correct format, like name@example.com',
    cy: 'Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com',
  },
  inviteRoleError: { en: 'Select a role', cy: 'Dewiswch rôl' },
  tagNameMissing: { en: 'Enter a name for the tag', cy: 'Rhowch enw ar gyfer y tag' },
  tagNameLong: {
    en: 'Tag name must be 40 characters or fewer',
    cy: 'Rhaid i enw’r tag fod yn 40 nod neu lai',
  },
  tagNameTaken: { en: 'There is already a tag with that name', cy: 'Mae tag â’r enw hwnnw eisoes' },
  chooseRole: { en: 'Select a role', cy: 'Dewiswch rôl' },
  pendingInvitations: { en: 'Invitations not yet used', cy: 'Gwahoddiadau heb eu defnyddio eto' },
  expires: { en: 'Expires', cy: 'Yn dod i ben' },
  withdraw: { en: 'Withdraw', cy: 'Tynnu’n ôl' },
  auditWithdrawInvite: {
    en: 'Withdrew an enrolment link (role: {role})',
    cy: 'Wedi tynnu dolen gofrestru’n ôl (rôl: {role})',
  },
  auditSearchPersonal: {
    en: 'Searched or filtered by personal data',
    cy: 'Wedi chwilio neu hidlo yn ôl data personol',
  },
  notFoundBody: {
    en: 'If you typed the web address, check it is correct. Go to the overview from the menu.',
    cy: 'Os gwnaethoch deipio’r cyfeiriad gwe, gwiriwch ei fod yn gywir. Ewch i’r trosolwg o’r ddewislen.',
  },
  noAnswersYet: { en: 'No answers yet', cy: 'Dim atebion eto' },
  searchTooLong: {
    en: 'The search took too long, so no responses are shown. Choose a survey or dates to search fewer responses.',
    cy: 'Cymerodd y chwiliad ormod o amser, felly ni ddangosir unrhyw ymatebion. Dewiswch arolwg neu ddyddiadau i chwilio llai o ymatebion.',
  },
  personalFilterRefused: {
    en: 'Your role cannot search or filter by contact details or personal data, so that part of the filter was not used.',
    cy: 'Ni all eich rôl chwilio na hidlo yn ôl manylion cyswllt neu ddata personol, felly ni ddefnyddiwyd y rhan honno o’r hidlydd.',
  },
} satisfies Record<string, Record<UiLang, string>>;

export type TextKey = keyof typeof TEXT;

/** The text in this language, with `{name}` placeholders filled in. */
export function text(lang: UiLang, key: TextKey, params: Record<string, string | number> = {}) {
  return TEXT[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** How many responses a list holds, with thousands grouped ('1,250 responses', '1 response'). */
export function responsesFound(lang: UiLang, n: number): string {
  if (n === 0) return text(lang, 'foundNone');
  return text(lang, n === 1 ? 'foundOne' : 'found', { n: n.toLocaleString('en-GB') });
}

export const uiLang = (value: unknown): UiLang => (value === 'cy' ? 'cy' : 'en');

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it, and a
// page formats a date for every week and every row.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date (and time, UTC) in the member's language. */
export function formatDate(lang: UiLang, date: Date, withTime = false): string {
  const key = `${lang}${withTime}`;
  if (!formats.has(key))
    formats.set(
      key,
      new Intl.DateTimeFormat(lang === 'cy' ? 'cy-GB' : 'en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
        timeZone: 'UTC',
      }),
    );
  return formats.get(key)!.format(date);
}

/** Audit codes and their words; those in WITH_ROLE carry a role after a colon (`role:analyst`). */
const AUDIT_ACTIONS: Record<string, TextKey> = {
  'remove-member': 'auditRemoveMember',
  enrol: 'auditEnrol',
  'sign-in': 'auditSignIn',
  'sign-in:sso': 'auditSignInSso',
  'sign-in-refused:sso': 'auditSignInRefusedSso',
  'view-contact': 'auditViewContact',
  reveal: 'auditReveal',
  delete: 'auditDelete',
  export: 'auditExport',
  'theme-add': 'auditThemeAdd',
  'theme-edit': 'auditThemeEdit',
  'theme-delete': 'auditThemeDelete',
  'search-personal': 'auditSearchPersonal',
  'sign-out': 'auditSignOut',
  'sign-in-failed': 'auditSignInFailed',
  'refused:role': 'auditRefusedRole',
  'refused:csrf': 'auditRefusedCsrf',
  'tag-create': 'auditTagCreate',
  'tag-rename': 'auditTagRename',
  'tag-delete': 'auditTagDelete',
  'tag-attach': 'auditTagAttach',
  'tag-detach': 'auditTagDetach',
};
const WITH_ROLE: Record<string, TextKey> = {
  invite: 'auditInvite',
  'withdraw-invite': 'auditWithdrawInvite',
  role: 'auditRole',
  'sso-join': 'auditSsoJoin',
  'sso-role': 'auditSsoRole',
};

/** An audit entry's action in words. A code this version does not know is shown as stored. */
export function auditText(lang: UiLang, action: string): string {
  const [code = '', role] = action.split(':');
  if (WITH_ROLE[code] && ROLES.includes(role as Role))
    return text(lang, WITH_ROLE[code], { role: text(lang, role as Role) });
  const key = AUDIT_ACTIONS[action];
  return key ? text(lang, key) : action;
}

/** Every key, for the test that no English is left on a Welsh page. */
export const textKeys = () => Object.keys(TEXT) as TextKey[];
