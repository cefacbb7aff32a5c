// Liveness (/healthz, no database) and readiness (/readyz, a trivial query with a short timeout),
// and the team secret several instances must share.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTeamSecret, configFromEnv } from '../../server/config';
import { startServer } from '../../server/main';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { testServer } from './fixtures';
import { ownSchema } from './postgres-schema';

const databaseUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverOn(store: StoreWithTeam) {
  const { app } = await testServer({ store, readyTimeoutMs: 300 });
  cleanups.push(() => app.close());
  return app;
}

describe('readiness', () => {
  it('is ready when the database answers', async () => {
    const store = openSqliteStore(':memory:');
    cleanups.push(() => store.close());
    const app = await serverOn(store);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 at its timeout when the database never answers, while liveness stays 200', async () => {
    const real = openSqliteStore(':memory:');
    cleanups.push(() => real.close());
    const app = await serverOn({ ...real, ping: () => new Promise<void>(() => {}) });
    // The ping never settles, so a 503 can only come from the readiness timeout.
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('answers 503 when the database refuses', async () => {
    const real = openSqliteStore(':memory:');
    cleanups.push(() => real.close());
    const app = await serverOn({ ...real, ping: async () => Promise.reject(new Error('gone')) });
    expect((await app.inject('/readyz')).statusCode).toBe(503);
  });
});

/** A TCP relay to PostgreSQL that can stop passing bytes (a stalled network) and start again. */
async function stallableRelay(target: URL) {
  let stalled = false;
  const held: (() => void)[] = [];
  const sockets: Socket[] = [];
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (stalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!databaseUrl)('readiness on PostgreSQL', () => {
  it('answers 503 through a database stall and 200 again after it', async () => {
    const relay = await stallableRelay(new URL(await ownSchema(databaseUrl!, 'test_ready')));
    cleanups.push(relay.close);
    const store = await openPostgresStore(relay.url);
    cleanups.push(() => store.close());
    const app = await serverOn(store);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    relay.stall();
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    relay.resume();
    await expect.poll(async () => (await app.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('TEAM_SECRET', () => {
  it('is required with DATABASE_URL: the server refuses to start, saying why, before connecting', async () => {
    const config = configFromEnv({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PORT: '0',
    });
    await expect(startServer({ config })).rejects.toThrow(
      /TEAM_SECRET must be set when DATABASE_URL is set/,
    );
  });

  it('may be left out on SQLite, with a warning that it works for one instance only', () => {
    expect(checkTeamSecret({ databaseUrl: undefined, teamSecret: undefined })).toMatch(
      /one instance/,
    );
    expect(checkTeamSecret({ databaseUrl: 'postgres://x/y', teamSecret: 's' })).toBeNull();
    expect(checkTeamSecret({ databaseUrl: undefined, teamSecret: 's' })).toBeNull();
  });
});
