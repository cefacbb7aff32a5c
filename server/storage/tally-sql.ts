// Per-day counts of the choice answers, kept by the database itself, so the team's overview
// adds up a few hundred small rows instead of reading and parsing every response's JSON.
//
// `feedback_tally_field` says which answer fields are counted (the choice questions of each
// survey, from the definitions, written at start by `keepTallies`); `feedback_tally` holds, for
// each survey, day, field and sent value, how many stored responses have it. Triggers
// update it in the same transaction as every insert and delete (so also the retention purge
// and a deletion by an admin), which keeps it exact on any number of instances. Feedback rows
// are never updated. Days were UTC days until the UK-days migration (TALLY_UK_DAYS below), which
// recounted them as UK days (Europe/London, ./uk-day-sql.ts).
import { ukDay, ukMidnight } from '../uk-time';
import type { Sql } from './sql';
import type { FeedbackFilter, FeedbackTally } from './team/feedback-types';
import { postgresUkDay, sqliteUkDay } from './uk-day-sql';

const TABLES = (index: string) => `
  CREATE TABLE feedback_tally_field (
    survey_id TEXT NOT NULL,
    field TEXT NOT NULL,
    PRIMARY KEY (survey_id, field)
  );
  CREATE TABLE feedback_tally (
    survey_id TEXT NOT NULL,
    day TEXT NOT NULL, -- YYYY-MM-DD, UTC
    field TEXT NOT NULL,
    value TEXT NOT NULL,
    n INTEGER NOT NULL
  );
  ${index};`;

/** SQLite's row triggers; with `skipTests`, test submissions (server/storage/tests-sql.ts) are not counted. */
const sqliteTallyTriggers = (
  skipTests: boolean,
  day: (column: string) => string = (column) => `substr(${column}, 1, 10)`,
) => {
  const when = (row: string) => (skipTests ? `WHEN NOT ${row}.test ` : '');
  return `
  CREATE TRIGGER feedback_tally_insert AFTER INSERT ON feedback ${when('NEW')}BEGIN
    INSERT INTO feedback_tally (survey_id, day, field, value, n)
      SELECT NEW.survey_id, ${day('NEW.received_at')}, a.key, a.value, 1
      FROM json_each(NEW.answers) a
      JOIN feedback_tally_field f ON f.survey_id = NEW.survey_id AND f.field = a.key
      WHERE a.value <> ''
      ON CONFLICT (survey_id, day, field, value) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER feedback_tally_delete AFTER DELETE ON feedback ${when('OLD')}BEGIN
    UPDATE feedback_tally SET n = n - 1
      WHERE survey_id = OLD.survey_id AND day = ${day('OLD.received_at')}
        AND (field, value) IN (SELECT key, value FROM json_each(OLD.answers));
    DELETE FROM feedback_tally
      WHERE survey_id = OLD.survey_id AND day = ${day('OLD.received_at')} AND n <= 0;
  END;`;
};

/** Migration (SQLite): the tables and row triggers; empty answers are not counted, as in `tally`. */
export const SQLITE_TALLY_MIGRATION = `${TABLES(
  'CREATE UNIQUE INDEX feedback_tally_key ON feedback_tally (survey_id, day, field, value)',
)}
${sqliteTallyTriggers(false)}`;

const PG_DAY = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Counts of the counted fields among some feedback rows (`rows`), grouped like the table. */
const pgCounted = (rows: string) => `
  SELECT r.survey_id, ${PG_DAY('r.received_at')} AS day, a.key AS field, a.value, COUNT(*) AS n
  FROM ${rows} r
  CROSS JOIN LATERAL jsonb_each_text(r.answers) a
  JOIN feedback_tally_field f ON f.survey_id = r.survey_id AND f.field = a.key
  WHERE a.value <> ''
  GROUP BY 1, 2, 3, 4`;

/**
 * Migration (PostgreSQL): statement triggers with transition tables, so a purge of many rows
 * is one grouped update. The key indexes md5(value): an index entry must stay under about
 * 2.7 kB and an answer with "Other" text can be longer.
 */
export const POSTGRES_TALLY_MIGRATION = `${TABLES(
  'CREATE UNIQUE INDEX feedback_tally_key ON feedback_tally (survey_id, day, field, md5(value))',
)}
  CREATE OR REPLACE FUNCTION feedback_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO feedback_tally AS t (survey_id, day, field, value, n)
      SELECT * FROM (${pgCounted('added')}) c
      ORDER BY 1, 2, 3, 4 -- the same lock order in every transaction
      ON CONFLICT (survey_id, day, field, md5(value)) DO UPDATE SET n = t.n + EXCLUDED.n;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE feedback_tally t SET n = t.n - c.n FROM (${pgCounted('removed')}) c
      WHERE t.survey_id = c.survey_id AND t.day = c.day AND t.field = c.field
        AND md5(t.value) = md5(c.value) AND t.value = c.value;
    DELETE FROM feedback_tally t USING (SELECT DISTINCT survey_id, ${PG_DAY('received_at')} AS day FROM removed) d
      WHERE t.survey_id = d.survey_id AND t.day = d.day AND t.n <= 0;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_tally_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM feedback_tally;
    RETURN NULL;
  END $$;
  CREATE TRIGGER feedback_tally_insert AFTER INSERT ON feedback
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION feedback_tally_add();
  CREATE TRIGGER feedback_tally_delete AFTER DELETE ON feedback
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION feedback_tally_remove();
  CREATE TRIGGER feedback_tally_truncate AFTER TRUNCATE ON feedback
    FOR EACH STATEMENT EXECUTE FUNCTION feedback_tally_truncate();`;

/** Shards of each PostgreSQL count (see below). */
export const TALLY_SHARDS = 16;

/** `pgCounted` with each row's shard as a fifth key. */
const pgCountedByShard = (rows: string, day = PG_DAY) => `
  SELECT r.survey_id, ${day('r.received_at')} AS day, a.key AS field, a.value, r.tally_shard AS shard,
    COUNT(*) AS n
  FROM ${rows} r
  CROSS JOIN LATERAL jsonb_each_text(r.answers) a
  JOIN feedback_tally_field f ON f.survey_id = r.survey_id AND f.field = a.key
  WHERE a.value <> ''
  GROUP BY 1, 2, 3, 4, 5`;

/** The counts of `rows` added (`sign` 1) or taken off (-1), locking rows in the key's order. */
const pgUpsertCounts = (rows: string, sign: 1 | -1, day = PG_DAY) => `
    INSERT INTO feedback_tally AS t (survey_id, day, field, value, shard, n)
      SELECT survey_id, day, field, value, shard, ${sign} * n FROM (${pgCountedByShard(rows, day)}) c
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (survey_id, day, field, md5(value), shard) DO UPDATE SET n = t.n + EXCLUDED.n`;

/**
 * Migration (PostgreSQL): each count is spread over TALLY_SHARDS rows, summed when read. With
 * one row per count, every submission to a survey on a day waited for the one before it to
 * commit (two instances stored fewer per second than one). A response remembers its shard
 * (`feedback.tally_shard`, from the database connection that stored it, so concurrent
 * connections mostly use different rows), and its delete takes it off the same row, so no row
 * goes below zero and empty rows are removed as before. Inserts and deletes both lock the rows
 * they share in the order of (survey, day, field, value, shard), so they cannot deadlock; the
 * rows a delete then removes are rows it already holds.
 */
export const POSTGRES_TALLY_SHARDS_MIGRATION = `
  ALTER TABLE feedback ADD COLUMN tally_shard SMALLINT NOT NULL DEFAULT 0;
  ALTER TABLE feedback ALTER COLUMN tally_shard SET DEFAULT (pg_backend_pid() % ${TALLY_SHARDS});
  ALTER TABLE feedback_tally ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0;
  DROP INDEX feedback_tally_key;
  CREATE UNIQUE INDEX feedback_tally_key ON feedback_tally (survey_id, day, field, md5(value), shard);
  CREATE OR REPLACE FUNCTION feedback_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts('added', 1)};
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts('removed', -1)};
    DELETE FROM feedback_tally t USING (${pgCountedByShard('removed')}) c
      WHERE t.survey_id = c.survey_id AND t.day = c.day AND t.field = c.field
        AND md5(t.value) = md5(c.value) AND t.shard = c.shard AND t.n <= 0;
    RETURN NULL;
  END $$;`;

/** SQLite: the triggers again, leaving out test submissions (part of the tests migration). */
export const SQLITE_TALLY_SKIP_TESTS = `
  DROP TRIGGER feedback_tally_insert;
  DROP TRIGGER feedback_tally_delete;
  ${sqliteTallyTriggers(true)}`;

/** PostgreSQL: the trigger functions again, counting only rows that are not test submissions. */
const pgReal = (rows: string) => `(SELECT * FROM ${rows} WHERE NOT test)`;
export const POSTGRES_TALLY_SKIP_TESTS = `
  CREATE OR REPLACE FUNCTION feedback_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts(pgReal('added'), 1)};
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts(pgReal('removed'), -1)};
    DELETE FROM feedback_tally t USING (${pgCountedByShard(pgReal('removed'))}) c
      WHERE t.survey_id = c.survey_id AND t.day = c.day AND t.field = c.field
        AND md5(t.value) = md5(c.value) AND t.shard = c.shard AND t.n <= 0;
    RETURN NULL;
  END $$;`;

/** Every survey's counts made again from its stored responses, by UK day. */
const recountAll = (dialect: 'sqlite' | 'postgres') => {
  const pg = dialect === 'postgres';
  return `
  DELETE FROM feedback_tally;
  INSERT INTO feedback_tally (survey_id, day, field, value, ${pg ? 'shard, ' : ''}n)
    SELECT feedback.survey_id, ${pg ? postgresUkDay('received_at') : sqliteUkDay('received_at')},
      a.key, a.value, ${pg ? 'tally_shard, ' : ''}COUNT(*)
    FROM feedback, ${pg ? 'jsonb_each_text' : 'json_each'}(feedback.answers) a, feedback_tally_field f
    WHERE f.survey_id = feedback.survey_id AND f.field = a.key AND NOT test AND a.value <> ''
    GROUP BY feedback.survey_id, 2, a.key, a.value${pg ? ', tally_shard' : ''};`;
};

/**
 * Migration (SQLite): days are UK days (Europe/London): the triggers again with the UK day, and
 * the counts made again. Additive: the table is the same; during a rolling deploy the release
 * before reads UK days as its days (figures off by at most the hour between midnights).
 */
export const SQLITE_TALLY_UK_DAYS = `
  DROP TRIGGER feedback_tally_insert;
  DROP TRIGGER feedback_tally_delete;
  ${sqliteTallyTriggers(true, sqliteUkDay)}
  ${recountAll('sqlite')}`;

/** Migration (PostgreSQL): the same, the trigger functions again with the UK day. */
export const POSTGRES_TALLY_UK_DAYS = `
  CREATE OR REPLACE FUNCTION feedback_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts(pgReal('added'), 1, postgresUkDay)};
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${pgUpsertCounts(pgReal('removed'), -1, postgresUkDay)};
    DELETE FROM feedback_tally t USING (${pgCountedByShard(pgReal('removed'), postgresUkDay)}) c
      WHERE t.survey_id = c.survey_id AND t.day = c.day AND t.field = c.field
        AND md5(t.value) = md5(c.value) AND t.shard = c.shard AND t.n <= 0;
    RETURN NULL;
  END $$;
  ${recountAll('postgres')}`;

/**
 * Counts these fields (survey id -> answer field names) from now on. A survey whose list
 * changed is recounted from its stored responses, in one transaction that holds off inserts
 * and deletes, so the counts always match the fields listed.
 */
export async function keepTallies(sql: Sql, fields: Record<string, string[]>): Promise<void> {
  const listed = new Map<string, Set<string>>();
  for (const r of await sql.all<{ survey_id: string; field: string }>(
    'SELECT survey_id, field FROM feedback_tally_field',
  )) {
    if (!listed.has(r.survey_id)) listed.set(r.survey_id, new Set());
    listed.get(r.survey_id)!.add(r.field);
  }
  const changed = Object.entries(fields)
    .map(([surveyId, names]) => [surveyId, [...new Set(names)].sort()] as const)
    .filter(([surveyId, names]) => {
      const before = listed.get(surveyId) ?? new Set();
      return before.size !== names.length || names.some((name) => !before.has(name));
    });
  if (!changed.length) return;
  await sql.transaction([
    ...holdWriters(sql),
    ...changed.flatMap(([surveyId, names]) => [
      { text: 'DELETE FROM feedback_tally_field WHERE survey_id = ?', params: [surveyId] },
      ...names.map((name) => ({
        text: 'INSERT INTO feedback_tally_field (survey_id, field) VALUES (?, ?)',
        params: [surveyId, name],
      })),
      ...recount(sql, surveyId),
    ]),
  ]);
}

/** Blocks writers (whose triggers read the field list and the counts) until a recount is
 *  committed, and another instance doing the same. SQLite's write transaction does both. */
const holdWriters = (sql: Sql) =>
  sql.dialect === 'postgres'
    ? [
        // A large survey's recount may take longer than the statement timeout.
        { text: 'SET LOCAL statement_timeout = 0' },
        { text: 'LOCK TABLE feedback IN SHARE ROW EXCLUSIVE MODE' },
      ]
    : [];

/** A survey's counts made again from its stored responses, for the fields listed. */
function recount(sql: Sql, surveyId: string) {
  const day = sql.dialect === 'sqlite' ? sqliteUkDay('received_at') : postgresUkDay('received_at');
  const each = sql.dialect === 'sqlite' ? 'json_each' : 'jsonb_each_text';
  const pg = sql.dialect === 'postgres';
  return [
    { text: 'DELETE FROM feedback_tally WHERE survey_id = ?', params: [surveyId] },
    {
      // PostgreSQL's counts go to each response's shard, where its delete will look.
      text: `INSERT INTO feedback_tally (survey_id, day, field, value, ${pg ? 'shard, ' : ''}n)
          SELECT survey_id, ${day}, a.key, a.value, ${pg ? 'tally_shard, ' : ''}COUNT(*)
          FROM feedback, ${each}(feedback.answers) a
          WHERE survey_id = ? AND NOT test AND a.value <> ''
            AND a.key IN (SELECT field FROM feedback_tally_field WHERE survey_id = ?)
          GROUP BY survey_id, 2, a.key, a.value${pg ? ', tally_shard' : ''}`,
      params: [surveyId, surveyId],
    },
  ];
}

/**
 * Recounts these surveys from their stored responses, in one transaction that holds off
 * inserts and deletes: after rows' counted answers were changed in place (the triggers count
 * only inserts and deletes), see ./mask-sql.ts.
 */
export async function recountTallies(sql: Sql, surveyIds: string[]): Promise<void> {
  if (!surveyIds.length) return;
  await sql.transaction([...holdWriters(sql), ...surveyIds.flatMap((id) => recount(sql, id))]);
}

/** Whether an instant is a UK midnight (the start of a UK day). */
const isUkMidnight = (at: Date) => ukMidnight(ukDay(at)).getTime() === at.getTime();

/**
 * Which of the periods a value falls in, as SQL: period i runs from cut i - 1 to cut i (the
 * first from the filter's start, the last to its end). `cut` gives each cut's parameter; the
 * parameters are pushed onto `params` in the order they appear.
 */
export function periodOfSql(
  column: string,
  cuts: Date[],
  cut: (at: Date) => unknown,
  params: unknown[],
): string {
  if (!cuts.length) return '0';
  params.push(...cuts.map(cut));
  return `CASE ${cuts.map((_, i) => `WHEN ${column} < ? THEN ${i}`).join(' ')} ELSE ${cuts.length} END`;
}

/**
 * Answer counts from the per-day table, when the filter is one survey over whole UK days
 * (what the overview and a question's page ask for), in one period or, with `cuts` (UK
 * midnights, in order, inside the filter's range), in each of the periods they cut it into.
 * Resolves to each period's counts of the fields it had, and the fields it did not count (to be
 * counted from the responses instead); undefined when the filter is one it cannot answer.
 */
export async function talliedAnswers(
  sql: Sql,
  filter: FeedbackFilter,
  fields: string[],
  cuts: Date[] = [],
): Promise<{ answers: FeedbackTally['answers'][]; missing: string[] } | undefined> {
  const { surveyId, from, to, ...rest } = filter;
  if (!fields.length) return { answers: [...cuts, to].map(() => []), missing: [] };
  if (!surveyId || Object.values(rest).some((v) => v !== undefined)) return undefined;
  if ([from, to, ...cuts].some((at) => at && !isUkMidnight(at))) return undefined;
  const params: unknown[] = [];
  const period = periodOfSql('t.day', cuts, ukDay, params);
  let days = '';
  if (from) {
    days += ' AND t.day >= ?';
    params.push(ukDay(from));
  }
  if (to) {
    days += ' AND t.day < ?';
    params.push(ukDay(to));
  }
  // One statement reads the field list and the counts, so they always belong together.
  const rows = await sql.all<{
    period: number | string | null;
    field: string;
    value: string | null;
    n: number | string | null;
  }>(
    `SELECT ${period} AS period, f.field AS field, t.value AS value, SUM(t.n) AS n
     FROM feedback_tally_field f
     LEFT JOIN feedback_tally t ON t.survey_id = f.survey_id AND t.field = f.field${days}
     WHERE f.survey_id = ? AND f.field IN (${fields.map(() => '?').join(', ')})
     GROUP BY 1, f.field, t.value`,
    [...params, surveyId, ...fields],
  );
  const counted = new Set(rows.map((r) => r.field));
  const answers: FeedbackTally['answers'][] = [...cuts, to].map(() => []);
  for (const r of rows)
    if (r.value !== null && Number(r.n) > 0)
      answers[Number(r.period)]!.push({ field: r.field, value: r.value, n: Number(r.n) });
  return { answers, missing: fields.filter((name) => !counted.has(name)) };
}
