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
import { codeOf, DEFAULT_RETRY, withRetries } from './retry';
import { POSTGRES_LIMITS_MIGRATION, limitStore } from './limits';
import { MASK_PASS_MIGRATION } from './mask-sql';
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
import type { StoreWithTeam, NewFeedback } from './types';
import type { TeamStore } from './team-types';

// Same versioned-migration idea as SQLite, with a one-row table for the version.
const MIGRATIONS = [
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
  POSTGRES_TALLY_UK_DAYS,
  NOTES_MIGRATION,
];

/** The connection pools and timeouts (PG_POOL_MAX, PG_TEAM_POOL_MAX, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS). */
export interface PostgresSettings {
  /** Connections per instance: 10 instances × 8 = 80 of a default server's 100. */
  poolMax: number;
  /** Of poolMax, the connections kept for the team's heavy reads (server/storage/team-sql.ts). */
  teamPoolMax: number;
  /** How long to wait for a new connection (or for a free one when all are busy). */
  connectTimeoutMs: number;
  /** The longest a statement may run, lock waits included; the purge and migrations have none. */
  statementTimeoutMs: number;
  /** Told of a broken connection or a retried statement, for the log: an error code, never a message. */
  onTrouble?: (trouble: DatabaseTrouble) => void;
}

/** withRetries with the store's report of each retry. */
type Retried = <T>(work: () => Promise<T>) => Promise<T>;

export type DatabaseTrouble =
  | { event: 'connection lost'; code?: string }
  | { event: 'retrying'; code?: string; attempt: number };

export const POSTGRES_DEFAULTS: PostgresSettings = {
  poolMax: 8,
  teamPoolMax: 2,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 5_000,
};

/**
 * PostgreSQL store, used when DATABASE_URL is set (several API instances, one database).
 * Durability is the server's: with the default `synchronous_commit = on` an INSERT returns
 * only after its WAL record is flushed. Transient failures (a restart, a failover, a
 * terminated connection, a deadlock) are retried (./retry.ts); every statement and
 * transaction here may be run twice, and a submission is stored once whatever happens.
 */
export async function openPostgresStore(
  connectionString: string,
  settings: Partial<PostgresSettings> = {},
): Promise<StoreWithTeam> {
  const { poolMax, teamPoolMax, connectTimeoutMs, statementTimeoutMs, onTrouble } = {
    ...POSTGRES_DEFAULTS,
    ...settings,
  };
  const retried: Retried = (work) =>
    withRetries(work, DEFAULT_RETRY, undefined, (attempt, code) =>
      onTrouble?.({ event: 'retrying', code, attempt }),
    );
  const lost = (error: unknown) => onTrouble?.({ event: 'connection lost', code: codeOf(error) });
  // PG_POOL_MAX is the instance's whole share of the server's connections: the team's pool
  // takes its part of it (at least one is left for respondents).
  const teamMax = Math.min(teamPoolMax, poolMax - 1);
  const pool = newPool(
    connectionString,
    poolMax - teamMax,
    connectTimeoutMs,
    statementTimeoutMs,
    lost,
  );
  try {
    await transaction(pool, migrate);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(
      `Cannot use the PostgreSQL database in DATABASE_URL (${where(connectionString)}): ${(error as Error).message}`,
      { cause: error },
    );
  }

  const query = (text: string, params: unknown[] = []) =>
    retried(() => pool.query(numbered(text), params));
  const sql = sqlOver(pool, retried);
  // The team's heavy reads (lists, searches, the export's pages, figures) take turns on a small
  // pool of their own: at most teamPoolMax of them run at once, so they neither take the
  // respondents' connections nor every core of the database server (with PG_POOL_MAX=1 they
  // share the one connection).
  const teamPool =
    teamMax > 0
      ? newPool(connectionString, teamMax, connectTimeoutMs, statementTimeoutMs, lost)
      : pool;
  const team = teamStore(sql, sqlOver(teamPool, retried));
  const idOfKey = async (surveyId: string, key: string) => {
    const [stored] = await sql.all<{ id: string }>(KEY_LOOKUP, keyLookupParams(surveyId, key));
    return stored?.id;
  };
  return {
    async save(record: NewFeedback) {
      // The id is made once, before any try: a retry after a try whose COMMIT did happen (its
      // answer lost with the connection) finds the row there and adds nothing.
      const id = randomUUID();
      await retried(() => pool.query(INSERT_FEEDBACK, insertParams(id, record, team)));
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
      const stored = await retried(() =>
        transaction(pool, async (client) => {
          // The UPDATE locks the draft's row: a second Send waits here, then changes nothing.
          const consumed = await client.query(numbered(SEND_DRAFT), [
            record.receivedAt.toISOString(),
            draftHash(token),
          ]);
          if (!consumed.rowCount) return false;
          await client.query(INSERT_FEEDBACK, insertParams(id, record, team));
          return true;
        }),
      );
      return stored ? { id } : null;
    },
    async deleteOlderThan(cutoff, testsBefore) {
      // A long backlog may take longer than the statement timeout; the purge has no deadline.
      return retried(() =>
        transaction(pool, async (client) => {
          await client.query('SET LOCAL statement_timeout = 0');
          const old = await client.query('DELETE FROM feedback WHERE received_at < $1', [cutoff]);
          const tests = testsBefore
            ? await client.query('DELETE FROM feedback WHERE test AND received_at < $1', [
                testsBefore,
              ])
            : undefined;
          return (old.rowCount ?? 0) + (tests?.rowCount ?? 0);
        }),
      );
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
      await Promise.all([pool.end(), teamPool !== pool && teamPool.end()]);
    },
    team,
    drafts: draftStore(sql),
    limits: limitStore(sql),
    async ping() {
      await sql.all('SELECT 1');
    },
  };
}

/** The server and database of a connection string, never its user name or password. */
function where(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'not a URL';
  }
}

// The response and its words for the word index (./words-sql.ts) in one statement. A conflict
// on the id (a retried try that did commit) or on the submission key adds nothing.
const INSERT_FEEDBACK = `WITH added AS (
    INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang, words_cut, test, submission_key)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10) ON CONFLICT DO NOTHING RETURNING id, received_at
  )
  INSERT INTO feedback_word (word, received_at, feedback_id)
  SELECT DISTINCT w, added.received_at, added.id FROM added, unnest($8::text[]) w`;

const insertParams = (id: string, record: NewFeedback, team: Pick<TeamStore, 'wordsOf'>) => {
  const words = team.wordsOf(record);
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
  ];
};

async function migrate(client: pg.PoolClient): Promise<void> {
  // Serialises concurrent starts of several instances.
  await client.query('SELECT pg_advisory_xact_lock(7243001)');
  // A migration on a large table may take longer than the statement timeout.
  await client.query('SET LOCAL statement_timeout = 0');
  await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const current = await client.query<{ version: number }>('SELECT version FROM schema_version');
  const version = current.rows[0]?.version ?? 0;
  if (version > MIGRATIONS.length)
    throw new Error(`feedback database is schema version ${version}, newer than this code`);
  for (const sql of MIGRATIONS.slice(version)) await client.query(sql);
  await client.query('DELETE FROM schema_version');
  await client.query('INSERT INTO schema_version (version) VALUES ($1)', [MIGRATIONS.length]);
  await client.query(ENSURE_SEARCH_INDEX);
}

function newPool(
  connectionString: string,
  max: number,
  connectTimeoutMs: number,
  statementTimeoutMs: number,
  lost: (error: unknown) => void,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // Notices a server that went away without closing the connection (a failover).
    keepAlive: true,
  });
  // An idle connection that breaks (a restart, a failover, pg_terminate_backend) is dropped by
  // the pool, which opens a new one when next needed. Without a listener, Node would end the
  // process on this 'error' event.
  pool.on('error', lost);
  return pool;
}

/** The queries of ./team-sql.ts over a pool. */
function sqlOver(pool: pg.Pool, retried: Retried): Sql {
  const query = (text: string, params: unknown[] = []) =>
    retried(() => pool.query(numbered(text), params));
  return {
    dialect: 'postgres',
    all: async <T>(text: string, params?: unknown[]) => (await query(text, params)).rows as T[],
    run: async (text: string, params?: unknown[]) => (await query(text, params)).rowCount ?? 0,
    within: async <T>(ms: number, text: string, params: unknown[] = []) => {
      let rows: T[] = [];
      await transaction(pool, async (client) => {
        await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`);
        rows = (await client.query(numbered(text), params)).rows as T[];
      }).catch((error: { code?: string }) => {
        // 57014: query_canceled, which statement_timeout raises.
        throw error.code === '57014' ? new SearchTimeout() : error;
      });
      return rows;
    },
    transaction: (statements) =>
      retried(() =>
        transaction(pool, async (client) => {
          for (const s of statements) await client.query(numbered(s.text), s.params ?? []);
        }),
      ),
  };
}

/**
 * Runs `work` on one connection inside BEGIN … COMMIT, rolled back if it throws. A connection
 * that failed is closed rather than given back to the pool.
 */
async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // The pool listens for errors only on idle connections; until released this one is ours, and
  // a broken one keeps this listener for whatever it emits while being closed.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.off('error', ignore);
    client.release();
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(error as Error);
    throw error;
  }
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... (the shared team queries use `?`). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
