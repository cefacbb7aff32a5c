// A respondent waits at most DB_WAIT_MS on the database: a database frozen with SIGSTOP (it
// accepts connections and never answers) gets the service-unavailable page in the page's
// language, with Retry-After and what was typed carried in the page, or 503 JSON on the API;
// each is answered while the database is still frozen. A request answered 503 stored nothing,
// or, when its COMMIT reached the server and only the answer was lost, the respondent's retry
// with the run's key finds that row. CONNECTION_TIMEOUT_MS never cuts a request being answered.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enumeratePaths, pageFields, prepareSubmission, type ResolvedSurvey } from '../../engine';
import { buildServer, loadDefinitions, type ServerOptions } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { storedKey } from '../../server/storage/submission-key';
import type { StoreWithTeam } from '../../server/storage/types';
import { BACK_TO_ANSWERS_FIELD } from '../../src/serverContext';
import { clusterMissing, startCluster, type Cluster } from '../../scripts/pg-cluster';
import { pgRelay, type Relay } from '../helpers/pg-relay';
import { ownSchema } from './postgres-schema';

const API_KEY = 'db-wait-key-0123456789';
/** GOV.UK's Welsh for "Sorry, the service is unavailable", as the page escapes it. */
const WELSH_UNAVAILABLE = 'Mae&#x27;n ddrwg gennym, nid yw&#x27;r gwasanaeth ar gael';

/** A dist/ stand-in whose template has a language and a title, as the built one has. */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedback-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>T</title></head><body><div id="root"></div><!--app-data--></body></html>',
  );
  return dir;
}

/** A multi-page survey whose first page asks a choice, and one of its answers (any survey will do). */
async function someSurvey() {
  const surveys = await loadDefinitions();
  const survey = [...surveys.values()].find(
    (s) => s.layout !== 'single' && pageFields(s.pages[0]!).some((f) => f.options?.length),
  ) as ResolvedSurvey;
  const field = pageFields(survey.pages[0]!).find((f) => f.options?.length)!;
  return { surveys, survey, field: field.name, value: field.options![0]!.value };
}

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

async function server(store: StoreWithTeam, options: ServerOptions = {}) {
  const app = await buildServer({
    store,
    apiKeys: [API_KEY],
    staticDir: dist(),
    serverEntry: resolve('src/entry-server.tsx'),
    retentionMonths: false,
    rateLimit: false,
    submissionsPerMinute: false,
    logger: false,
    dbWaitMs: 1_500,
    ...options,
  });
  opened.push(app);
  return app;
}

const post = (app: FastifyInstance, url: string, payload: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

const api = (app: FastifyInstance, body: object, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, 'idempotency-key': key },
    payload: JSON.stringify(body),
  });

/** A body the survey's API accepts: the answers of one of its paths, as the app sends them. */
const apiBody = (survey: ResolvedSurvey) =>
  prepareSubmission(survey, enumeratePaths(survey, 1)[0]?.answers ?? {});

const missing = clusterMissing();
if (missing) console.warn(`frozen-database tests skipped: ${missing}`);

describe.skipIf(missing)('a database frozen with SIGSTOP', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => cluster?.remove());

  it('answers a Welsh page with the service-unavailable page while still frozen, carrying what was typed; the API with 503 JSON', async () => {
    const { surveys, survey, field, value } = await someSurvey();
    const store = await openPostgresStore(cluster.url, { poolMax: 3, teamPoolMax: 1 });
    opened.push(store);
    const app = await server(store, { surveys });
    const start = await post(app, `/cy/${survey.id}`, '');
    expect(start.statusCode).toBe(303);
    const page = start.headers.location as string;
    expect(page).toMatch(/\?draft=/);

    await cluster.freeze();
    let shown, typed, sent, onePage;
    const onePager = [...surveys.values()].find((s) => s.layout === 'single');
    const single = onePager && {
      survey: onePager,
      form: pageFields(onePager.pages[0]!)
        .filter((f) => f.options?.length)
        .map((f) => `${f.name}=${encodeURIComponent(f.options![0]!.value)}`)
        .join('&'),
    };
    try {
      // Each answered before the database is thawed below.
      shown = await app.inject({ method: 'GET', url: page });
      typed = await post(app, page, `${field}=${encodeURIComponent(value)}`);
      sent = await api(app, apiBody(survey), 'frozen-run-key-0123456789');
      // A one-page survey (when there is one) has no draft: its form comes back in the page.
      if (single) onePage = await post(app, `/cy/${single.survey.id}?index`, single.form);
    } finally {
      await cluster.thaw();
    }

    for (const answer of [shown, typed]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain('<html lang="cy"');
      expect(answer.body).toContain(WELSH_UNAVAILABLE);
    }
    // Only shown: a link back to the page, whose draft holds the answers.
    expect(shown.body).toContain(`href="${page}"`);
    // Posted: what was typed comes back in the page, posted again to the same address.
    expect(typed.body).toContain(`action="${page}"`);
    expect(typed.body).toContain(`name="${field}" value="${value}"`);
    expect(typed.body).toContain(`name="${BACK_TO_ANSWERS_FIELD}"`);

    if (single) {
      expect(onePage?.statusCode).toBe(503);
      expect(onePage?.body).toContain(WELSH_UNAVAILABLE);
      expect(onePage?.body).toContain(`action="/cy/${single.survey.id}`);
      for (const pair of single.form.split('&')) {
        const [name, value] = pair.split('=');
        expect(onePage?.body).toContain(`name="${name}" value="${decodeURIComponent(value!)}"`);
      }
    }
    expect(sent.statusCode).toBe(503);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.json()).toEqual({ error: 'Service Unavailable' });
    expect(Number(sent.headers['retry-after'])).toBeGreaterThan(0);

    // Thawed: the carried form draws the page filled in, with its draft.
    const back = await post(
      app,
      page,
      `${field}=${encodeURIComponent(value)}&${BACK_TO_ANSWERS_FIELD}=1`,
    );
    expect(back.statusCode).toBe(200);
    const chosen = new RegExp(`<input[^>]*name="${field}"[^>]*value="${value}"[^>]*>`).exec(
      back.body,
    );
    expect(chosen?.[0]).toContain('checked');
    // The API's run answered 503 while frozen stored nothing; sent again, it is stored once.
    const again = await api(app, apiBody(survey), 'frozen-run-key-0123456789');
    expect(again.statusCode).toBe(201);
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const { rows } = await db.query('SELECT id FROM feedback WHERE submission_key = $1', [
      storedKey(survey.id, 'frozen-run-key-0123456789'),
    ]);
    await db.end();
    expect(rows).toEqual([{ id: again.json<{ id: string }>().id }]);
  }, 60_000);
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('a database that goes quiet or slow', () => {
  let url: string;
  let relay: Relay;
  beforeAll(async () => {
    url = await ownSchema(databaseUrl!, 'test_db_wait');
  });
  afterEach(() => relay?.close());

  it('a COMMIT whose answer never came: 503 within the budget, and the retry with the run key finds the row', async () => {
    const { surveys, survey } = await someSurvey();
    relay = await pgRelay(url);
    const store = await openPostgresStore(relay.url, { poolMax: 2, teamPoolMax: 1 });
    opened.push(store);
    const app = await server(store, { surveys });
    const key = 'commit-lost-key-0123456789';
    relay.holdNextCommit();
    const lost = await api(app, apiBody(survey), key);
    expect(lost.statusCode).toBe(503);
    await relay.held;
    // The row was committed although its request was answered with an error (this cannot be
    // avoided: the server committed, only its answer was lost) ...
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const stored = async () =>
      (
        await db.query('SELECT id FROM feedback WHERE submission_key = $1', [
          storedKey(survey.id, key),
        ])
      ).rows;
    await expect.poll(stored).toHaveLength(1);
    // ... so the respondent's retry (the app sends the run's key again) gets that row's id, and
    // nothing is stored twice.
    const retried = await api(app, apiBody(survey), key);
    expect(retried.statusCode).toBe(201);
    expect(await stored()).toEqual([{ id: retried.json<{ id: string }>().id }]);
    await db.end();
  }, 30_000);

  it('CONNECTION_TIMEOUT_MS does not cut a request still being answered by a slow database', async () => {
    const { surveys, survey } = await someSurvey();
    relay = await pgRelay(url);
    const store = await openPostgresStore(relay.url, { poolMax: 2, teamPoolMax: 1 });
    opened.push(store);
    // Each answer from the database comes 150 ms late: a submission takes several of them,
    // longer than the connection timeout, within the budget.
    relay.delayMs = 150;
    const app = await server(store, { surveys, connectionTimeoutMs: 200, dbWaitMs: 10_000 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify(apiBody(survey)),
    });
    expect(response.status).toBe(201);
  }, 30_000);
});
