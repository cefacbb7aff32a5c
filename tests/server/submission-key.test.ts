// Sending happens once: two submissions of one run (same Idempotency-Key) store one row, whether
// they arrive together (a double tap, two tabs) or one after the other (Back, then Send again).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, testServer, validBody } from './fixtures';
import { ownSchema } from './postgres-schema';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;

afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

const RUN = 'k7Qv2mXc9Lp4Rt8Ws1Yz3A';
const OTHER_RUN = 'Zb5Nd0Hf6Jg2Kl8Mn4Pq7B';

const send = (headers: Record<string, string>, body = validBody()) =>
  app!.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
    payload: JSON.stringify(body),
  });

function storesOneRowPerRun(open: () => Promise<StoreWithTeam>) {
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
  };
}

describe('POST /api/feedback with an Idempotency-Key', () => {
  it(
    'stores one row for two sends of one run, at once or later (SQLite)',
    storesOneRowPerRun(async () => openSqliteStore(':memory:')),
  );

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

  it(
    'stores one row for two sends of one run, at once or later',
    storesOneRowPerRun(() => openPostgresStore(url)),
  );
});
