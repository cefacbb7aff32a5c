// Sending happens once: two submissions of one run (same Idempotency-Key) store one row, whether
// they arrive together (a double tap, two tabs) or one after the other (Back, then Send again).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, singleDefinition, testServer, validBody } from './fixtures';
import { ownSchema } from './postgres-schema';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;

afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

const RUN = 'k7Qv2mXc9Lp4Rt8Ws1Yz3A';

/** Sets a row's stored key straight in the database (as the code before this one wrote it). */
type SetKey = (id: string, key: string) => Promise<void>;

const OTHER_RUN = 'Zb5Nd0Hf6Jg2Kl8Mn4Pq7B';

const send = (headers: Record<string, string>, body: Record<string, string> = validBody()) =>
  app!.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
    payload: JSON.stringify(body),
  });

function storesOneRowPerRun(open: () => Promise<StoreWithTeam>, setKey: SetKey) {
  return async () => {
    store = await open();
    ({ app } = await testServer({ store }));

    const together = await Promise.all([
      send({ 'idempotency-key': RUN }),
      send({ 'idempotency-key': RUN }),
    ]);
    expect(together.map((r) => r.statusCode)).toEqual([201, 201]);
    const [first, second] = together.map((r) => r.json<{ id: string }>().id);
    expect(second).toBe(first);
    expect(await store.count()).toBe(1);

    // Later, with other answers (the respondent went back and changed one): still the first row.
    const later = await send({ 'idempotency-key': RUN }, validBody({ howSatisfied: '2' }));
    expect(later.statusCode).toBe(201);
    expect(later.json<{ id: string }>().id).toBe(first);
    expect(await store.count()).toBe(1);
    expect((await store.list())[0]!.answers.howSatisfied).toBe('4');

    // Another run is another row; so is each send without a key (clients that send none).
    expect((await send({ 'idempotency-key': OTHER_RUN })).statusCode).toBe(201);
    await Promise.all([send({}), send({})]);
    expect(await store.count()).toBe(4);

    // The key belongs to its survey (issue 32): another survey's run with the same key is its
    // own row, at once or later, and never gets the first row's id.
    const single = { howEasy: '2', serviceName: singleDefinition.serviceName };
    const [a, b] = await Promise.all([
      send({ 'idempotency-key': RUN }, single),
      send({ 'idempotency-key': RUN }, single),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const other = a.json<{ id: string }>().id;
    expect(b.json<{ id: string }>().id).toBe(other);
    expect(other).not.toBe(first);
    expect(await store.count()).toBe(5);
    expect((await store.list()).find((r) => r.id === other)?.surveyId).toBe('fixture-single');
    expect(await store.idOfKey('fixture-pages', RUN)).toBe(first);
    expect(await store.idOfKey('fixture-single', RUN)).toBe(other);

    // A row stored before keys were tied to their survey (the key alone) is still found for its
    // own survey, and only for it.
    const OLD_RUN = 'Old0Run1Key2Stored3Bare';
    const { id: old } = await store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'h',
      receivedAt: new Date(),
      answers: { howSatisfied: '3' },
      key: OLD_RUN,
    });
    await setKey(old, OLD_RUN);
    expect(await store.idOfKey('fixture-pages', OLD_RUN)).toBe(old);
    expect(await store.idOfKey('fixture-single', OLD_RUN)).toBeUndefined();
    expect((await send({ 'idempotency-key': OLD_RUN })).json<{ id: string }>().id).toBe(old);
    const fresh = await send({ 'idempotency-key': OLD_RUN }, single);
    expect(fresh.json<{ id: string }>().id).not.toBe(old);
  };
}

describe('POST /api/feedback with an Idempotency-Key', () => {
  it('stores one row for two sends of one run, at once or later (SQLite)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'submission-key-')), 'feedback.sqlite');
    const raw = new Database(file);
    try {
      await storesOneRowPerRun(
        async () => openSqliteStore(file),
        async (id, key) => {
          raw.prepare('UPDATE feedback SET submission_key = ? WHERE id = ?').run(key, id);
        },
      )();
    } finally {
      raw.close();
    }
  });

  it('answers a run sent already as then, even once the submission cap is reached', async () => {
    ({ app, store } = await testServer({ submissionsPerMinute: 1 }));
    const first = await send({ 'idempotency-key': RUN });
    expect(first.statusCode).toBe(201);
    const again = await send({ 'idempotency-key': RUN });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await send({ 'idempotency-key': OTHER_RUN })).statusCode).toBe(503);
    expect(await store.count()).toBe(1);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    ({ app, store } = await testServer());
    for (const bad of ['short', 'x'.repeat(65), 'has spaces in it here', 'k7Qv2mXc9Lp4Rt8Ws1Yz3A!'])
      expect((await send({ 'idempotency-key': bad })).statusCode, bad).toBe(400);
    expect(await store.count()).toBe(0);
  });

  it('keeps the first of two saves with one key made in the same group commit (SQLite store)', async () => {
    store = openSqliteStore(':memory:');
    const record = (answer: string) => ({
      surveyId: 's',
      definitionHash: 'h',
      receivedAt: new Date('2026-01-01T00:00:00Z'),
      answers: { howToImprove: answer },
      key: RUN,
    });
    const [a, b] = await Promise.all([store.save(record('first')), store.save(record('second'))]);
    expect(b.id).toBe(a.id);
    expect((await store.list()).map((r) => r.answers.howToImprove)).toEqual(['first']);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('POST /api/feedback with an Idempotency-Key (PostgreSQL)', () => {
  let url: string;
  beforeAll(async () => {
    url = await ownSchema(databaseUrl!, 'test_submission_key');
  });

  it('stores one row for two sends of one run, at once or later', async () => {
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    try {
      await storesOneRowPerRun(
        () => openPostgresStore(url),
        async (id, key) => {
          await raw.query('UPDATE feedback SET submission_key = $1 WHERE id = $2', [key, id]);
        },
      )();
    } finally {
      await raw.end();
    }
  });
});
