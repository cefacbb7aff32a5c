// The per-client rate limit and the cap on all clients are counted in the database, so they hold
// in total across instances, and they apply to every respondent post (API, Start, pages without
// JavaScript).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, loadDefinitions } from '../../server/app';
import type { LimitStore } from '../../server/storage/limits';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, fakeDist, testServer, validBody } from './fixtures';
import { ownSchema } from './postgres-schema';

const databaseUrl = process.env.TEST_DATABASE_URL;
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

const post = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    remoteAddress,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    payload: JSON.stringify(validBody()),
  });

async function countsInFixedWindows(limits: LimitStore) {
  expect(await limits.hit('client:192.0.2.1', 60_000)).toBe(1);
  expect(await limits.hit('client:192.0.2.1', 60_000)).toBe(2);
  expect(await limits.hit('client:192.0.2.2', 60_000)).toBe(1); // another client
  expect(await limits.hit('client:192.0.2.1', 120_000)).toBe(1); // the next window
  // take() stops counting at max.
  const taken = [];
  for (let i = 0; i < 4; i++) taken.push(await limits.take('cap', 60_000, 3));
  expect(taken).toEqual([true, true, true, false]);
  expect(await limits.take('cap', 120_000, 3)).toBe(true);
  // Ended windows are deleted; the live one stays.
  expect(await limits.deleteBefore(120_000)).toBe(3);
  expect(await limits.hit('client:192.0.2.1', 120_000)).toBe(2);
}

describe('limit counters on SQLite', () => {
  it('count per key and window, take up to a maximum, and delete ended windows', async () => {
    const store = openSqliteStore(':memory:');
    opened.push(store);
    await countsInFixedWindows(store.limits);
  });

  it('hold across two servers on one database file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'limits-')), 'feedback.sqlite');
    const stores = [openSqliteStore(file), openSqliteStore(file)];
    const apps = await Promise.all(
      stores.map(async (store) => {
        opened.push(store);
        const { app } = await testServer({ store, rateLimit: { max: 3, timeWindowMs: 60_000 } });
        opened.push(app);
        return app;
      }),
    );
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(apps[i % 2]!, '192.0.2.7')).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe.skipIf(!databaseUrl)('limits on PostgreSQL', () => {
  let url: string;
  beforeAll(async () => {
    url = await ownSchema(databaseUrl!, 'test_limits');
  });

  async function twoInstances(options: Parameters<typeof testServer>[0]) {
    const stores: StoreWithTeam[] = [];
    for (let i = 0; i < 2; i++) {
      const store = await openPostgresStore(url);
      await store.limits.deleteBefore(Number.MAX_SAFE_INTEGER);
      opened.push(store);
      stores.push(store);
    }
    const apps = [];
    for (const store of stores) {
      const { app } = await testServer({ ...options, store });
      opened.push(app);
      apps.push(app);
    }
    return { apps, stores };
  }

  it('count per key and window, take up to a maximum, and delete ended windows', async () => {
    const store = await openPostgresStore(url);
    opened.push(store);
    await store.limits.deleteBefore(Number.MAX_SAFE_INTEGER);
    await countsInFixedWindows(store.limits);
  });

  it('a client limited to 30 a minute stores 30 through two instances, not 60', async () => {
    const { apps, stores } = await twoInstances({
      rateLimit: { max: 30, timeWindowMs: 60_000 },
    });
    const before = await stores[0]!.count();
    // Both instances at once, as behind a round-robin balancer.
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(apps[i % 2]!, '198.51.100.30').then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect((await stores[1]!.count()) - before).toBe(30);
  });

  it('the cap on all clients holds in total across two instances', async () => {
    const now = new Date('2026-11-23T10:00:30Z');
    const { apps, stores } = await twoInstances({ submissionsPerMinute: 5, clock: () => now });
    const before = await stores[0]!.count();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(apps[i % 2]!, `203.0.113.${i + 1}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 503)).toHaveLength(7);
    expect(responses.find((r) => r.statusCode === 503)!.headers['retry-after']).toBe('30');
    expect((await stores[1]!.count()) - before).toBe(5);
  });
});

describe('pages posted without JavaScript', () => {
  // The real route table and pages (src/entry-server.tsx), so the page shown is the app's own.
  async function pagesServer(store: StoreWithTeam, options: Parameters<typeof buildServer>[0]) {
    const app = await buildServer({
      surveys: await loadDefinitions(),
      store,
      apiKeys: [API_KEY],
      staticDir: fakeDist(),
      serverEntry: resolve('src/entry-server.tsx'),
      retentionMonths: false,
      logger: false,
      submissionsPerMinute: false,
      ...options,
    });
    opened.push(app);
    return app;
  }

  it('count Start and each page against the client limit: over it, the Welsh "try again later" page, with Retry-After, and the draft kept', async () => {
    const store = openSqliteStore(':memory:');
    opened.push(store);
    const app = await pagesServer(store, { rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const form = (url: string, payload: string) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: '192.0.2.50',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const start = await form('/cy/basic', '');
    expect(start.statusCode).toBe(303);
    const first = start.headers.location as string;
    const draft = new URL(first, 'http://x').searchParams.get('draft')!;
    expect((await form(first, 'whyDidYouApply=Job')).statusCode).toBe(303);

    const over = await form(first, 'whyDidYouApply=Volunteer');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body).toContain('Mae&#x27;n ddrwg gennym, nid yw&#x27;r gwasanaeth ar gael');
    expect(over.body).toContain('gormod o geisiadau'); // too many requests: a limit, not busy
    // The draft still holds what was saved before the limit.
    const kept = await store.drafts.read(draft);
    expect(kept?.answers).toEqual({ whyDidYouApply: 'Job' });
    // Start is limited too, and so is the API, for the same client.
    expect((await form('/en/basic', '')).statusCode).toBe(429);
    expect((await post(app, '192.0.2.50')).statusCode).toBe(429);
  });
});
