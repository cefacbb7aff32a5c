// Start-up never waits for the database before the port opens: an instance started before its
// PostgreSQL answers /healthz at once, says "starting" on /readyz and 503 to submissions (each try
// to reach the database logged), then serves once the database comes up; the work over stored
// responses (the masking pass) runs in the background while the instance serves.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type ServerOptions } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { clusterMissing, startCluster, type Cluster } from '../../scripts/pg-cluster';
import { API_KEY, distOptions, fakeDist, fixtureSurveys, logCapture, validBody } from './fixtures';

const opened: { close(): Promise<unknown> }[] = [];
let cluster: Cluster | undefined;
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
  await cluster?.remove();
  cluster = undefined;
});

/** A server as server/main.ts builds it: start-up in the background, port opened at once. */
async function started(options: ServerOptions) {
  const failures: unknown[] = [];
  const app = await buildServer({
    surveys: fixtureSurveys(),
    apiKeys: [API_KEY],
    ...distOptions(fakeDist()),
    rateLimit: false,
    submissionsPerMinute: false,
    retentionMonths: false,
    backgroundStartup: { onStartFailed: (error) => failures.push(error) },
    ...options,
  });
  opened.push(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, failures };
}

const submit = (base: string) =>
  fetch(`${base}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify(validBody()),
  });

const missing = clusterMissing();
if (missing) console.warn(`start-before-database test skipped: ${missing}`);

describe('start-up', () => {
  it.skipIf(missing)(
    'an instance started before its database: live at once, not ready, 503 to a submission, then serving once the database is up',
    async () => {
      cluster = await startCluster({ start: false });
      const log = logCapture();
      const { base, failures } = await started({
        databaseUrl: cluster.url,
        postgres: { startWaitMs: 120_000, poolMax: 3, teamPoolMax: 1 },
        dbWaitMs: 1_000,
        logger: { level: 'info', stream: log.stream },
      });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const notReady = await fetch(`${base}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ status: 'starting' });
      const early = await submit(base);
      expect(early.status).toBe(503);
      expect(await early.json()).toEqual({ error: 'Service Unavailable' });
      // Each try to reach the database is a line of the log, with its number and error code.
      await expect.poll(() => log.text(), { timeout: 10_000 }).toMatch(/waiting for the database/);
      expect(log.text()).toMatch(/"attempt":1,"code":"ECONNREFUSED"/);

      await cluster.start();
      await expect
        .poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 30_000 })
        .toBe(200);
      const stored = await submit(base);
      expect(stored.status).toBe(201);
      const { id } = (await stored.json()) as { id: string };
      const db = new pg.Client({ connectionString: cluster.url });
      await db.connect();
      const { rows } = await db.query('SELECT id FROM feedback');
      await db.end();
      expect(rows).toEqual([{ id }]);
      expect(failures).toEqual([]);
    },
    90_000,
  );

  it('the masking pass runs in the background: the instance is live, ready and storing while it runs', async () => {
    const store = openSqliteStore(':memory:');
    opened.push(store);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let masked = false;
    // The pass held back until the checks below are done, as a long one would be.
    const slow: StoreWithTeam = {
      ...store,
      team: {
        ...store.team,
        maskStored: async (...args) => {
          await held;
          const changed = await store.team.maskStored(...args);
          masked = true;
          return changed;
        },
      },
    };
    const { base } = await started({ store: slow });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await submit(base)).status).toBe(201);
    expect(masked).toBe(false);
    release();
    await expect.poll(() => masked).toBe(true);
  });
});
