import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_KEY, pagesDefinition, singleDefinition, testServer, validBody } from './fixtures';
import type { StoreWithTeam } from '../../server/storage/types';
import { openSqliteStore } from '../../server/storage/sqlite';

let app: FastifyInstance;
let store: StoreWithTeam;

afterEach(async () => {
  await app?.close();
  await store?.close();
});

async function setup(options: Parameters<typeof testServer>[0] = {}) {
  ({ app, store } = await testServer(options));
}

const post = (payload: unknown, headers: Record<string, string> = {}, url = '/api/feedback') =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/feedback', () => {
  it('stores a valid submission and answers 201 with its id', async () => {
    await setup({ clock: () => new Date('2026-03-01T10:00:00Z') });
    const response = await post(validBody({ howToImprove: 'Façade   forms\tare <b>slow</b>' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [record] = await store.list();
    expect(record).toMatchObject({
      id,
      surveyId: pagesDefinition.id,
      definitionHash: `hash-of-${pagesDefinition.id}`,
      receivedAt: new Date('2026-03-01T10:00:00Z'),
    });
    // Stored as the engine re-prepared it: sanitised, markup stripped, accents folded.
    expect(record!.answers).toEqual({
      howSatisfied: '4',
      howToImprove: 'Facade forms are slow',
      serviceName: pagesDefinition.serviceName,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts a one-page survey and the /dev/feedback alias', async () => {
    await setup();
    const response = await post(
      { howEasy: '5', serviceName: singleDefinition.serviceName },
      {},
      '/dev/feedback',
    );
    expect(response.statusCode).toBe(201);
    expect(await store.count()).toBe(1);
  });

  it('serves a configured feedback path and keeps the alias', async () => {
    await setup({ feedbackPath: '/v2/responses' });
    expect((await post(validBody(), {}, '/v2/responses')).statusCode).toBe(201);
    expect((await post(validBody(), {}, '/dev/feedback')).statusCode).toBe(201);
    expect((await post(validBody(), {}, '/api/feedback')).statusCode).toBe(404);
  });

  it('answers 400 with field errors (field and message key) and stores nothing', async () => {
    await setup();
    const response = await post({
      howSatisfied: '9',
      howToImprove: 'x',
      serviceName: pagesDefinition.serviceName,
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{
      errors: { field: string; key: string; params?: unknown }[];
    }>();
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'howSatisfied', key: 'invalidOption' },
        { field: 'howToImprove', key: 'tooShort', params: { min: 2 } },
      ]),
    );
    expect(await store.count()).toBe(0);
  });

  it('requires an email when a name is given (contact page rules run on the server too)', async () => {
    await setup();
    const response = await post(validBody({ firstName: 'Ann', lastName: 'Jones' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'email', key: 'required' });
  });

  it('answers 400 for an unknown or missing serviceName, and for bodies that are not objects', async () => {
    await setup();
    for (const body of [
      { howSatisfied: '4', serviceName: 'nope' },
      { howSatisfied: '4' },
      { serviceName: 7 },
    ]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ field: 'serviceName', key: 'invalidServiceName' }],
      });
    }
    for (const body of ['[]', 'null', '"text"', '42']) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: '', key: 'invalidBody' }] });
    }
    expect(await store.count()).toBe(0);
  });

  it('answers 401 without the key or with a wrong one, before reading the body', async () => {
    await setup();
    const missing = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validBody()),
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'Unauthorized' });
    expect((await post(validBody(), { 'x-api-key': `${API_KEY}x` })).statusCode).toBe(401);
    expect((await post(validBody(), { 'x-api-key': API_KEY.slice(0, -1) })).statusCode).toBe(401);
    // A wrong key with a malformed body is still a 401: the body is never parsed.
    expect((await post('{not json', { 'x-api-key': 'wrong' })).statusCode).toBe(401);
    expect(await store.count()).toBe(0);
  });

  it('accepts any of several configured keys', async () => {
    await setup({ apiKeys: ['first-key', 'second-key'] });
    expect((await post(validBody(), { 'x-api-key': 'second-key' })).statusCode).toBe(201);
    expect((await post(validBody(), { 'x-api-key': 'first-key' })).statusCode).toBe(201);
  });

  it('answers 415 for anything but application/json', async () => {
    await setup();
    expect(
      (await post(JSON.stringify(validBody()), { 'content-type': 'text/plain' })).statusCode,
    ).toBe(415);
    expect(
      (await post('a=b', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode,
    ).toBe(415);
    const none = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'x-api-key': API_KEY },
    });
    expect(none.statusCode).toBe(415);
    expect(none.json()).toEqual({ error: 'Unsupported Media Type' });
    expect(
      (await post(validBody(), { 'content-type': 'application/json; charset=utf-8' })).statusCode,
    ).toBe(201);
  });

  it('answers 413 for a body over 32 KiB', async () => {
    await setup();
    const response = await post(validBody({ howToImprove: 'a'.repeat(33 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Payload Too Large' });
  });

  it('answers 400 for malformed JSON and prototype-poisoning keys, without echoing the body', async () => {
    await setup();
    const bad = await post('{"howToImprove": "secret text", ');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('secret');
    expect(
      (await post('{"__proto__": {"x": 1}, "serviceName": "fixture-pages-service"}')).statusCode,
    ).toBe(400);
    expect((await post('{"constructor": {"prototype": {"x": 1}}}')).statusCode).toBe(400);
    expect(await store.count()).toBe(0);
  });

  it('rate-limits per client IP with 429, shared by the path and its alias', async () => {
    await setup({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await post(validBody(), {}, i % 2 ? '/dev/feedback' : '/api/feedback')).statusCode,
      );
    const limited = await post(validBody());
    expect(statuses).toEqual([201, 201, 201]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too Many Requests' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      remoteAddress: '10.0.0.9',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      payload: JSON.stringify(validBody()),
    });
    expect(other.statusCode).toBe(201);
  });

  it('counts requests with a wrong key towards the limit (keys cannot be guessed quickly)', async () => {
    await setup({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    await post(validBody(), { 'x-api-key': 'guess-1' });
    await post(validBody(), { 'x-api-key': 'guess-2' });
    expect((await post(validBody(), { 'x-api-key': 'guess-3' })).statusCode).toBe(429);
  });

  it('answers 500 with a generic body when storage fails', async () => {
    const failing: StoreWithTeam = {
      ...openSqliteStore(':memory:'),
      save: async () => {
        throw new Error('disk full at /secret/path');
      },
      deleteOlderThan: async () => 0,
      count: async () => 0,
      list: async () => [],
      has: async () => false,
      close: async () => {},
    };
    await setup({ store: failing });
    const response = await post(validBody());
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal Server Error' });
  });
});

describe('GET /healthz', () => {
  it('answers ok', async () => {
    await setup();
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
