import { randomBytes } from 'node:crypto';
// `npm run bench:instances -- <postgres url>`: submissions per second for ONE survey with one
// instance, then with two instances, on one PostgreSQL (a throwaway database: its feedback is
// deleted first). Each instance is its own `node` process; the load is split evenly between
// them, as a round-robin balancer would. While each load runs, the database's active client
// backends are sampled to show what they wait on (`Lock:transactionid` is a wait for another
// transaction's row lock). 127.0.0.1 only; stops by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { loadDefinitions } from '../server/app';
import { openPostgresStore } from '../server/storage/postgres';
import { BENCH_KEY, benchSubmission, freePort } from './bench-durability';

type Autocannon = (options: Record<string, unknown>) => Promise<{
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
  non2xx: number;
  errors: number;
}>;
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('usage: npm run bench:instances -- postgres://…/throwaway-database');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);

const { survey, body } = benchSubmission(await loadDefinitions());
const payload = JSON.stringify(body);
const setup = await openPostgresStore(url);
await setup.deleteOlderThan(new Date('9999-01-01'));
await setup.close();

const teamSecret = randomBytes(32).toString('base64');

function start(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      API_KEYS: BENCH_KEY,
      // Required with DATABASE_URL (server/README.md); the same for both, as in a deployment.
      TEAM_SECRET: teamSecret,
      RATE_LIMIT_MAX: '0',
      SUBMISSIONS_PER_MINUTE_MAX: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function ready(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not start`);
}

/** What the active client backends wait on, sampled every 100 ms until `stop` is set. */
async function sampleWaits(stop: { done: boolean }): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  while (!stop.done) {
    const { rows } = await client.query<{ wait: string }>(
      `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS wait FROM pg_stat_activity
       WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.end();
  return counts;
}

async function storedCount(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM feedback');
  await client.end();
  return Number(rows[0]!.n);
}

async function run(instances: number): Promise<void> {
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const children = ports.map(start);
  try {
    await Promise.all(ports.map((port) => ready(`http://127.0.0.1:${port}`)));
    const before = await storedCount();
    const stop = { done: false };
    const waits = sampleWaits(stop);
    const results = await Promise.all(
      ports.map((port) =>
        autocannon({
          url: `http://127.0.0.1:${port}/api/feedback`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
          body: payload,
          connections: Math.round(CONNECTIONS / instances),
          duration: DURATION_S,
        }),
      ),
    );
    stop.done = true;
    const acknowledged = results.reduce((n, r) => n + (r.statusCodeStats['201']?.count ?? 0), 0);
    const failed = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const stored = (await storedCount()) - before;
    const samples = [...(await waits).entries()].sort((a, b) => b[1] - a[1]);
    const total = samples.reduce((n, [, c]) => n + c, 0);
    console.log(
      `${instances} instance(s): ${(acknowledged / DURATION_S).toFixed(0)} submissions/s acknowledged` +
        ` (${acknowledged} acknowledged, ${stored} stored, ${failed} failed)`,
    );
    console.log(
      `  active backends waiting on: ${samples
        .slice(0, 5)
        .map(([wait, n]) => `${wait} ${((100 * n) / total).toFixed(0)}%`)
        .join(', ')} (${total} samples)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
  }
}

console.log(
  `Survey "${survey.id}", ${Object.keys(body).length} fields; ${CONNECTIONS} connections in all, ${DURATION_S} s per run.`,
);
await run(1);
await run(2);
