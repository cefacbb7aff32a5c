// Scores the masking (masking/) on the corpus in tests/masking/corpus: recall on the contact
// details written into texts, and how many ordinary texts are left alone. Used by
// `npm run bench:masking` and tests/masking/corpus.test.ts.
import { readFileSync } from 'node:fs';
import {
  collapseWhitespace,
  DEFAULT_ALLOW,
  foldAccents,
  plainApostrophes,
  sanitiseText,
  stripMarkup,
  type Span,
} from '../engine/index';

const CORPUS = new URL('../tests/masking/corpus/', import.meta.url);

/** A text with contact details in it, and the details as they are typed there. */
export interface WithDetails {
  text: string;
  find: string[];
}
export interface Corpus {
  contactDetails: Record<string, WithDetails[]>;
  ordinary: Record<string, string[]>;
}

export function readCorpus(): Corpus {
  const read = (name: string) => JSON.parse(readFileSync(new URL(name, CORPUS), 'utf8'));
  return {
    contactDetails: read('contact-details.json') as Corpus['contactDetails'],
    ordinary: read('ordinary.json') as Corpus['ordinary'],
  };
}

/** The text as the finder sees it when masking what was typed (engine/sanitise.ts). */
export const typedForm = (text: string) =>
  collapseWhitespace(plainApostrophes(foldAccents(stripMarkup(text))));
/** The text as stored before masking saw what was typed: cleaned. */
export const cleanedForm = (text: string) => sanitiseText(text, DEFAULT_ALLOW);

/** One way of masking: the form of the text it reads, and what it finds there. */
export interface Masker {
  form: (text: string) => string;
  find: (text: string) => readonly Span[];
}

const covered = (spans: readonly Span[], start: number, end: number) => {
  let at = start;
  for (const span of [...spans].sort((a, b) => a.start - b.start))
    if (span.start <= at && span.end > at) at = span.end;
  return at >= end;
};

/** Whether the detail is withheld whole: every character of it, in the form the masker reads,
 *  lies in a span found (a detail the form drops entirely, as markup, counts as withheld). */
export function withheldWhole(masker: Masker, text: string, detail: string): boolean {
  const form = masker.form(text);
  const part = masker.form(detail);
  if (part === '') return true;
  const spans = masker.find(form);
  let found = false;
  for (let at = form.indexOf(part); at !== -1; at = form.indexOf(part, at + 1)) {
    if (!covered(spans, at, at + part.length)) return false;
    found = true;
  }
  if (!found) throw new Error(`The corpus's detail ${JSON.stringify(detail)} is not in its text`);
  return true;
}

export interface Score {
  category: string;
  /** Contact details, and those withheld whole. */
  details?: { all: number; withheld: number; missed: string[] };
  /** Ordinary texts, and those left alone. */
  texts?: { all: number; alone: number; changed: string[] };
}

export function score(masker: Masker, corpus: Corpus = readCorpus()): Score[] {
  const scores: Score[] = [];
  for (const [category, entries] of Object.entries(corpus.contactDetails)) {
    const missed = entries.flatMap(({ text, find }) =>
      find.filter((detail) => !withheldWhole(masker, text, detail)).map((d) => `${d} in ${text}`),
    );
    const all = entries.reduce((n, e) => n + e.find.length, 0);
    scores.push({ category, details: { all, withheld: all - missed.length, missed } });
  }
  for (const [category, texts] of Object.entries(corpus.ordinary)) {
    const changed = texts.filter((text) => masker.find(masker.form(text)).length > 0);
    scores.push({
      category,
      texts: { all: texts.length, alone: texts.length - changed.length, changed },
    });
  }
  return scores;
}

/** Recall over every detail, and the share of ordinary texts left alone. */
export function totals(scores: Score[]) {
  const sum = (pick: (s: Score) => number | undefined) =>
    scores.reduce((n, s) => n + (pick(s) ?? 0), 0);
  return {
    recall: sum((s) => s.details?.withheld) / sum((s) => s.details?.all),
    precision: sum((s) => s.texts?.alone) / sum((s) => s.texts?.all),
  };
}
