// Prometheus metrics: requests by route pattern and status, latency, submissions stored and
// refused by reason, pool and database figures, drafts open, event-loop delay; served on their own
// port (METRICS_PORT, off when unset), never on the public one; no address, draft token or
// anything typed in a label.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { createMetrics } from '../../server/metrics';
import { startServer } from '../../server/main';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { freeLocalPort } from '../../scripts/pg-cluster';
import { API_KEY, fakeDist, fixtureSurveys, testServer, validBody } from './fixtures';

const opened: { close(): Promise<unknown> | void }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

/** The value of a metric line with exactly these labels (in the text format), or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = (match[2] ?? '').split(',').filter(Boolean).sort();
    if (JSON.stringify(got) === JSON.stringify(wanted)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  it('count requests by route pattern and status, submissions stored and refused by reason, with no address, token or text in a label', async () => {
    const metrics = createMetrics();
    const store = openSqliteStore(':memory:');
    opened.push(store);
    // The real route table knows the live surveys: one of them for the pages (any will do).
    const live = await loadDefinitions();
    const survey = [...live.values()].find((s) => s.layout !== 'single')!;
    const { app } = await testServer({
      store,
      metrics,
      surveys: new Map([...fixtureSurveys(), ...live]),
      serverEntry: resolve('src/entry-server.tsx'),
      staticDir: fakeDist(),
      rateLimit: { max: 3, timeWindowMs: 60_000 },
      submissionsPerMinute: 2,
    });
    opened.push(app);
    const send = (body: object, remoteAddress = '192.0.2.10') =>
      app.inject({
        method: 'POST',
        url: '/api/feedback',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        payload: JSON.stringify(body),
      });
    const typed = 'Secret words nobody should see in metrics';
    expect((await send(validBody({ howToImprove: typed }))).statusCode).toBe(201);
    expect((await send(validBody())).statusCode).toBe(201);
    expect((await send(validBody(), '192.0.2.11')).statusCode).toBe(503); // the cap (2 a minute)
    expect((await send({ ...validBody(), howSatisfied: '99' })).statusCode).toBe(400);
    expect((await send(validBody())).statusCode).toBe(429); // the client's fourth
    // A page without JavaScript, with a draft in its address.
    const start = await app.inject({
      method: 'POST',
      url: `/en/${survey.id}`,
      remoteAddress: '192.0.2.12',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const page = start.headers.location as string;
    const token = new URL(page, 'http://x').searchParams.get('draft')!;
    expect((await app.inject({ method: 'GET', url: page })).statusCode).toBe(200);

    const text = await metrics.registry.metrics();
    expect(
      sample(text, 'http_requests_total', {
        route: '/api/feedback',
        method: 'POST',
        status: '201',
      }),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total', {
        route: '/api/feedback',
        method: 'POST',
        status: '429',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', {
        route: '/:lang/:survey/:page',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', {
        route: '/:lang/:survey',
        method: 'POST',
        status: '303',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/feedback',
        method: 'POST',
      }),
    ).toBe(5);
    expect(sample(text, 'feedback_submissions_stored_total')).toBe(2);
    expect(sample(text, 'feedback_submissions_refused_total', { reason: 'cap' })).toBe(1);
    expect(sample(text, 'feedback_submissions_refused_total', { reason: 'invalid' })).toBe(1);
    expect(sample(text, 'feedback_submissions_refused_total', { reason: 'rate_limit' })).toBe(1);
    expect(sample(text, 'feedback_submissions_refused_total', { reason: 'database' })).toBe(0);
    expect(sample(text, 'feedback_drafts_open')).toBe(1);
    expect(sample(text, 'feedback_ready')).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    // Nothing identifying: no draft token, no address, nothing typed, no query string.
    for (const secret of [token, '192.0.2.10', 'Secret words', '?draft', `/${survey.id}`])
      expect(text).not.toContain(secret);
  });

  it('count a submission the database could not take as refused for "database"', async () => {
    const metrics = createMetrics();
    const real = openSqliteStore(':memory:');
    opened.push(real);
    const store: StoreWithTeam = {
      ...real,
      save: async () => {
        throw Object.assign(new Error('gone'), { statusCode: 503 });
      },
    };
    const { app } = await testServer({ store, metrics });
    opened.push(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      payload: JSON.stringify(validBody()),
    });
    expect(response.statusCode).toBe(503);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'feedback_submissions_refused_total', { reason: 'database' })).toBe(1);
    expect(sample(text, 'database_unavailable_total', { reason: 'unreachable' })).toBe(1);
    expect(sample(text, 'feedback_submissions_stored_total')).toBe(0);
  });

  it('are served on METRICS_PORT only, in the Prometheus text format; off when it is unset', async () => {
    expect(configFromEnv({}).metricsPort).toBeUndefined();
    const metricsPort = await freeLocalPort();
    const started = await startServer({
      staticDir: fakeDist(),
      // It serves a fake build: whatever build the checkout holds is not this test's.
      builtDirs: [],
      config: {
        ...configFromEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feedback-metrics-')) }),
        port: 0,
        logLevel: 'silent',
        metricsPort,
      },
    });
    opened.push(started.app as FastifyInstance);
    expect(started.metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
    expect((await fetch(`${started.url}/metrics`)).status).toBe(404);
    const answer = await fetch(started.metricsUrl!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toMatch(/^# TYPE http_requests_total counter$/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });
});
