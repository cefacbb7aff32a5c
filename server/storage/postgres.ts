import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  DRAFT_POSTED_MIGRATION,
  DRAFT_SENT_MIGRATION,
  DRAFTS_MIGRATION,
  SEND_DRAFT,
  TOKEN,
  draftHash,
  draftStore,
} from './drafts';
import { DatabaseUnavailable, withinBudget } from './deadline';
import {
  newPool,
  numbered,
  statement,
  transaction,
  type ConnectWaitObserver,
} from './postgres-pool';
import { openDatabase, type StartEvent } from './postgres-start';
import { codeOf, DEFAULT_RETRY, withRetries } from './retry';
import { POSTGRES_LIMITS_MIGRATION, limitStore } from './limits';
import { MASK_PASS_MIGRATION, MASK_PROGRESS_MIGRATION } from './mask-sql';
import { KEY_LOOKUP, keyLookupParams, storedKey, SUBMISSION_KEY_MIGRATION } from './submission-key';
import {
  ANSWER_TEXT_COLUMN_MIGRATION,
  ANSWER_TEXT_MIGRATION,
  ENSURE_SEARCH_INDEX,
} from './search-sql';
import {
  POSTGRES_TALLY_MIGRATION,
  POSTGRES_TALLY_SHARDS_MIGRATION,
  POSTGRES_TALLY_UK_DAYS,
} from './tally-sql';
import { POSTGRES_TESTS_MIGRATION } from './tests-sql';
import { POSTGRES_WORDS_MIGRATION } from './words-sql';
import { POSTGRES_THEME_MATCH_MIGRATION } from './theme-match-sql';
import {
  encodeTerms,
  POSTGRES_TERM_COUNT_MIGRATION,
  POSTGRES_TERM_TOTAL_MIGRATION,
} from './term-count-sql';
import { postgresUkDay } from './uk-day-sql';
import {
  AUDIT_ACTOR_MIGRATION,
  POSTGRES_AUDIT_COUNT_MIGRATION,
  feedbackRecord,
  LANG_MIGRATION,
  NOTES_MIGRATION,
  teamStore,
  teamTablesMigration,
  SSO_PENDING_MIGRATION,
  SearchTimeout,
  SSO_NEXT_MIGRATION,
  SSO_SESSION_MIGRATION,
  THEMES_MIGRATION,
  USED_CHALLENGES_MIGRATION,
  type Sql,
  FEEDBACK_COLUMNS,
} from './team-sql';
import type { NewFeedback, StoreWithTeam } from './types';
import type { TeamStore } from './team-types';

// Same versioned-migration idea as SQLite, with a one-row table for the version.
export const MIGRATIONS = [
  `CREATE TABLE feedback (
     id UUID PRIMARY KEY,
     survey_id TEXT NOT NULL,
     definition_hash TEXT NOT NULL,
     received_at TIMESTAMPTZ NOT NULL,
     answers JSONB NOT NULL
   );
   CREATE INDEX feedback_received_at ON feedback (received_at);`,
  LANG_MIGRATION,
  teamTablesMigration('UUID'),
  DRAFTS_MIGRATION,
  USED_CHALLENGES_MIGRATION,
  SSO_PENDING_MIGRATION,
  POSTGRES_TALLY_MIGRATION,
  SSO_SESSION_MIGRATION,
  ANSWER_TEXT_MIGRATION,
  POSTGRES_TALLY_SHARDS_MIGRATION,
  POSTGRES_LIMITS_MIGRATION,
  THEMES_MIGRATION,
  AUDIT_ACTOR_MIGRATION,
  DRAFT_SENT_MIGRATION,
  POSTGRES_WORDS_MIGRATION,
  POSTGRES_TESTS_MIGRATION,
  MASK_PASS_MIGRATION,
  SSO_NEXT_MIGRATION,
  SUBMISSION_KEY_MIGRATION,
  DRAFT_POSTED_MIGRATION,
  ANSWER_TEXT_COLUMN_MIGRATION,
  POSTGRES_AUDIT_COUNT_MIGRATION,
  MASK_PROGRESS_MIGRATION,
  POSTGRES_TALLY_UK_DAYS,
  NOTES_MIGRATION,
  POSTGRES_THEME_MATCH_MIGRATION,
  POSTGRES_TERM_COUNT_MIGRATION,
  POSTGRES_TERM_TOTAL_MIGRATION,
];

/** The connection pools and timeouts (PG_POOL_MAX, PG_TEAM_POOL_MAX, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS, DB_START_WAIT_MS). */
export interface PostgresSettings {
  /** Connections per instance: 10 instances × 8 = 80 of a default server's 100. */
  poolMax: number;
  /** Of poolMax, the connections kept for the team's heavy reads (server/storage/team-sql.ts). */
  teamPoolMax: number;
  /** How long to wait for a new connection (or for a free one when all are busy). */
  connectTimeoutMs: number;
  /** The longest a statement may run, lock waits included; the purge and migrations have none. */
  statementTimeoutMs: number;
  /** How long the start keeps trying to reach the database before giving up. */
  startWaitMs: number;
  /** Told of a broken connection or a retried statement, for the log: an error code, never a message. */
  onTrouble?: (trouble: DatabaseTrouble) => void;
  /** Told how the start is going (waiting for the database, migrating), for the log. */
  onStart?: (event: StartEvent) => void;
  /** Told how long each unit of work waited for a pooled connection (metrics). */
  onConnectWait?: ConnectWaitObserver;
}

/** withRetries with the store's report of each retry. */
type Retried = <T>(work: () => Promise<T>) => Promise<T>;

export type DatabaseTrouble =
  | { event: 'connection lost'; code?: string }
  | { event: 'retrying'; code?: string; attempt: number };

export type { StartEvent };

export const POSTGRES_DEFAULTS: PostgresSettings = {
  poolMax: 8,
  teamPoolMax: 2,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 5_000,
  startWaitMs: 120_000,
};

/** Connections in use and requests waiting for one, per pool (metrics). */
export interface PoolStats {
  pool: 'respondents' | 'team';
  total: number;
  idle: number;
  waiting: number;
}

/** The opened store, and how its pools are doing. */
export type PostgresStore = StoreWithTeam & { poolStats(): PoolStats[] };

/**
 * PostgreSQL store, used when DATABASE_URL is set (several API instances, one database).
 * Durability is the server's: with the default `synchronous_commit = on` an INSERT returns
 * only after its WAL record is flushed. Transient failures (a restart, a failover, a
 * terminated connection, a deadlock) are retried (./retry.ts); every statement and
 * transaction here may be run twice, and a submission is stored once whatever happens.
 *
 * Returned at once: the database is reached and migrated in the background (`opened`, see
 * ./postgres-start.ts), and until then every use of the store waits for it (within a request's
 * budget, ./deadline.ts). `openPostgresStore` waits for it before returning.
 */
export function postgresStore(
  connectionString: string,
  settings: Partial<PostgresSettings> = {},
): PostgresStore {
  const {
    poolMax,
    teamPoolMax,
    connectTimeoutMs,
    statementTimeoutMs,
    startWaitMs,
    onTrouble,
    onStart,
    onConnectWait,
  } = {
    ...POSTGRES_DEFAULTS,
    ...settings,
  };
  const lost = (error: unknown) => onTrouble?.({ event: 'connection lost', code: codeOf(error) });
  // PG_POOL_MAX is the instance's whole share of the server's connections: the team's pool
  // takes its part of it (at least one is left for respondents).
  const teamMax = Math.min(teamPoolMax, poolMax - 1);
  const pool = newPool(connectionString, poolMax - teamMax, connectTimeoutMs, lost);
  // The team's heavy reads (lists, searches, the export's pages, figures) take turns on a small
  // pool of their own: at most teamPoolMax of them run at once, so they neither take the
  // respondents' connections nor every core of the database server (with PG_POOL_MAX=1 they
  // share the one connection).
  const teamPool = teamMax > 0 ? newPool(connectionString, teamMax, connectTimeoutMs, lost) : pool;

  let schemaReady = false;
  const opened = openDatabase(pool, MIGRATIONS, ENSURE_SEARCH_INDEX, { startWaitMs, onStart }).then(
    () => {
      schemaReady = true;
    },
    (error: unknown) => {
      throw new Error(
        `Cannot use the PostgreSQL database in DATABASE_URL (${where(connectionString)}): ${(error as Error).message}`,
        { cause: error },
      );
    },
  );
  // Whoever opened the store hears of a failure through `opened`; uses of the store through theirs.
  opened.catch(() => undefined);
  /** Until the schema is ready, a use of the store waits for it (a request, within its budget). */
  const schema = async () => {
    if (schemaReady) return;
    await withinBudget(
      opened.catch((error: unknown) => {
        throw new DatabaseUnavailable('unreachable', { cause: error });
      }),
    );
  };
  const retried: Retried = async (work) => {
    await schema();
    return withRetries(work, DEFAULT_RETRY, undefined, (attempt, code) =>
      onTrouble?.({ event: 'retrying', code, attempt }),
    );
  };
  /** A unit of work on a pool with the statement timeout; retried as a whole. */
  const unit =
    (on: pg.Pool) =>
    <T>(work: (client: pg.PoolClient) => Promise<T>, timeoutMs = statementTimeoutMs) =>
      retried(() => transaction(on, timeoutMs, work, onConnectWait));
  const onPool = unit(pool);
  /** One statement on a pool, retried; `?` placeholders. */
  const single =
    (on: pg.Pool) =>
    (text: string, params: unknown[] = []) =>
      retried(() => statement(on, statementTimeoutMs, numbered(text), params, onConnectWait));

  const query = single(pool);
  const sql = sqlOver(pool, onPool, single(pool), schema, statementTimeoutMs);
  const team = teamStore(
    sql,
    sqlOver(teamPool, unit(teamPool), single(teamPool), schema, statementTimeoutMs),
  );
  const idOfKey = async (surveyId: string, key: string) => {
    const [stored] = await sql.all<{ id: string }>(KEY_LOOKUP, keyLookupParams(surveyId, key));
    return stored?.id;
  };
  return {
    opened,
    async save(record: NewFeedback) {
      // The id is made once, before any try: a retry after a try whose COMMIT did happen (its
      // answer lost with the connection) finds the row there and adds nothing.
      const id = randomUUID();
      await retried(() =>
        statement(
          pool,
          statementTimeoutMs,
          INSERT_FEEDBACK,
          insertParams(id, record, team),
          onConnectWait,
        ),
      );
      if (!record.key) return { id };
      // A second save with the key waited on the unique index for the first to commit, then
      // added nothing: both answer with the stored row's id.
      return { id: (await idOfKey(record.surveyId, record.key)) ?? id };
    },
    idOfKey,
    async sendDraft(token, record) {
      if (!TOKEN.test(token)) return null;
      const id = randomUUID();
      // Retried as one: after a try whose COMMIT happened unseen, the draft is already sent and
      // the retry stores nothing.
      const stored = await onPool(async (client) => {
        // The UPDATE locks the draft's row: a second Send waits here, then changes nothing.
        const consumed = await client.query(numbered(SEND_DRAFT), [
          record.receivedAt.toISOString(),
          draftHash(token),
        ]);
        if (!consumed.rowCount) return false;
        await client.query(INSERT_FEEDBACK, insertParams(id, record, team));
        return true;
      });
      return stored ? { id } : null;
    },
    async deleteOlderThan(cutoff, testsBefore) {
      // A long backlog may take longer than the statement timeout; the purge has no deadline.
      return onPool(async (client) => {
        const old = await client.query('DELETE FROM feedback WHERE received_at < $1', [cutoff]);
        const tests = testsBefore
          ? await client.query('DELETE FROM feedback WHERE test AND received_at < $1', [
              testsBefore,
            ])
          : undefined;
        return (old.rowCount ?? 0) + (tests?.rowCount ?? 0);
      }, 0);
    },
    async count() {
      const result = await query('SELECT COUNT(*) AS n FROM feedback');
      return Number((result.rows[0] as { n: string } | undefined)?.n ?? 0);
    },
    async list(options = {}) {
      const result = await query(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback ORDER BY received_at, id LIMIT ?`,
        [options.limit ?? null],
      );
      return result.rows.map(feedbackRecord);
    },
    async has(id) {
      const result = await query('SELECT 1 FROM feedback WHERE id = ?', [id]);
      return (result.rowCount ?? 0) > 0;
    },
    async close() {
      await opened.catch(() => undefined);
      await Promise.all([pool.end(), teamPool !== pool && teamPool.end()]);
    },
    team,
    drafts: draftStore(sql),
    limits: limitStore(sql),
    async ping() {
      await sql.all('SELECT 1');
    },
    poolStats: () => [
      { pool: 'respondents', ...statsOf(pool) },
      ...(teamPool !== pool ? [{ pool: 'team' as const, ...statsOf(teamPool) }] : []),
    ],
  };
}

/** The store once its database is reached and migrated (scripts, tests); throws, naming
 *  DATABASE_URL without its password, when that fails. */
export async function openPostgresStore(
  connectionString: string,
  settings: Partial<PostgresSettings> = {},
): Promise<PostgresStore> {
  const store = postgresStore(connectionString, settings);
  try {
    await store.opened;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}

const statsOf = (pool: pg.Pool) => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The server and database of a connection string, never its user name or password. */
function where(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'not a URL';
  }
}

// The response, the themes it matches (./theme-match-sql.ts), its words for the word index
// (./words-sql.ts) and what it adds to the word counts (./term-count-sql.ts) in one statement. A conflict on the id (a retried try that did commit) or on
// the submission key adds nothing.
const INSERT_FEEDBACK = `WITH added AS (
    INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang, words_cut, test, submission_key, themes_gen)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10, $11) ON CONFLICT DO NOTHING
    RETURNING id, received_at, survey_id, lang
  ), themed AS (
    INSERT INTO theme_match (theme_id, received_at, feedback_id, survey_id, lang)
    SELECT t.id, added.received_at, added.id, added.survey_id, added.lang
    FROM added, unnest($12::text[]) m JOIN team_theme t ON t.id = m
  ), counted AS (
    INSERT INTO feedback_terms (feedback_id, day, survey_id, lang, terms)
    SELECT added.id, ${postgresUkDay('added.received_at')}, added.survey_id,
      COALESCE(added.lang, 'unknown'), $13::jsonb
    FROM added WHERE $13::jsonb IS NOT NULL
  )
  INSERT INTO feedback_word (word, received_at, feedback_id)
  SELECT DISTINCT w, added.received_at, added.id FROM added, unnest($8::text[]) w`;

const insertParams = (
  id: string,
  record: NewFeedback,
  team: Pick<TeamStore, 'wordsOf' | 'themesOf' | 'termsOf'>,
) => {
  const words = team.wordsOf(record);
  const terms = words && team.termsOf(record);
  const themes = team.themesOf(record);
  return [
    id,
    record.surveyId,
    record.definitionHash,
    record.receivedAt,
    JSON.stringify(record.answers),
    record.lang ?? null,
    words ? 1 : null,
    words ?? [],
    record.test === true,
    record.key ? storedKey(record.surveyId, record.key) : null,
    themes.gen,
    themes.ids,
    terms ? JSON.stringify(encodeTerms(terms)) : null,
  ];
};

/** The queries of ./team-sql.ts over a pool: each statement a unit of work (./postgres-pool.ts). */
function sqlOver(
  pool: pg.Pool,
  unit: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>,
  query: (text: string, params?: unknown[]) => Promise<pg.QueryResult>,
  schema: () => Promise<void>,
  statementTimeoutMs: number,
): Sql {
  return {
    dialect: 'postgres',
    all: async <T>(text: string, params?: unknown[]) => (await query(text, params)).rows as T[],
    run: async (text: string, params?: unknown[]) => (await query(text, params)).rowCount ?? 0,
    within: async <T>(ms: number, text: string, params: unknown[] = []) => {
      await schema();
      let rows: T[] = [];
      await transaction(pool, statementTimeoutMs, async (client) => {
        await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`);
        rows = (await client.query(numbered(text), params)).rows as T[];
      }).catch((error: { code?: string }) => {
        // 57014: query_canceled, which statement_timeout raises.
        throw error.code === '57014' ? new SearchTimeout() : error;
      });
      return rows;
    },
    transaction: (statements) =>
      unit(async (client) => {
        for (const s of statements) await client.query(numbered(s.text), s.params ?? []);
      }),
  };
}
