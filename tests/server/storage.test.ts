import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openStore } from '../../server/storage/index';
import {
  MIGRATIONS as POSTGRES_MIGRATIONS,
  openPostgresStore,
} from '../../server/storage/postgres';
import { MIGRATIONS as SQLITE_MIGRATIONS, openSqliteStore } from '../../server/storage/sqlite';
import type { FeedbackStore } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

const record = (n: number) => ({
  surveyId: 'survey',
  definitionHash: 'abc',
  receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
  answers: { howToImprove: `answer ${n}`, serviceName: 'svc' },
});

async function behavesAsAStore(store: FeedbackStore) {
  const ids = await Promise.all([1, 2, 3].map((n) => store.save(record(n))));
  expect(new Set(ids.map((r) => r.id)).size).toBe(3);
  expect(await store.count()).toBe(3);
  const listed = await store.list();
  expect(listed.map((r) => r.answers.howToImprove)).toEqual(['answer 1', 'answer 2', 'answer 3']);
  expect(listed[0]).toEqual({ id: ids[0]!.id, lang: null, ...record(1) });
  expect(await store.list({ limit: 2 })).toHaveLength(2);
  expect(await store.has(ids[1]!.id)).toBe(true);
  expect(await store.has('00000000-0000-0000-0000-000000000000')).toBe(false);
  expect(await store.deleteOlderThan(new Date(Date.UTC(2026, 0, 1, 0, 0, 3)))).toBe(2);
  expect(await store.count()).toBe(1);
}

describe('SQLite store', () => {
  it('saves, lists, counts and deletes', async () => {
    const store = openSqliteStore(':memory:');
    await behavesAsAStore(store);
    await store.close();
  });

  it('creates the file and its directory, migrates it, uses WAL with synchronous FULL, and keeps data across reopen', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'feedback-store-')), 'nested', 'feedback.sqlite');
    const store = openSqliteStore(file);
    const { id } = await store.save(record(1));
    await store.close();

    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();

    const reopened = openSqliteStore(file);
    expect(await reopened.has(id)).toBe(true);
    expect(await reopened.count()).toBe(1);
    await reopened.close();
  });

  it('makes the folder 0700 and the database, -wal and -shm 0600 even under umask 000', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'feedback-store-')), 'data');
    const file = join(dir, 'feedback.sqlite');
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    const umask = process.umask(0o000);
    try {
      const store = openSqliteStore(file);
      await store.save(record(1));
      expect(mode(dir)).toBe('700');
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe('600');
      await store.close();
      // Files created 0644 before this change are tightened when the store next opens.
      chmodSync(file, 0o644);
      const reopened = openSqliteStore(file);
      expect(mode(file)).toBe('600');
      await reopened.close();
    } finally {
      process.umask(umask);
    }
  });

  it('refuses a database from a newer version of the code', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'feedback-store-')), 'feedback.sqlite');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openSqliteStore(file)).toThrow(/newer/);
  });

  it('commits saves made together in one transaction, each resolving with its own id', async () => {
    const store = openSqliteStore(':memory:');
    const saved = await Promise.all(Array.from({ length: 50 }, (_, n) => store.save(record(n))));
    expect(new Set(saved.map((s) => s.id)).size).toBe(50);
    expect(await store.count()).toBe(50);
    await store.close();
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('PostgreSQL store', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_storage');
  });

  it('saves, lists, counts and deletes', async () => {
    const store = await openPostgresStore(postgresUrl);
    await store.deleteOlderThan(new Date('9999-01-01'));
    await behavesAsAStore(store);
    await store.close();
  });

  it('migrates once, even when several instances start together, and is chosen by openStore', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    // Every table of the schema, whatever the migrations have made by now: a fresh start.
    const { rows: tables } = await admin.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
    );
    if (tables.length)
      await admin.query(
        `DROP TABLE IF EXISTS ${tables.map((t) => `"${t.name}"`).join(', ')} CASCADE`,
      );
    await admin.end();
    const stores = await Promise.all(
      [1, 2, 3].map(() => openStore({ databaseUrl: postgresUrl, dataDir: 'unused' })),
    );
    const { id } = await stores[0]!.save(record(1));
    expect(await stores[2]!.has(id)).toBe(true);
    await Promise.all(stores.map((store) => store.close()));
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM schema_version');
    await client.end();
    expect(rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
  });
});
