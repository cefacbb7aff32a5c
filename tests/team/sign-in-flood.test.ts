// The audit log cannot be flooded (issue 32 item 5): anyone could send junk to
// POST /team/sign-in/verify and each one wrote a "failed to sign in" entry, kept 12 months, so 60
// of them pushed real entries off the page. Failed sign-ins are now limited per client and
// counted in one entry per member (or unknown passkey) and hour.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { clientKey, FAILURES_PER_MINUTE } from '../../server/team/sign-in-failures';
import { ownSchema } from '../server/postgres-schema';
import { teamServerOptions } from '../server/fixtures';
import { signedIn } from './helpers';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;
afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

async function floods(open: () => Promise<StoreWithTeam>) {
  let now = new Date('2026-03-10T09:00:10Z');
  store = await open();
  app = await buildServer(teamServerOptions(store, () => now));
  const admin = await signedIn(app, store, 'admin', now);
  await admin.post('/team/tags', { name: 'Real work' });
  const junk = (ip: string, id = 'no-such-passkey') =>
    app!.inject({
      method: 'POST',
      url: '/team/sign-in/verify',
      remoteAddress: ip,
      payload: { response: { id, type: 'public-key', response: {} } },
    });

  // One client: refused after its failures for the minute, told when to come back.
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await junk('203.0.113.7')).statusCode);
  expect(statuses.filter((s) => s === 403)).toHaveLength(FAILURES_PER_MINUTE);
  expect(statuses.slice(FAILURES_PER_MINUTE).every((s) => s === 429)).toBe(true);
  expect((await junk('203.0.113.7')).headers['retry-after']).toBe('50');
  // Another client is not held up by it; an IPv6 /64 is one client.
  expect((await junk('198.51.100.1')).statusCode).toBe(403);
  expect((await junk('2001:db8:1:2::a')).statusCode).toBe(403);
  expect((await junk('2001:db8:1:2:ffff::b')).statusCode).toBe(403);
  // A passkey that exists but fails: counted against its member, apart from the unknown ones.
  await store.team.addCredential({
    id: 'real-passkey',
    memberId: admin.member.id,
    publicKey: 'AAAA',
    counter: 0,
    transports: [],
  });
  expect((await junk('198.51.100.1', 'real-passkey')).statusCode).toBe(403);

  // The next minute the first client may try again; it is still the same hour's entry.
  now = new Date('2026-03-10T09:01:10Z');
  expect((await junk('203.0.113.7')).statusCode).toBe(403);

  const log = await store.team.auditLog({ limit: 100, offset: 0 });
  const failed = log.filter((e) => e.action === 'sign-in-failed');
  expect(failed.map((e) => [e.memberId, e.times ?? 1]).sort()).toEqual(
    [
      [admin.member.id, 1],
      [null, FAILURES_PER_MINUTE + 4],
    ].sort(),
  );
  // What the admin did is still there, on the first page.
  expect(log.map((e) => e.action)).toContain('tag-create');
  const page = await admin.get('/team/audit');
  expect(page.body).toContain(
    `Failed to sign in with a passkey (${FAILURES_PER_MINUTE + 4} times)`,
  );

  // An hour later a new entry is begun.
  now = new Date('2026-03-10T10:00:10Z');
  await junk('203.0.113.7');
  const later = (await store.team.auditLog({ limit: 100, offset: 0 })).filter(
    (e) => e.action === 'sign-in-failed',
  );
  expect(later).toHaveLength(3);
}

describe('failed sign-ins', () => {
  it('are limited per client and counted, on SQLite', async () => {
    await floods(async () => openSqliteStore(':memory:'));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'are limited per client and counted, on PostgreSQL',
    async () => {
      await floods(async () =>
        openPostgresStore(await ownSchema(process.env.TEST_DATABASE_URL!, 'sign_in_flood')),
      );
    },
  );

  it('group an IPv6 /64 as one client and an IPv4-mapped address as IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::a')).toBe(clientKey('2001:0db8:0001:0002:ffff:0:0:b'));
    expect(clientKey('2001:db8:1:3::a')).not.toBe(clientKey('2001:db8:1:2::a'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
