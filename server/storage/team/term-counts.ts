// Reading the kept word counts (../term-count-sql.ts): a period's counts summed by the database,
// for the filters they can answer (survey, language, whole UK days), with how many of the
// period's responses are not counted yet.
import { ukDay, ukMidnight } from '../../uk-time';
import type { Sql } from '../sql';
import type { TermKind } from '../term-count-sql';
import type { FeedbackFilter } from './feedback-types';

/** One summed count: responses of a language with typed text ('r'), a word or a phrase. */
export interface TermCount {
  lang: 'en' | 'cy' | 'unknown';
  kind: TermKind;
  text: string;
  n: number;
}

export interface TermReads {
  /**
   * The kept counts of the chosen responses, the words and phrases ranked `limit` or higher in
   * each language (ties at the last rank included), and how many responses of the period are
   * not counted yet (up to `waitingLimit` + 1); undefined when the filter asks more than a
   * survey, a language and whole UK days. `surveys`: of these surveys only (a survey no longer
   * served keeps its counts while its responses last).
   */
  keptTerms(
    filter: FeedbackFilter,
    limit: number,
    waitingLimit: number,
    surveys: string[],
  ): Promise<{ counts: TermCount[]; waiting: number } | undefined>;
}

const isUkMidnight = (at: Date) => ukMidnight(ukDay(at)).getTime() === at.getTime();

const LANGS = ['en', 'cy', 'unknown'] as const;
const RANKED_KINDS = ['w', 'p'] as const;
/** Words first summed per language and kind, as a multiple of the page's; then fourfold. */
const FIRST_CANDIDATES = 2;

/** The sums of the words ranked `from` to `from + count` - 1 by their totals (from 0). */
type Sums = (from: number, count: number) => Promise<{ text: string; n: number | string }[]>;

/** Words in order of their totals; equal totals in the order of their text, so pages do not overlap. */
const BY_TOTAL = 'ORDER BY responses DESC, text';

export function termReads(sql: Sql, reads: Sql = sql): TermReads {
  // SQLite is told which index reads the daily counts by word, and to read the few words
  // first (CROSS JOIN): left to itself it reads every word of the language.
  const byText = sql.dialect === 'sqlite' ? ' INDEXED BY feedback_term_count_text' : '';

  /**
   * The words (or phrases) of one language ranked `limit` or higher (ties at the last rank
   * included). Only the words with the highest counts over every kept response are summed
   * (`sums`): a word outside them has, in any period and survey, at most the total of the first
   * word left out, so when that is below the last rank's count the ranking is exact. Otherwise
   * the next words are summed too, three times as many as before, until none is left out.
   */
  async function ranked(sums: Sums, lang: string, kind: string, limit: number) {
    const found = new Map<string, number>();
    for (let taken = 0, take = limit * FIRST_CANDIDATES; ; taken = take, take *= 4) {
      for (const s of await sums(taken, take - taken)) found.set(s.text, Number(s.n));
      const [next] = await reads.all<{ n: number | string }>(
        `SELECT responses AS n FROM feedback_term_total WHERE lang = ? AND kind = ?
         ${BY_TOTAL} LIMIT 1 OFFSET ?`,
        [lang, kind, take],
      );
      const counts = [...found.values()].sort((a, b) => b - a);
      // The count a word needs to rank: the last rank's, or any at all when fewer are found.
      const needed = counts.length >= limit ? counts[limit - 1]! : 1;
      const bound = next ? Number(next.n) : 0;
      if (bound < needed)
        return [...found].filter(([, n]) => n >= needed).map(([text, n]) => ({ text, n }));
    }
  }

  /** The period's sums of words by their rank in the totals. */
  const periodSums =
    (where: string, params: unknown[], lang: string, kind: string): Sums =>
    (from, count) =>
      reads.all(
        `SELECT c.text, SUM(c.responses) AS n
         FROM (SELECT text FROM feedback_term_total WHERE lang = ? AND kind = ?
               ${BY_TOTAL} LIMIT ? OFFSET ?) t
         CROSS JOIN feedback_term_count c${byText}
         ${where} AND c.lang = ? AND c.kind = ? AND c.text = t.text
         GROUP BY c.text`,
        [lang, kind, count, from, ...params, lang, kind],
      );

  /** The totals themselves: every day of every survey that has counts. */
  const totals =
    (lang: string, kind: string): Sums =>
    (from, count) =>
      reads.all(
        `SELECT text, responses AS n FROM feedback_term_total WHERE lang = ? AND kind = ?
         ${BY_TOTAL} LIMIT ? OFFSET ?`,
        [lang, kind, count, from],
      );

  return {
    async keptTerms(filter, limit, waitingLimit, surveys) {
      const { surveyId, from, to, lang, ...rest } = filter;
      if (Object.values(rest).some((v) => v !== undefined)) return undefined;
      if ((from && !isUkMidnight(from)) || (to && !isUkMidnight(to))) return undefined;
      const parts: string[] = [];
      const params: unknown[] = [];
      const add = (clause: string, value: unknown) => {
        parts.push(clause);
        params.push(value);
      };
      if (from) add('c.day >= ?', ukDay(from));
      if (to) add('c.day < ?', ukDay(to));
      if (surveyId) add('c.survey_id = ?', surveyId);
      parts.push(`c.survey_id IN (${surveys.map(() => '?').join(', ') || "''"})`);
      params.push(...surveys);
      const where = `WHERE ${parts.join(' AND ')}`;
      const langs = lang ? [lang] : [...LANGS];
      // Responses with typed text, per language: one count per day and survey.
      const responses = await reads.all<{ lang: TermCount['lang']; n: number | string }>(
        `SELECT c.lang, SUM(c.responses) AS n FROM feedback_term_count c${byText}
         ${where} AND c.lang IN (${langs.map(() => '?').join(', ')}) AND c.kind = 'r' AND c.text = ''
         GROUP BY c.lang`,
        [...params, ...langs],
      );
      const counts: TermCount[] = responses.map((r) => ({
        lang: r.lang,
        kind: 'r',
        text: '',
        n: Number(r.n),
      }));
      // Every day of every survey with counts asked: the totals are the sums.
      const counted = async () =>
        (
          await reads.all<{ survey_id: string }>(
            `SELECT DISTINCT c.survey_id FROM feedback_term_count c${byText}
             WHERE c.lang IN ('en', 'cy', 'unknown') AND c.kind = 'r' AND c.text = ''`,
          )
        ).every((r) => surveys.includes(r.survey_id));
      const whole = !from && !to && !surveyId && (await counted());
      // Each language's words and phrases at once (PostgreSQL's team pool answers two at a time).
      const groups = responses.flatMap(({ lang: l }) => RANKED_KINDS.map((kind) => ({ l, kind })));
      const rankings = await Promise.all(
        groups.map(({ l, kind }) =>
          ranked(whole ? totals(l, kind) : periodSums(where, params, l, kind), l, kind, limit),
        ),
      );
      groups.forEach(({ l, kind }, i) => {
        for (const { text, n } of rankings[i]!) counts.push({ lang: l, kind, text, n });
      });
      // Responses of the period whose words are not cut yet (the partial index holds only them).
      const uncut = ['words_cut IS NULL', 'NOT test'];
      const uncutParams: unknown[] = [];
      const also = (clause: string, value: unknown) => {
        uncut.push(clause);
        uncutParams.push(value);
      };
      if (from) also('received_at >= ?', from.toISOString());
      if (to) also('received_at < ?', to.toISOString());
      if (surveyId) also('survey_id = ?', surveyId);
      if (lang === 'unknown') uncut.push('lang IS NULL');
      else if (lang) also('lang = ?', lang);
      // SQLite is told to: by the time index it read every response of the period (0.2 to 0.4 s
      // at 100,000 responses with none to find).
      const index = sql.dialect === 'sqlite' ? ' INDEXED BY feedback_words_uncut' : '';
      const [row] = await reads.all<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM feedback${index} WHERE ${uncut.join(' AND ')}
           LIMIT ${waitingLimit + 1}) w`,
        uncutParams,
      );
      return { counts, waiting: Number(row?.n ?? 0) };
    },
  };
}
