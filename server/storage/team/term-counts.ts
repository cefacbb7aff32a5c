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

export function termReads(sql: Sql, reads: Sql = sql): TermReads {
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
      if (from) add('day >= ?', ukDay(from));
      if (to) add('day < ?', ukDay(to));
      if (surveyId) add('survey_id = ?', surveyId);
      if (lang) add('lang = ?', lang);
      parts.push(`survey_id IN (${surveys.map(() => '?').join(', ') || "''"})`);
      params.push(...surveys);
      const where = `WHERE ${parts.join(' AND ')}`;
      // Ranked by count alone: the order among equal counts is the page's (code unit order).
      const counts = await reads.all<TermCount & { n: number | string }>(
        `SELECT lang, kind, text, n FROM (
           SELECT lang, kind, text, SUM(responses) AS n,
             RANK() OVER (PARTITION BY lang, kind ORDER BY SUM(responses) DESC) AS r
           FROM feedback_term_count ${where}
           GROUP BY lang, kind, text) ranked
         WHERE r <= ? OR kind = 'r'`,
        [...params, limit],
      );
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
      return {
        counts: counts.map((c) => ({ ...c, n: Number(c.n) })),
        waiting: Number(row?.n ?? 0),
      };
    },
  };
}
