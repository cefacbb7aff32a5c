// `npm run bench:masking`: recall and precision of the masking (masking/) on the corpus in
// tests/masking/corpus, per category, for text as typed (what the app, the feedback API and the
// no-JavaScript path withhold before cleaning) and for stored text (cleaned before masking saw
// what was typed: the pass at start and the team's pages). Then how long finding takes on the
// corpus and on 32 KiB made to be slow (the most a submission carries).
import { findPersonalData } from '../masking/index';
import { findInStoredText } from '../masking/stored';
import { cleanedForm, readCorpus, score, totals, typedForm, type Masker } from './masking-score';

const corpus = readCorpus();
const percent = (n: number) => `${(n * 100).toFixed(1)}%`;

for (const [name, masker] of [
  ['as typed', { form: typedForm, find: findPersonalData }],
  ['stored (cleaned)', { form: cleanedForm, find: findInStoredText }],
] as [string, Masker][]) {
  const scores = score(masker, corpus);
  const { recall, precision } = totals(scores);
  console.log(
    `\nMasking ${name}: recall ${percent(recall)}, ordinary texts left alone ${percent(precision)}`,
  );
  for (const s of scores) {
    if (s.details)
      console.log(`  ${s.category.padEnd(24)} recall ${s.details.withheld}/${s.details.all}`);
    if (s.texts)
      console.log(`  ${s.category.padEnd(24)} left alone ${s.texts.alone}/${s.texts.all}`);
    for (const missed of s.details?.missed ?? []) console.log(`    missed: ${missed}`);
    for (const changed of s.texts?.changed ?? []) console.log(`    changed: ${changed}`);
  }
}

const texts = [
  ...Object.values(corpus.contactDetails).flatMap((entries) => entries.map((e) => e.text)),
  ...Object.values(corpus.ordinary).flat(),
];
const time = (run: () => void, times = 1) => {
  const start = performance.now();
  for (let i = 0; i < times; i++) run();
  return (performance.now() - start) / times;
};
const ROUNDS = 20;
const perText = time(() => texts.forEach((t) => findPersonalData(typedForm(t))), ROUNDS);
console.log(
  `\nFinding as typed: ${((perText / texts.length) * 1000).toFixed(1)} µs a corpus text (${texts.length} texts, ${ROUNDS} rounds)`,
);

const KIB = 32 * 1024;
const fill = (unit: string) => unit.repeat(Math.ceil(KIB / unit.length)).slice(0, KIB);
const slow: Record<string, string> = {
  'digits and spaces': fill('1 '),
  'digits and dashes': fill('1-'),
  'bracketed digits': fill('(1) '),
  "'+' and digits": fill('+1 '),
  "letters and '@'": fill('a@'),
  'address parts': fill('a.a@a.'),
  'one long word': fill('a'),
  introductions: fill('my name is '),
  titles: fill('Mr '),
  'Welsh order': fill('Abc yw fy enw '),
  'written-out addresses': fill('a dot '),
};
console.log(`Finding in 32 KiB made to be slow (ms, as typed / stored):`);
for (const [name, text] of Object.entries(slow)) {
  const typed = time(() => findPersonalData(text), 3);
  const stored = time(() => findInStoredText(text), 3);
  console.log(`  ${name.padEnd(24)} ${typed.toFixed(1)} / ${stored.toFixed(1)}`);
}
