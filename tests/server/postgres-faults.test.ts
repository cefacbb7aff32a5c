// PostgreSQL faults the service must live through: its connections terminated by the server, a
// database restart, and a database that is not there (or never answers) when it starts. The
// process stays up, and every acknowledged submission is stored, once.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPostgresStore,
  type DatabaseTrouble,
  type StartEvent,
} from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import { freePort } from '../../scripts/bench-durability';
import { API_KEY, testServer, validBody } from './fixtures';
import { ownSchema } from './postgres-schema';

const run = promisify(execFile);

const record = (n: number) => ({
  surveyId: 'faults',
  definitionHash: 'h',
  receivedAt: new Date(),
  answers: { howToImprove: `answer ${n}`, serviceName: 's' },
});

/** Saves `count` records, six at a time, while `disturb` runs. */
async function saveWhile(store: StoreWithTeam, count: number, disturb: () => Promise<void>) {
  const acknowledged: string[] = [];
  const refused: { statusCode?: number }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await store.save(record(next)).then(
        ({ id }) => acknowledged.push(id),
        (error) => refused.push(error),
      );
    }
  };
  await Promise.all([...Array.from({ length: 6 }, worker), disturb()]);
  return { acknowledged, refused };
}

/** Every acknowledged id is stored, and no row more than the saves attempted. */
async function expectStored(url: string, acknowledged: string[], attempted: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    "SELECT id FROM feedback WHERE survey_id = 'faults'",
  );
  await client.end();
  const stored = new Set(rows.map((r) => r.id));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  expect(rows.length).toBeLessThanOrEqual(attempted);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('PostgreSQL connections terminated by the server', () => {
  let url: string;
  let admin: pg.Client;
  beforeAll(async () => {
    const own = new URL(await ownSchema(databaseUrl!, 'test_faults'));
    own.searchParams.set('application_name', 'faults-under-test');
    url = own.toString();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(() => admin?.end());

  const terminate = () =>
    admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'faults-under-test'",
    );

  it('lives through its idle and busy connections being terminated, losing nothing acknowledged', async () => {
    const troubles: DatabaseTrouble[] = [];
    const store = await openPostgresStore(url, { onTrouble: (t) => troubles.push(t) });
    await Promise.all([1, 2, 3, 4].map((n) => store.save(record(n)))); // leaves idle connections
    await terminate(); // each idle connection emits 'error'
    await wait(100);
    const { acknowledged, refused } = await saveWhile(store, 300, async () => {
      for (let i = 0; i < 10; i++) {
        await wait(50);
        await terminate(); // busy ones, mid-statement or mid-commit
      }
    });
    expect(refused).toEqual([]);
    expect(acknowledged).toHaveLength(300);
    await expectStored(url, acknowledged, 304);
    expect(await store.team.getFeedback(acknowledged[0]!)).toBeDefined();
    // What broke is reported for the log, by code only (57P01: admin shutdown), never a message.
    expect(troubles.some((t) => t.event === 'connection lost')).toBe(true);
    expect(troubles).toContainEqual({ event: 'retrying', code: '57P01', attempt: 1 });
    expect(
      troubles.every((t) => Object.keys(t).every((k) => ['event', 'code', 'attempt'].includes(k))),
    ).toBe(true);
    await store.close();
  }, 30_000);
});

/** The PostgreSQL server programs (initdb, pg_ctl): PG_BIN, else Debian's newest. */
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'pg_ctl')));
}
const bin = postgresBin();
// PostgreSQL will not run as root: as root, the cluster is run as the `postgres` user.
const asRoot = process.getuid?.() === 0;
const canRun = bin && (!asRoot || spawnSync('id', ['-u', 'postgres']).status === 0);

describe.skipIf(!canRun)(
  'PostgreSQL restarted under the service (its own throwaway cluster)',
  () => {
    let dir: string;
    let url: string;
    let port: number;
    /** pg_ctl on the cluster; a start writes the server's output to its log, not to our pipe. */
    const pgCtl = (action: 'start' | 'restart' | 'stop', ...args: string[]) => {
      const server = [
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-l',
        join(dir, 'log'),
      ];
      const command = [
        join(bin!, 'pg_ctl'),
        '-D',
        join(dir, 'data'),
        '-w',
        ...(action === 'stop' ? [] : server),
        ...args,
        action,
      ];
      return asRoot
        ? run('runuser', ['-u', 'postgres', '--', ...command])
        : run(command[0]!, command.slice(1));
    };
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'feedback-pg-restart-'));
      if (asRoot) {
        const { stdout } = await run('id', ['-u', 'postgres']);
        chownSync(dir, Number(stdout.trim()), 0);
      }
      const initdb = [
        join(bin!, 'initdb'),
        '-D',
        join(dir, 'data'),
        '-A',
        'trust',
        '-U',
        'postgres',
      ];
      await (asRoot
        ? run('runuser', ['-u', 'postgres', '--', ...initdb])
        : run(initdb[0]!, initdb.slice(1)));
      // TEST_PG_PORT picks the port (on a shared machine, one's own); otherwise any free one.
      port = Number(process.env.TEST_PG_PORT) || (await freePort());
      await pgCtl('start');
      url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    }, 60_000);
    afterAll(async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    });

    it('lives through a restart of the database, losing nothing acknowledged', async () => {
      const store = await openPostgresStore(url);
      const { acknowledged, refused } = await saveWhile(store, 400, async () => {
        await wait(200);
        await pgCtl('restart', '-m', 'fast');
      });
      // A save whose tries all fell in the outage is refused with a 503, never acknowledged.
      expect(refused.filter((error) => error.statusCode !== 503)).toEqual([]);
      // How many saves fall in the outage is a speed of this machine, not asserted here:
      // `npm run bench:cluster` restarts the database under load and counts them.
      await expectStored(url, acknowledged, 400);
      expect(await store.save(record(0))).toHaveProperty('id');
      await store.close();
    }, 40_000);

    it('answers 503 to a submission while the database is down', async () => {
      const store = await openPostgresStore(url);
      const { app } = await testServer({ store });
      await app.ready(); // its start-up work done while the database was there
      await pgCtl('stop', '-m', 'fast');
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          payload: JSON.stringify(validBody()),
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ error: 'Service Unavailable' });
      } finally {
        await pgCtl('start');
        await app.close();
        await store.close();
      }
    }, 30_000);
  },
);

describe('PostgreSQL not there when the service starts', () => {
  it('a refused connection is tried again, each try reported, then the start stops naming DATABASE_URL without the password', async () => {
    const port = await freePort();
    const events: StartEvent[] = [];
    const opening = openPostgresStore(
      `postgres://feedback:hunter2secret@127.0.0.1:${port}/feedback`,
      { startWaitMs: 2_000, onStart: (event) => events.push(event) },
    );
    await expect(opening).rejects.toThrow(/DATABASE_URL/);
    await expect(opening).rejects.toThrow(`127.0.0.1:${port}/feedback`);
    await expect(opening).rejects.not.toThrow(/hunter2secret/);
    // 0.5 s, then 1 s: the third wait would pass DB_START_WAIT_MS.
    expect(events).toEqual([
      { event: 'waiting for the database', attempt: 1, code: 'ECONNREFUSED', retryInMs: 500 },
      { event: 'waiting for the database', attempt: 2, code: 'ECONNREFUSED', retryInMs: 1000 },
    ]);
  });

  it('a database that accepts the connection but never answers stops the start once the start wait has passed', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const opening = openPostgresStore(
        `postgres://feedback:hunter2secret@127.0.0.1:${port}/feedback`,
        { connectTimeoutMs: 1_000, startWaitMs: 1_000 },
      );
      await expect(opening).rejects.toThrow(/DATABASE_URL/);
      await expect(opening).rejects.not.toThrow(/hunter2secret/);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
    }
  }, 15_000);
});
