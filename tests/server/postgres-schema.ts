// Each test file that needs PostgreSQL works in its own schema of the throwaway database, so
// files running in parallel never drop or empty each other's tables.
import pg from 'pg';

/** TEST_DATABASE_URL pointed at a fresh schema `name` (dropped and made again). */
export async function ownSchema(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The store creates pg_trgm where it can; made here first, in public, it never lives in a
  // file's own schema, whose drop would take the other files' search indexes with it. Files
  // starting together may race to create it: one of them is told it already exists.
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => undefined);
  // Where an earlier run of the old tests left it in a file's schema.
  await client.query('ALTER EXTENSION pg_trgm SET SCHEMA public').catch(() => undefined);
  await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await client.query(`CREATE SCHEMA ${name}`);
  await client.end();
  const own = new URL(url);
  own.searchParams.set('options', `-c search_path=${name}`);
  return own.toString();
}
