// Prometheus metrics (prom-client), served on their own port (METRICS_PORT, server/main.ts), never
// on the public one. Labels are route patterns, methods, status codes and fixed reasons: never an
// address, a draft token, a query string or anything a respondent typed. What to alert on, and
// what to do: docs/operations.md.
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import type { MaskProgress } from './storage/mask-sql';
import type { PoolStats } from './storage/postgres';

/** Why a submission was not stored. */
export type Refusal = 'invalid' | 'rate_limit' | 'cap' | 'database';

export interface Metrics {
  registry: client.Registry;
  request(route: string, method: string, status: number, seconds: number): void;
  stored(): void;
  refused(reason: Refusal): void;
  retry(code: string | undefined): void;
  connectionLost(): void;
  connectWait(ms: number): void;
  unavailable(reason: string): void;
  maskProgress(progress: MaskProgress): void;
  /** Where the pools' and drafts' numbers come from, read at each scrape. */
  watch(sources: {
    pools?: () => PoolStats[];
    openDrafts?: () => Promise<number>;
    ready?: () => boolean;
  }): void;
}

/** A fresh registry with the service's metrics and Node's own (event-loop delay, memory, CPU). */
export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new client.Counter({ name, help, labelNames, registers });
  const histogram = <L extends string>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: L[] = [],
  ) => new client.Histogram({ name, help, labelNames, buckets, registers });
  /** A gauge; `collect`, when given, sets it afresh at each scrape. */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect?: (this: client.Gauge<L>) => void | Promise<void>,
  ) => new client.Gauge({ name, help, labelNames, registers, collect });

  const requests = counter(
    'http_requests_total',
    'Requests answered, by route pattern, method and status code',
    ['route', 'method', 'status'],
  );
  const latency = histogram(
    'http_request_duration_seconds',
    'Time from the request arriving to its answer being sent, by route pattern and method',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ['route', 'method'],
  );
  const stored = counter(
    'feedback_submissions_stored_total',
    'Submissions acknowledged as stored (API and pages without JavaScript)',
  );
  const refused = counter(
    'feedback_submissions_refused_total',
    'Submissions not stored, by reason: invalid, rate_limit, cap, database',
    ['reason'],
  );
  for (const reason of ['invalid', 'rate_limit', 'cap', 'database']) refused.inc({ reason }, 0);
  const retries = counter(
    'database_retries_total',
    'Statements and transactions tried again after a transient failure, by error code',
    ['code'],
  );
  const lost = counter(
    'database_connections_lost_total',
    'Pooled connections that broke (a restart, a failover, a terminated backend)',
  );
  const waits = histogram(
    'database_connection_wait_seconds',
    'Time a unit of work waited for a pooled connection',
    [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2, 5],
  );
  const unavailable = counter(
    'database_unavailable_total',
    'Requests answered 503 because the database did not answer within DB_WAIT_MS (timeout), was starting, or stayed out of reach',
    ['reason'],
  );
  const mask = gauge(
    'feedback_mask_pass_rows',
    'The masking pass under way on this instance: rows looked at (done) of those stored (total)',
    ['pass', 'state'],
  );
  let sources: Parameters<Metrics['watch']>[0] = {};
  gauge(
    'database_pool_connections',
    'Pooled database connections, by pool and state (in_use, idle)',
    ['pool', 'state'],
    function () {
      this.reset();
      for (const p of sources.pools?.() ?? []) {
        this.set({ pool: p.pool, state: 'in_use' }, p.total - p.idle);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
      }
    },
  );
  gauge(
    'database_pool_waiting',
    'Requests waiting for a pooled connection, by pool',
    ['pool'],
    function () {
      this.reset();
      for (const p of sources.pools?.() ?? []) this.set({ pool: p.pool }, p.waiting);
    },
  );
  gauge(
    'feedback_drafts_open',
    'Drafts of respondents without JavaScript under way (not sent, not yet purged)',
    [],
    async function () {
      // A scrape never waits long on a database that does not answer: the gauge is then left out.
      const open = await Promise.race([
        sources.openDrafts?.().catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(resolve, 1000)),
      ]);
      this.reset();
      if (open !== undefined) this.set(open);
    },
  );
  gauge(
    'feedback_ready',
    '1 once the database is reached and migrated (what /readyz also needs), else 0',
    [],
    function () {
      this.set(sources.ready?.() ? 1 : 0);
    },
  );
  return {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    stored: () => stored.inc(),
    refused: (reason) => refused.inc({ reason }),
    retry: (code) => retries.inc({ code: code ?? 'none' }),
    connectionLost: () => lost.inc(),
    connectWait: (ms) => waits.observe(ms / 1000),
    unavailable: (reason) => unavailable.inc({ reason }),
    maskProgress(progress) {
      const pass = String(progress.pass);
      mask.set({ pass, state: 'done' }, progress.done);
      mask.set({ pass, state: 'total' }, progress.total);
    },
    watch(given) {
      sources = { ...sources, ...given };
    },
  };
}

/** A plain HTTP listener answering GET /metrics (and nothing else) from `metrics`. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        response
          .writeHead(200, {
            'content-type': metrics.registry.contentType,
            'cache-control': 'no-store',
          })
          .end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
