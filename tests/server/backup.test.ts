// Backups that are restored: `npm run backup` copies the SQLite store while submissions arrive,
// `npm run restore` puts it into an empty DATA_DIR after checking its schema version and row
// counts, and the rows restored are the backup's, each as stored; PostgreSQL's dump, taken while
// submissions arrive, restores into another throwaway cluster and an instance serves from it
// (the commands docs/operations.md gives).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { clusterMissing, startCluster, type Cluster } from '../../scripts/pg-cluster';
import { API_KEY, distOptions, fakeDist, fixtureSurveys, validBody } from './fixtures';

const run = promisify(execFile);
const temp = (name: string) => mkdtempSync(join(tmpdir(), `feedback-${name}-`));

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

async function server(options: { dataDir?: string; databaseUrl?: string }) {
  const app = await buildServer({
    surveys: fixtureSurveys(),
    apiKeys: [API_KEY],
    ...distOptions(fakeDist()),
    rateLimit: false,
    submissionsPerMinute: false,
    retentionMonths: false,
    ...options,
  });
  opened.push(app);
  return app;
}

/** Submissions one after another from 4 clients until stopped; the ids acknowledged, in order. */
function submitting(app: FastifyInstance) {
  const acknowledged: string[] = [];
  let going = true;
  const client = async (n: number) => {
    for (let i = 0; going; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        payload: JSON.stringify(validBody({ howToImprove: `client ${n} answer ${i}` })),
      });
      if (response.statusCode === 201) acknowledged.push(response.json<{ id: string }>().id);
      // Turns for the other work of this process (the child processes' pipes).
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const clients = Promise.all([1, 2, 3, 4].map(client));
  return {
    acknowledged,
    stop: async () => {
      going = false;
      await clients;
    },
  };
}

/** `npm run <script> -- args` with these settings, as an operator runs it. */
const npmRun = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  });

const rowsOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT id, answers, received_at FROM feedback ORDER BY id').all();
  } finally {
    db.close();
  }
};

describe('SQLite: npm run backup and npm run restore', () => {
  it('back up while submissions arrive, restore into an empty DATA_DIR: the rows are the backup’s, each as stored', async () => {
    const dataDir = temp('live');
    const app = await server({ dataDir });
    const load = submitting(app);
    await expect.poll(() => load.acknowledged.length).toBeGreaterThan(20);
    const before = [...load.acknowledged];
    const backup = join(temp('backups'), 'feedback-backup.sqlite');
    const { stdout } = await npmRun('backup', [backup], { DATA_DIR: dataDir });
    expect(stdout).toMatch(/Backed up .* schema version \d+/);
    const during = load.acknowledged.length;
    await expect.poll(() => load.acknowledged.length).toBeGreaterThan(during + 20);
    await load.stop();

    const restoredDir = join(temp('restored'), 'data');
    const restored = await npmRun('restore', [backup], { DATA_DIR: restoredDir });
    expect(restored.stdout).toMatch(/row counts of its \d+ tables match/);
    const inRestore = rowsOf(join(restoredDir, 'feedback.sqlite'));
    const live = new Map(
      rowsOf(join(dataDir, 'feedback.sqlite')).map((r) => [(r as { id: string }).id, r]),
    );
    // Everything acknowledged before the backup began is in it; submissions went on meanwhile.
    const ids = new Set(inRestore.map((r) => (r as { id: string }).id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(inRestore.length).toBeLessThan(live.size);
    // Each restored row is the live row as stored.
    for (const row of inRestore) expect(row).toEqual(live.get((row as { id: string }).id));
    // And the restored store serves.
    const again = await server({ dataDir: restoredDir });
    expect((await again.inject('/readyz')).statusCode).toBe(200);
  }, 120_000);

  it('refuses a DATA_DIR that holds a database, and a backup whose rows differ from its manifest', async () => {
    const dataDir = temp('live');
    const app = await server({ dataDir });
    const load = submitting(app);
    await expect.poll(() => load.acknowledged.length).toBeGreaterThan(5);
    await load.stop();
    const backup = join(temp('backups'), 'b.sqlite');
    await npmRun('backup', [backup], { DATA_DIR: dataDir });
    await expect(npmRun('restore', [backup], { DATA_DIR: dataDir })).rejects.toMatchObject({
      stderr: expect.stringMatching(/^restore: .*already holds a database/),
    });
    const damaged = new Database(backup);
    damaged.prepare('DELETE FROM feedback WHERE id = (SELECT MIN(id) FROM feedback)').run();
    damaged.close();
    const empty = join(temp('restored'), 'data');
    await expect(npmRun('restore', [backup], { DATA_DIR: empty })).rejects.toMatchObject({
      stderr: expect.stringMatching(/row counts differ/),
    });
  }, 120_000);
});

const missing = clusterMissing();
if (missing) console.warn(`PostgreSQL backup test skipped: ${missing}`);

describe.skipIf(missing)('PostgreSQL: pg_dump and pg_restore, as docs/operations.md says', () => {
  const clusters: Cluster[] = [];
  afterEach(async () => {
    for (const cluster of clusters.splice(0)) await cluster.remove();
  });

  it('a dump taken while submissions arrive restores into another cluster, and an instance serves from it', async () => {
    const live = await startCluster();
    clusters.push(live);
    const app = await server({ databaseUrl: live.url });
    const load = submitting(app);
    await expect.poll(() => load.acknowledged.length).toBeGreaterThan(20);
    const before = [...load.acknowledged];
    const dump = join(temp('dump'), 'feedback.dump');
    await run(join(live.bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, live.url]);
    await load.stop();

    const fresh = await startCluster();
    clusters.push(fresh);
    await run(join(fresh.bin, 'pg_restore'), ['--no-owner', `--dbname=${fresh.url}`, dump]);
    const restoredIds = async () => {
      const db = new pg.Client({ connectionString: fresh.url });
      await db.connect();
      const { rows } = await db.query<{ id: string }>('SELECT id FROM feedback');
      await db.end();
      return new Set(rows.map((r) => r.id));
    };
    const restored = await restoredIds();
    expect(before.filter((id) => !restored.has(id))).toEqual([]);

    const instance = await server({ databaseUrl: fresh.url });
    expect((await instance.inject('/readyz')).statusCode).toBe(200);
    const response = await instance.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      payload: JSON.stringify(validBody()),
    });
    expect(response.statusCode).toBe(201);
    expect((await restoredIds()).has(response.json<{ id: string }>().id)).toBe(true);
  }, 120_000);
});
