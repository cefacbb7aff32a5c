// A signed-in team member for server tests: their session is added to the store directly.
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { csrfToken, sha256 } from '../../server/team/session';

export async function signedIn(
  app: FastifyInstance,
  store: StoreWithTeam,
  role: Role,
  now: Date,
  email = `${role}@example.gov.uk`,
) {
  const member = await store.team.addMember(email, role, now);
  const id = `session-${member.id}`;
  await store.team.addSession({
    idHash: sha256(id),
    memberId: member.id,
    created: now,
    lastSeen: now,
  });
  const cookie = `team_session=${id}`;
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
