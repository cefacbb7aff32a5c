// A team server and a signed-in team member for server tests: the session is added to the store directly.
import { afterEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { csrfToken, sha256 } from '../../server/team/session';
import { teamServerOptions } from '../server/fixtures';

/**
 * A team server on an in-memory SQLite store with the clock at `now`; call at module level so
 * that the server and store a test started are closed after it. `extra` overrides options.
 */
export function teamServer(now: Date, extra: Partial<ServerOptions> = {}) {
  let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
  afterEach(async () => {
    await open.app?.close();
    await open.store?.close();
    open = {};
  });
  return {
    async start() {
      const store = openSqliteStore(':memory:');
      open.store = store;
      const app = await buildServer({ ...teamServerOptions(store, () => now), ...extra });
      open.app = app;
      return { app, store };
    },
  };
}

/** Stores session `id` for a member, as a sign-in would; returns the cookie that carries it. */
export async function addSession(store: StoreWithTeam, memberId: string, id: string, now: Date) {
  await store.team.addSession({ idHash: sha256(id), memberId, created: now, lastSeen: now });
  return `team_session=${id}`;
}

export async function signedIn(
  app: FastifyInstance,
  store: StoreWithTeam,
  role: Role,
  now: Date,
  email = `${role}@example.gov.uk`,
) {
  const member = await store.team.addMember(email, role, now);
  const id = `session-${member.id}`;
  const cookie = await addSession(store, member.id, id, now);
  return {
    member,
    csrf: csrfToken(id),
    get: async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url, headers: { ...headers, cookie } });
      // The session's CSRF token is the only part of a page that may differ between two views.
      return { status: response.statusCode, body: response.body.replaceAll(csrfToken(id), 'CSRF') };
    },
    post: (url: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf: csrfToken(id), ...form }).toString(),
      }),
  };
}
