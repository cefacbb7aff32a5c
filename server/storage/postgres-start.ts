// Opening the PostgreSQL database at start: wait for it (a bounded retry, each try reported), then
// migrate it, once across instances. The server's port is open meanwhile (server/app.ts): an
// instance started before its database, or while another instance migrates, answers /healthz at
// once and /readyz with 503 until this is done.
import type pg from 'pg';
import { transaction } from './postgres-pool';
import { codeOf, isTransient } from './retry';

/** What opening the database reports, for the log: error codes only, never a message. */
export type StartEvent =
  | { event: 'waiting for the database'; attempt: number; code?: string; retryInMs: number }
  | { event: 'another instance is migrating'; attempt: number }
  | { event: 'migrating'; from: number; to: number }
  | { event: 'schema newer than this release'; version: number; known: number }
  | { event: 'database ready'; version: number };

export interface StartSettings {
  /** How long to keep trying to reach the database before giving up (DB_START_WAIT_MS). */
  startWaitMs: number;
  onStart?: (event: StartEvent) => void;
}

/** The advisory lock every release has taken to migrate (a transaction's, so PgBouncer's
 *  transaction mode keeps it on one connection). */
const MIGRATION_LOCK = 7243001;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings the schema to `migrations.length`: the instance that gets the lock migrates, the others
 * wait (polling, not queued on the lock, so no connection is held) and then find nothing to do.
 * A database not reachable yet (refused, starting, too many connections) is tried again, waiting
 * twice as long each time up to 5 s, until `startWaitMs` has passed; then, or at once for an
 * error that will not pass (a wrong password, no such database), it throws.
 */
export async function openDatabase(
  pool: pg.Pool,
  migrations: string[],
  afterMigrations: string,
  { startWaitMs, onStart }: StartSettings,
): Promise<void> {
  const started = Date.now();
  let waited = 0;
  let busy = 0;
  for (;;) {
    try {
      const version = await transaction(pool, 0, (client) =>
        migrate(client, migrations, afterMigrations, onStart),
      );
      if (version !== undefined) return onStart?.({ event: 'database ready', version });
      onStart?.({ event: 'another instance is migrating', attempt: ++busy });
      await pause(1000);
    } catch (error) {
      const delay = Math.min(5000, 500 * 2 ** waited);
      if (!isTransient(error) || Date.now() - started + delay > startWaitMs) throw error;
      onStart?.({
        event: 'waiting for the database',
        attempt: ++waited,
        code: codeOf(error),
        retryInMs: delay,
      });
      await pause(delay);
    }
  }
}

/** The schema's version after migrating, or undefined when another instance holds the lock. */
async function migrate(
  client: pg.PoolClient,
  migrations: string[],
  afterMigrations: string,
  onStart: StartSettings['onStart'],
): Promise<number | undefined> {
  const { rows } = await client.query<{ got: boolean }>(
    `SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK}) AS got`,
  );
  if (!rows[0]?.got) return undefined;
  await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const current = await client.query<{ version: number }>('SELECT version FROM schema_version');
  const version = current.rows[0]?.version ?? 0;
  // A newer release migrated already (a rolling deploy, or a rollback): its migrations only
  // added (docs/operations.md), so this release runs on that schema as it is.
  if (version > migrations.length) {
    onStart?.({ event: 'schema newer than this release', version, known: migrations.length });
    return version;
  }
  if (version < migrations.length)
    onStart?.({ event: 'migrating', from: version, to: migrations.length });
  for (const sql of migrations.slice(version)) await client.query(sql);
  await client.query('DELETE FROM schema_version');
  await client.query('INSERT INTO schema_version (version) VALUES ($1)', [migrations.length]);
  await client.query(afterMigrations);
  return migrations.length;
}
