// Each test file that needs PostgreSQL works in its own schema of the throwaway database, so
// files running in parallel never drop or empty each other's tables.
import pg from 'pg';

/** TEST_DATABASE_URL pointed at a fresh schema `name` (dropped and made again). */
export async function ownSchema(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await client.query(`CREATE SCHEMA ${name}`);
  await client.end();
  const own = new URL(url);
  own.searchParams.set('options', `-c search_path=${name}`);
  return own.toString();
}
