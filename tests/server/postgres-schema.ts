// Each test file that needs PostgreSQL works in its own schema of the throwaway database, so
// files running in parallel never drop or empty each other's tables.
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

/**
 * The schema a file's `name` stands for: the name and a hash of the file's path. Two files that
 * chose the same name (words.test.ts and words-page.test.ts both said `words_test`, and dropped
 * each other's tables when they ran side by side) still get a schema each; one file asking
 * twice gets the same one.
 */
export function schemaFor(name: string): string {
  const file = expect.getState().testPath;
  if (!file) throw new Error(`ownSchema('${name}') outside a test file's hooks or tests`);
  return schemaName(name, relative(process.cwd(), file));
}

/** `name` in the file at `path` (from the project's root). */
export function schemaName(name: string, path: string): string {
  return `${name}_${createHash('sha256').update(path).digest('hex').slice(0, 8)}`;
}

/** TEST_DATABASE_URL pointed at a fresh schema for `name` in this file (dropped and made again). */
export async function ownSchema(url: string, name: string): Promise<string> {
  const schema = schemaFor(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The store creates pg_trgm where it can; made here first, in public, it never lives in a
  // file's own schema, whose drop would take the other files' search indexes with it. Files
  // starting together may race to create it: one of them is told it already exists.
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => undefined);
  // Where an earlier run of the old tests left it in a file's schema.
  await client.query('ALTER EXTENSION pg_trgm SET SCHEMA public').catch(() => undefined);
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const own = new URL(url);
  own.searchParams.set('options', `-c search_path=${schema}`);
  return own.toString();
}
