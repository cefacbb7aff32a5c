// Reading the stored responses for the team: lists, counts, the export's pages, the answers a
// theme looks at, and one response. Heavy reads go through `reads` (another connection or pool,
// so they do not hold up respondents: server/storage/sqlite-reader.ts, postgres.ts).
import type { FeedbackRecord, Lang } from '../record';
import { UUID, type Sql } from '../sql';
import type { FeedbackReads } from './feedback-types';
import { feedbackAnswers, feedbackTally } from './figures';
import { bounded, themeOnly, where, wordsOnly } from './filter';
import { ukDayGroups } from '../uk-day-sql';

export interface FeedbackRow {
  id: string;
  survey_id: string;
  definition_hash: string;
  received_at: string | Date;
  answers: string | Record<string, string>;
  lang: Lang | null;
  test?: boolean | number;
}

/** The columns a record is made of (not the search's copy of the text, nor words_cut). */
export const FEEDBACK_COLUMNS = 'id, survey_id, definition_hash, received_at, answers, lang, test';

/** A feedback row from either database as a record. */
export function feedbackRecord(row: FeedbackRow): FeedbackRecord {
  return {
    id: row.id,
    surveyId: row.survey_id,
    definitionHash: row.definition_hash,
    receivedAt: new Date(row.received_at),
    answers:
      typeof row.answers === 'string'
        ? (JSON.parse(row.answers) as Record<string, string>)
        : row.answers,
    lang: row.lang ?? null,
    ...(row.test ? { test: true } : {}),
  };
}

export function feedbackReads(sql: Sql, reads: Sql = sql): FeedbackReads {
  const one = async <T>(query: string, params: unknown[]) => (await sql.all<T>(query, params))[0];
  const readOne = async <T>(query: string, params: unknown[]) =>
    (await reads.all<T>(query, params))[0];
  return {
    async findFeedback(filter, { limit, offset }) {
      const { clause, params } = where(sql, filter);
      const rows = await bounded(reads, filter)<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback ${clause} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      );
      return rows.map(feedbackRecord);
    },
    async feedbackAfter(filter, after, limit) {
      const { clause, params } = where(sql, filter);
      // In a form the index on received_at can serve: a range scan from the last time read.
      const keyset = after ? '(received_at >= ? AND (received_at > ? OR id > ?))' : '';
      const at = after?.receivedAt.toISOString();
      const rows = await reads.all<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback ${keyset ? (clause ? `${clause} AND ${keyset}` : `WHERE ${keyset}`) : clause} ORDER BY received_at, id LIMIT ?`,
        [...params, ...(after ? [at, at, after.id] : []), limit],
      );
      return rows.map(feedbackRecord);
    },
    async countFeedback(filter) {
      const theme = themeOnly(filter);
      if (theme) {
        const r = await readOne<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM (${theme.text}) m`,
          theme.params,
        );
        return Number(r?.n ?? 0);
      }
      const only = wordsOnly(sql, filter);
      if (only) {
        const r = await readOne<{ n: number | string }>(
          `SELECT COUNT(DISTINCT feedback_id) AS n FROM (${only.text}) w`,
          only.params,
        );
        return Number(r?.n ?? 0);
      }
      const { clause, params } = where(sql, filter);
      const [r] = await bounded(reads, filter)<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM feedback ${clause}`,
        params,
      );
      return Number(r?.n ?? 0);
    },
    async wordMatches(filter, page) {
      // A page of them: newest first.
      const newest = (id: string) =>
        page
          ? ` ORDER BY received_at DESC, ${id} DESC LIMIT ${page.limit} OFFSET ${page.offset}`
          : '';
      const theme = themeOnly(filter);
      const only = theme ? undefined : wordsOnly(sql, filter);
      const found = theme
        ? await reads.all<{ id: string; received_at: string | Date }>(
            `SELECT feedback_id AS id, received_at FROM (${theme.text}) m${newest('feedback_id')}`,
            theme.params,
          )
        : only
          ? await reads.all<{ id: string; received_at: string | Date }>(
              `SELECT DISTINCT feedback_id AS id, received_at FROM (${only.text}) w${newest('feedback_id')}`,
              only.params,
            )
          : await (async () => {
              const { clause, params } = where(sql, filter);
              return reads.all<{ id: string; received_at: string | Date }>(
                `SELECT id, received_at FROM feedback ${clause}${newest('id')}`,
                params,
              );
            })();
      return found.map((r) => ({ id: String(r.id), receivedAt: new Date(r.received_at) }));
    },
    async answersOf(filter, fields) {
      const { clause, params } = where(sql, filter);
      const rows = await reads.all<{
        id: string;
        survey_id: string;
        received_at: string | Date;
        lang: 'en' | 'cy' | null;
        v: string | null | (string | null)[];
      }>(
        sql.dialect === 'sqlite'
          ? // One JSON parse per row for all the fields (a list when there are several).
            `SELECT id, survey_id, received_at, lang, ${fields.length ? `json_extract(answers, ${fields.map(() => '?').join(', ')})` : 'NULL'} AS v FROM feedback ${clause}`
          : `SELECT id, survey_id, received_at, lang, ARRAY[${fields.map(() => 'answers->>?').join(', ')}]::text[] AS v FROM feedback ${clause}`,
        [...fields.map((name) => (sql.dialect === 'sqlite' ? `$."${name}"` : name)), ...params],
      );
      return rows.map((r) => ({
        id: String(r.id),
        surveyId: r.survey_id,
        receivedAt: new Date(r.received_at),
        lang: r.lang ?? null,
        values: Array.isArray(r.v)
          ? r.v
          : fields.length === 1
            ? [r.v]
            : fields.length
              ? (JSON.parse(r.v ?? '[]') as (string | null)[])
              : [],
      }));
    },
    async dayCounts(filter) {
      const { key, dayOf } = ukDayGroups(sql.dialect, 'received_at');
      const theme = themeOnly(filter);
      const { text, params } = theme
        ? { text: `SELECT ${key} AS k FROM (${theme.text}) m`, params: theme.params }
        : (() => {
            const { clause, params } = where(sql, filter);
            return { text: `SELECT ${key} AS k FROM feedback ${clause}`, params };
          })();
      const rows = await reads.all<{ k: string; n: number | string }>(
        `SELECT k, COUNT(*) AS n FROM (${text}) g GROUP BY k`,
        params,
      );
      const days = new Map<string, number>();
      for (const r of rows) {
        const day = dayOf(r.k);
        days.set(day, (days.get(day) ?? 0) + Number(r.n));
      }
      return [...days].map(([day, n]) => ({ day, n }));
    },
    tallyFeedback: (filter, fields) => feedbackTally(sql, reads, filter, fields),
    answerTally: async (filter, fields) => (await feedbackAnswers(sql, reads, filter, fields))[0]!,
    answerTallyByPeriod: (filter, fields, cuts) =>
      feedbackAnswers(sql, reads, filter, fields, cuts),
    async getFeedback(id) {
      if (!UUID.test(id)) return undefined;
      const r = await one<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback WHERE id = ? AND NOT test`,
        [id],
      );
      return r && feedbackRecord(r);
    },
  };
}
