// How often each pair of sent answers to two fields occurs among the responses a filter chooses:
// what a crosstab (a score by another answer) is made of, counted by the database, so a page
// reads a few dozen groups instead of every response.
import type { Sql } from '../sql';
import type { FeedbackFilter } from './feedback-types';
import { bounded, where } from './filter';

/** One pair of sent answers (null where not answered) and how many responses sent it. */
export interface AnswerPair {
  values: [string | null, string | null];
  n: number;
}

export interface CrossReads {
  /** The responses the filter chooses, grouped by their answers to the two fields. */
  answerPairs(filter: FeedbackFilter, fields: [string, string]): Promise<AnswerPair[]>;
}

export function crossReads(sql: Sql, reads: Sql = sql): CrossReads {
  return {
    async answerPairs(filter, fields) {
      const { clause, params } = where(sql, filter);
      const answer = sql.dialect === 'sqlite' ? 'json_extract(answers, ?)' : 'answers->>?';
      const paths = fields.map((name) => (sql.dialect === 'sqlite' ? `$."${name}"` : name));
      const rows = await bounded(reads, filter)<{
        a: string | null;
        b: string | null;
        n: number | string;
      }>(
        `SELECT ${answer} AS a, ${answer} AS b, COUNT(*) AS n FROM feedback ${clause} GROUP BY 1, 2`,
        [...paths, ...params],
      );
      const sent = (v: string | null) => (v === null || v === '' ? null : String(v));
      return rows.map((r) => ({ values: [sent(r.a), sent(r.b)], n: Number(r.n) }));
    },
  };
}
