import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  DRAFT_SENT_MIGRATION,
  DRAFTS_MIGRATION,
  SEND_DRAFT,
  TOKEN,
  draftHash,
  draftStore,
} from './drafts';
import { ANSWER_TEXT_MIGRATION, ENSURE_SEARCH_INDEX } from './search-sql';
import { POSTGRES_TALLY_MIGRATION } from './tally-sql';
import {
  feedbackRecord,
  LANG_MIGRATION,
  teamStore,
  teamTablesMigration,
  SSO_PENDING_MIGRATION,
  SSO_SESSION_MIGRATION,
  USED_CHALLENGES_MIGRATION,
  type Sql,
} from './team-sql';
import type { StoreWithTeam, NewFeedback } from './types';

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
  DRAFT_SENT_MIGRATION,
];

/**
 * PostgreSQL store, used when DATABASE_URL is set (several API instances, one database).
 * Durability is the server's: with the default `synchronous_commit = on` an INSERT returns
 * only after its WAL record is flushed.
 */
export async function openPostgresStore(connectionString: string): Promise<StoreWithTeam> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await migrate(pool);

  const sql: Sql = {
    dialect: 'postgres',
    all: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(numbered(text), params)).rows as T[],
    run: async (text: string, params: unknown[] = []) =>
      (await pool.query(numbered(text), params)).rowCount ?? 0,
    transaction: (statements) =>
      inTransaction(pool, async (client) => {
        for (const s of statements) await client.query(numbered(s.text), s.params ?? []);
      }),
  };

  return {
    async save(record: NewFeedback) {
      const id = randomUUID();
      await pool.query(INSERT_FEEDBACK, insertParams(id, record));
      return { id };
    },
    async sendDraft(token, record) {
      if (!TOKEN.test(token)) return null;
      const id = randomUUID();
      let stored = false;
      await inTransaction(pool, async (client) => {
        // The UPDATE locks the draft's row: a second Send waits here, then changes nothing.
        const consumed = await client.query(numbered(SEND_DRAFT), [
          record.receivedAt.toISOString(),
          draftHash(token),
        ]);
        if (!consumed.rowCount) return;
        await client.query(INSERT_FEEDBACK, insertParams(id, record));
        stored = true;
      });
      return stored ? { id } : null;
    },
    async deleteOlderThan(cutoff) {
      const result = await pool.query('DELETE FROM feedback WHERE received_at < $1', [cutoff]);
      return result.rowCount ?? 0;
    },
    async count() {
      const result = await pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM feedback');
      return Number(result.rows[0]?.n ?? 0);
    },
    async list(options = {}) {
      const result = await pool.query('SELECT * FROM feedback ORDER BY received_at, id LIMIT $1', [
        options.limit ?? null,
      ]);
      return result.rows.map(feedbackRecord);
    },
    async has(id) {
      const result = await pool.query('SELECT 1 FROM feedback WHERE id = $1', [id]);
      return (result.rowCount ?? 0) > 0;
    },
    async close() {
      await pool.end();
    },
    team: teamStore(sql),
    drafts: draftStore(sql),
  };
}

const INSERT_FEEDBACK =
  'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES ($1, $2, $3, $4, $5, $6)';

const insertParams = (id: string, record: NewFeedback) => [
  id,
  record.surveyId,
  record.definitionHash,
  record.receivedAt,
  JSON.stringify(record.answers),
  record.lang ?? null,
];

async function migrate(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    // Serialises concurrent starts of several instances.
    await client.query('SELECT pg_advisory_xact_lock(7243001)');
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const current = await client.query<{ version: number }>('SELECT version FROM schema_version');
    const version = current.rows[0]?.version ?? 0;
    if (version > MIGRATIONS.length)
      throw new Error(`feedback database is schema version ${version}, newer than this code`);
    for (const sql of MIGRATIONS.slice(version)) await client.query(sql);
    await client.query('DELETE FROM schema_version');
    await client.query('INSERT INTO schema_version (version) VALUES ($1)', [MIGRATIONS.length]);
    await client.query(ENSURE_SEARCH_INDEX);
  });
}

/** Runs `work` on one connection inside BEGIN … COMMIT, rolled back if it throws. */
async function inTransaction(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... (the shared team queries use `?`). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
