// `npm run bench:cluster`: several instances on one PostgreSQL, on this machine. Starts a
// throwaway PostgreSQL (initdb and pg_ctl; as the `postgres` user through runuser when run as
// root), two instances of the built server (`node dist-node/main.js`) and a small round-robin
// proxy of ours, then runs a bounded load of API submissions for one survey through the proxy:
// with one instance, with two, with two while one is killed (kill -9, then started again) and
// PostgreSQL is restarted, with two while PostgreSQL is frozen (SIGSTOP, then SIGCONT), and,
// where PgBouncer is installed, with two instances through PgBouncer in transaction mode while
// PostgreSQL is restarted behind it. Prints acknowledged against stored (the ids compared one by
// one), answers by kind, latency and submissions per second. 127.0.0.1 only; cleans up by itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import pg from 'pg';
import { loadDefinitions } from '../server/app';
import { benchSubmission, BENCH_KEY, freePort } from './bench-durability';
import { clusterMissing, pgbouncerBin, startCluster, startPgBouncer } from './pg-cluster';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
// Ports: free ones by default; BENCH_PORT (the proxy, then the two instances) and BENCH_PG_PORT
// fix them on a shared machine.
const fixedPort = Number(process.env.BENCH_PORT || 0);
const httpPorts = async () =>
  fixedPort
    ? [fixedPort, fixedPort + 1, fixedPort + 2]
    : [await freePort(), await freePort(), await freePort()];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const FREEZE_SECONDS = Number(process.env.BENCH_FREEZE_SECONDS || 10);
// BENCH_QUICK=1: the one- and two-instance phases only (to compare builds).
const QUICK = process.env.BENCH_QUICK === '1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startPostgres() {
  const port = Number(process.env.BENCH_PG_PORT || 0) || undefined;
  const cluster = await startCluster({ port, settings: ['-c fsync=on'] });
  return {
    cluster,
    url: cluster.url,
    restart: () => cluster.restart('fast'),
    stop: () => cluster.remove(),
  };
}

/** One instance of the built server, started again by us (as a supervisor would) whenever it ends. */
function instance(
  port: number,
  databaseUrl: string,
  teamSecret: string,
  onExit: (why: string) => void,
) {
  let child: ChildProcess | undefined;
  let stopped = false;
  const start = () => {
    child = spawn(process.execPath, ['dist-node/main.js'], {
      // BENCH_DIST: another build's folder (an earlier release's, to compare on the same machine).
      cwd: process.env.BENCH_DIST || '.',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        TEAM_SECRET: teamSecret,
        API_KEYS: BENCH_KEY,
        RATE_LIMIT_MAX: '0',
        SUBMISSIONS_PER_MINUTE_MAX: '0',
        LOG_LEVEL: 'error',
        // Through PgBouncer the pool sizes are its business; each instance keeps its default.
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const started = child;
    let lastError = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      lastError =
        String(chunk)
          .split('\n')
          .find((line) => /Error|error/.test(line)) ?? lastError;
    });
    started.on('exit', (code, signal) => {
      if (stopped || child !== started) return;
      onExit(
        signal === 'SIGKILL'
          ? 'killed'
          : `exit ${code ?? signal}: ${lastError.trim().slice(0, 80)}`,
      );
      start();
    });
  };
  start();
  return {
    port,
    kill: () => child?.kill('SIGKILL'),
    /** SIGTERM, resolved once it has ended (its port is free again). */
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function ready(port: number, path = '/readyz'): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`instance on port ${port} did not become ready`);
}

/**
 * A round-robin HTTP proxy over `upstreams` (ports). A request an instance refused to connect is
 * passed to the next one (it never reached a server, so it cannot be stored twice); any other
 * failure is the client's 502.
 */
function roundRobin(upstreams: () => number[]): Server {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ports = upstreams();
      const attempt = (tries: number) => {
        const port = ports[next++ % ports.length]!;
        const upstream = request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent,
          },
          (answer: IncomingMessage) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          if (error.code === 'ECONNREFUSED' && tries < ports.length) return attempt(tries + 1);
          res.writeHead(502).end();
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
}

interface Phase {
  acknowledged: string[];
  errors: Map<string, number>;
  seconds: number;
  /** Milliseconds each answer took, sorted. */
  latencies: number[];
}

/** CONNECTIONS clients posting one after another through the proxy for `seconds`. */
async function load(
  proxyPort: number,
  body: string,
  seconds: number,
  during?: (elapsed: () => number) => Promise<void>,
): Promise<Phase> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const acknowledged: string[] = [];
  const errors = new Map<string, number>();
  const count = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const latencies: number[] = [];
  const one = () =>
    new Promise<void>((done) => {
      const sent = performance.now();
      const resolve = () => {
        latencies.push(performance.now() - sent);
        done();
      };
      const req = request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          method: 'POST',
          path: '/api/feedback',
          agent,
          timeout: 15_000,
          headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('end', () => {
            if (res.statusCode === 201)
              acknowledged.push((JSON.parse(Buffer.concat(parts).toString()) as { id: string }).id);
            else count(`HTTP ${res.statusCode}`);
            resolve();
          });
          res.on('error', () => {
            count('response cut off');
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        count(error.code ?? error.message);
        resolve();
      });
      req.end(body);
    });
  const clients = Array.from({ length: CONNECTIONS }, async () => {
    while (elapsed() < seconds) await one();
  });
  await Promise.all([...clients, during?.(elapsed)]);
  agent.destroy();
  return { acknowledged, errors, seconds: elapsed(), latencies: latencies.sort((a, b) => a - b) };
}

const rate = (phase: Phase) => (phase.acknowledged.length / phase.seconds).toFixed(0);
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const timings = (phase: Phase) =>
  `latency p50 ${at(phase.latencies, 0.5).toFixed(0)} ms, p99 ${at(phase.latencies, 0.99).toFixed(0)} ms, worst ${(phase.latencies.at(-1) ?? 0).toFixed(0)} ms`;
const report = (name: string, phase: Phase) =>
  console.log(
    `${name.padEnd(15)}${rate(phase)} submissions/s (${phase.acknowledged.length}), other answers: ${kinds(phase.errors)}; ${timings(phase)}`,
  );
const kinds = (errors: Map<string, number>) =>
  errors.size ? [...errors].map(([kind, n]) => `${kind}: ${n}`).join(', ') : 'none';

/** Acknowledged against stored, id by id; exit code 1 when an acknowledged one is missing. */
async function acknowledgedAgainstStored(url: string, phases: Phase[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const stored = new Set(
    (await client.query<{ id: string }>('SELECT id FROM feedback')).rows.map((row) => row.id),
  );
  await client.end();
  const acknowledged = phases.flatMap((phase) => phase.acknowledged);
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  const unacknowledged = stored.size - (acknowledged.length - lost);
  console.log(
    `acknowledged ${acknowledged.length}, stored ${stored.size}: ${lost} acknowledged but not stored, ${unacknowledged} stored without an acknowledgement`,
  );
  if (lost > 0) process.exitCode = 1;
}

async function main() {
  const missing = clusterMissing();
  if (missing) throw new Error(missing);
  if (!process.env.BENCH_DIST) {
    console.log('Building what is out of date...');
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-stale.ts'], {
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const { survey, body } = benchSubmission(await loadDefinitions());
  const payload = JSON.stringify(body);

  const postgres = await startPostgres();
  const cleanup: (() => unknown)[] = [postgres.stop];
  try {
    const exits: string[] = [];
    const secret = randomBytes(32).toString('base64url');
    const [proxyPort, a, b] = await httpPorts();
    const first = instance(a!, postgres.url, secret, (why) => exits.push(`A ${why}`));
    cleanup.unshift(first.stop);
    await ready(a!); // migrations run once, before the second instance starts
    const second = instance(b!, postgres.url, secret, (why) => exits.push(`B ${why}`));
    cleanup.unshift(second.stop);
    await ready(b!);

    let upstreams = [a!];
    const proxy = roundRobin(() => upstreams);
    await new Promise<void>((resolve) => proxy.listen(proxyPort!, '127.0.0.1', resolve));
    cleanup.unshift(() => proxy.close());

    console.log(
      `Survey ${survey.id}; ${CONNECTIONS} clients; ${SECONDS} s a phase; PostgreSQL from ${postgres.cluster.bin}`,
    );
    const phases: Phase[] = [];
    const one = await load(proxyPort!, payload, SECONDS);
    report('one instance:', one);
    upstreams = [a!, b!];
    const two = await load(proxyPort!, payload, SECONDS);
    report('two instances:', two);
    phases.push(one, two);
    if (QUICK) {
      await acknowledgedAgainstStored(postgres.url, phases);
      return;
    }

    // Faults: at 20 % of the phase instance B is killed (and started again at once, as a
    // supervisor would); at 50 % PostgreSQL restarts (fast shutdown: connections are ended).
    const faultSeconds = Math.max(SECONDS * 2, 20);
    const faults: string[] = [];
    const faulty = await load(proxyPort!, payload, faultSeconds, async (elapsed) => {
      while (elapsed() < faultSeconds * 0.2) await sleep(100);
      second.kill();
      faults.push(`kill -9 of instance B at ${elapsed().toFixed(1)} s`);
      while (elapsed() < faultSeconds * 0.5) await sleep(100);
      const before = elapsed();
      await postgres.restart();
      faults.push(
        `PostgreSQL restarted at ${before.toFixed(1)} s (took ${(elapsed() - before).toFixed(1)} s)`,
      );
    });
    report('with faults:', faulty);
    console.log(`  ${faults.join('; ')}`);
    phases.push(faulty);
    await Promise.all([ready(a!), ready(b!)]);

    // The database frozen (SIGSTOP: connections stay open, nothing answers) for
    // BENCH_FREEZE_SECONDS from 20 % of the phase: every request is answered within DB_WAIT_MS.
    const frozenSeconds = Math.max(SECONDS * 2, FREEZE_SECONDS + 10);
    const freeze: string[] = [];
    const frozen = await load(proxyPort!, payload, frozenSeconds, async (elapsed) => {
      while (elapsed() < frozenSeconds * 0.2) await sleep(100);
      await postgres.cluster.freeze();
      freeze.push(`PostgreSQL frozen at ${elapsed().toFixed(1)} s`);
      await sleep(FREEZE_SECONDS * 1000);
      await postgres.cluster.thaw();
      freeze.push(`thawed at ${elapsed().toFixed(1)} s`);
    });
    report('frozen:', frozen);
    console.log(`  ${freeze.join(', ')}`);
    phases.push(frozen);

    // Through PgBouncer (transaction mode) in front of the same database, with a restart of
    // PostgreSQL behind it, where PgBouncer is installed.
    if (pgbouncerBin()) {
      const bouncer = await startPgBouncer(postgres.cluster, {
        poolSize: Number(process.env.BENCH_BOUNCER_POOL || 20),
      });
      cleanup.unshift(() => bouncer.stop());
      await Promise.all([first.stop(), second.stop()]);
      const third = instance(a!, bouncer.url, secret, (why) => exits.push(`C ${why}`));
      const fourth = instance(b!, bouncer.url, secret, (why) => exits.push(`D ${why}`));
      cleanup.unshift(third.stop, fourth.stop);
      await Promise.all([ready(a!), ready(b!)]);
      const bounced: string[] = [];
      const through = await load(proxyPort!, payload, faultSeconds, async (elapsed) => {
        while (elapsed() < faultSeconds * 0.5) await sleep(100);
        const before = elapsed();
        await postgres.restart();
        bounced.push(
          `PostgreSQL restarted behind PgBouncer at ${before.toFixed(1)} s (took ${(elapsed() - before).toFixed(1)} s)`,
        );
      });
      report('via PgBouncer:', through);
      console.log(`  ${bounced.join('; ')}`);
      phases.push(through);
      await Promise.all([ready(a!), ready(b!)]).catch(() => undefined);
    } else console.log('via PgBouncer: skipped (PgBouncer is not installed)');
    console.log(
      `  instances that ended and were started again: ${exits.length ? exits.join('; ') : 'none'}`,
    );

    await acknowledgedAgainstStored(postgres.url, phases);
  } finally {
    for (const step of cleanup) {
      try {
        await step();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    }
  }
}

await main();
