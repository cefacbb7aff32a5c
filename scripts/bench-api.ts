// `npm run bench:api [-- <postgres url>]`: throughput and latency of POST /api/feedback
// (validation with the real engine and definitions, SQLite storage with synchronous=FULL), next
// to a bare Fastify route in the same process, then the durability check. Given a PostgreSQL
// URL (a throwaway database: its feedback is deleted first), the API is measured on it too.
// 127.0.0.1 only, bounded, stops by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildServer, loadDefinitions } from '../server/app';
import { openPostgresStore } from '../server/storage/postgres';
import { openSqliteStore } from '../server/storage/sqlite';
import type { StoreWithTeam } from '../server/storage/types';
import {
  BENCH_KEY,
  benchSubmission,
  printDurability,
  runDurabilityCheck,
} from './bench-durability';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  duration: number;
  latency: Histogram;
  requests: Histogram;
  errors: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(url: string, body: string, expectStatus: number) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const ok = result.statusCodeStats[String(expectStatus)]?.count ?? 0;
  return {
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    other: result.non2xx + result.errors,
    total: ok,
  };
}

const surveys = await loadDefinitions();
const { survey, body } = benchSubmission(surveys);
const payload = JSON.stringify(body);
const dataDir = mkdtempSync(join(tmpdir(), 'feedback-bench-'));

const bare = Fastify();
bare.post('/bare', async (_request, reply) => reply.code(201).send({ id: 'bare' }));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
const row = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
  `  ${name.padEnd(28)} ${m.perSecond.toFixed(0).padStart(8)}/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   other responses/errors ${m.other}`;

/** The API on `store`, then the bare route, one after the other. */
async function benchStore(name: string, store: StoreWithTeam): Promise<void> {
  const app = await buildServer({
    surveys,
    store,
    apiKeys: [BENCH_KEY],
    rateLimit: false,
    submissionsPerMinute: false,
    retentionMonths: false,
    staticDir: join(dataDir, 'no-static'),
    logger: false,
  });
  try {
    const apiBase = await app.listen({ port: 0, host: '127.0.0.1' });
    const check = await fetch(`${apiBase}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
      body: payload,
    });
    if (check.status !== 201)
      throw new Error(`the benchmark body was refused (${check.status}): ${await check.text()}`);

    console.log(
      `\n${name}: survey "${survey.id}", ${Object.keys(body).length} fields, ${payload.length} bytes; ${CONNECTIONS} connections, ${DURATION_S} s each.`,
    );
    const api = await measure(`${apiBase}/api/feedback`, payload, 201);
    const baseline = await measure(`${bareBase}/bare`, payload, 201);
    const stored = await store.count();
    console.log('POST, 201 responses');
    console.log(row('/api/feedback (validated, stored)', api));
    console.log(row('/bare (Fastify, no work)', baseline));
    console.log(
      `  ratio feedback/bare: ${(api.perSecond / baseline.perSecond).toFixed(2)}  (${stored} submissions stored)`,
    );
  } finally {
    await app.close();
  }
}

try {
  const sqlite = openSqliteStore(join(dataDir, 'feedback.sqlite'));
  await benchStore('SQLite', sqlite);
  await sqlite.close();
  const postgresUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const postgres = await openPostgresStore(postgresUrl);
    await postgres.deleteOlderThan(new Date('9999-01-01'));
    await benchStore('PostgreSQL', postgres);
    await postgres.close();
  }
} finally {
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const durability = await runDurabilityCheck();
printDurability(durability);
if (durability.missing.length > 0 || durability.accepted === 0) process.exitCode = 1;
