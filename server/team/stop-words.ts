// The commonest words of English and Welsh answers: words that say nothing of what an answer is
// about (articles, pronouns, prepositions, conjunctions, forms of "to be" and "to have", and
// the letters left when an apostrophe splits a word). Folded as ./fold.ts folds (no accents:
// "â" is "a", "ôl" is "ol"). Negations other than "no" and "not" and their Welsh (dim, ddim, na,
// ni, nid) are kept out on purpose ("didn't", "couldn't", "methu"): in feedback they carry the
// meaning.

const ENGLISH = `a about above after again against all also am an and any are as at be because
  been before being below between both but by can could d did do does doing down during each
  few for from further get got had has have having he her here hers herself him himself his how
  i if in into is it its itself just ll m may me might more most must my myself no nor not now
  of off on once only or other our ours ourselves out over own re s same shall she should so
  some such t than that the their theirs them themselves then there these they this those
  through to too under until up us ve very was we were what when where which while who whom
  why will with would you your yours yourself yourselves`;

const WELSH = `a ac ag am ar at bob bod bydd byddai chi cyn dan di do does dros drwy dw dwi dy
  dydy dyw e ei eich ein eu fe fel felly fi fod fwy fy fydd gan gyda gydag hefyd heb hi hwn
  hynny hyn hyd i ie iawn m mae maen mewn mi mor mwy n na nad naddo ni nid nhw o oedd oeddwn
  oes ol ond os pa pam pan pob pwy r rhai rhwng rhy roedd roeddwn rwy rwyf rydw sut sy sydd tan th
  ti trwy u un w wedi wrth wyf y yma yn yna yr ydi ydw ydy yw dim ddim`;

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/** English stop words, folded. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = words(ENGLISH);
/** Welsh stop words, folded. */
export const WELSH_STOP_WORDS: ReadonlySet<string> = words(WELSH);

/** A word too common in one language or the other to pick out a theme. */
export const isStopWord = (folded: string) =>
  ENGLISH_STOP_WORDS.has(folded) || WELSH_STOP_WORDS.has(folded);
