// Drafts of respondents without JavaScript: created, read with the time of their last activity
// (the engine judges the hour), saved, removed and purged; only a hash of the address token is
// stored.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9) + minutes * 60_000);
const stores: StoreWithTeam[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function behavesAsADraftStore(store: StoreWithTeam) {
  const { drafts } = store;
  const token = await drafts.create('basic', at(0));
  expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const second = await drafts.create('basic', at(0));
  expect(second).not.toBe(token);
  await drafts.remove(second);
  expect(await drafts.read(token)).toEqual({
    surveyId: 'basic',
    answers: {},
    lastActivity: at(0),
  });

  await drafts.save(token, { whyDidYouApply: 'Job', many: ['a', 'b'] }, at(30));
  // The save was activity; the store keeps its time and judges nothing: 61 minutes later the
  // draft reads as stored (the engine's rule decides the run is over, engine/session.ts).
  const saved = {
    surveyId: 'basic',
    answers: { whyDidYouApply: 'Job', many: ['a', 'b'] },
    lastActivity: at(30),
  };
  expect(await drafts.read(token)).toEqual(saved);
  expect(await drafts.deleteIdle(at(29))).toBe(0);
  expect(await drafts.read(token)).toEqual(saved);

  expect(await drafts.read('not a token')).toBeNull();
  const other = await drafts.create('barring', at(100));
  await drafts.remove(other);
  expect(await drafts.read(other)).toBeNull();

  // The purge deletes what has been idle since before the cut-off.
  const idle = await drafts.create('basic', at(0));
  const active = await drafts.create('basic', at(50));
  expect(await drafts.deleteIdle(at(10))).toBe(1);
  expect(await drafts.read(idle)).toBeNull();
  expect(await drafts.read(active)).not.toBeNull();
  await drafts.remove(token);
}

/** Five Sends of one draft at once (separate connections on PostgreSQL) store one row. */
async function sendsOnce(store: StoreWithTeam) {
  const token = await store.drafts.create('basic', at(0));
  await store.drafts.save(token, { whyDidYouApply: 'Job' }, at(1));
  const before = await store.count();
  const record = {
    surveyId: 'basic',
    definitionHash: 'h',
    receivedAt: at(2),
    answers: { whyDidYouApply: 'Job' },
    lang: 'en' as const,
  };
  const results = await Promise.all([1, 2, 3, 4, 5].map(() => store.sendDraft(token, record)));
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await store.count()).toBe(before + 1);
  // The draft stays, emptied and marked sent, so its pages can say so.
  // Its hour runs from the sending: the purge keeps it until then.
  expect(await store.drafts.read(token)).toEqual({
    surveyId: 'basic',
    answers: {},
    sent: true,
    lastActivity: at(2),
  });
  expect(await store.drafts.deleteIdle(at(2))).toBe(0);
  expect(await store.drafts.read(token)).not.toBeNull();
  expect(await store.sendDraft(token, record)).toBeNull();
  expect(await store.sendDraft('not a token', record)).toBeNull();
  expect(await store.count()).toBe(before + 1);
}

describe('drafts on SQLite', () => {
  it('store a Send once, in the same transaction as the draft is marked sent', async () => {
    const store = openSqliteStore(':memory:');
    stores.push(store);
    await sendsOnce(store);
  });

  it('keep answers between pages and go after an idle hour', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'drafts-')), 'feedback.sqlite');
    const store = openSqliteStore(file);
    stores.push(store);
    await behavesAsADraftStore(store);
    const token = await store.drafts.create('basic', at(0));
    const rows = new Database(file, { readonly: true })
      .prepare('SELECT id_hash FROM draft')
      .all() as { id_hash: string }[];
    expect(rows.map((r) => r.id_hash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('drafts on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_drafts');
  });

  it('keep answers between pages and go after an idle hour', async () => {
    const store = await openPostgresStore(postgresUrl);
    stores.push(store);
    await store.drafts.deleteIdle(at(100_000));
    await behavesAsADraftStore(store);
  });

  it('store a Send once, in the same transaction as the draft is marked sent', async () => {
    const store = await openPostgresStore(postgresUrl);
    stores.push(store);
    await sendsOnce(store);
  });
});
