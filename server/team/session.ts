// The team area's one cookie: a random session id, kept in the store only as its sha-256,
// so a copy of the database cannot be used to sign in. 30 minutes idle, 12 hours in all.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Member, MemberStore, Role, Session, SessionStore } from '../storage/team-types';

/** What sessions need of the store. */
type Sessions = SessionStore & Pick<MemberStore, 'getMember'>;

export const COOKIE = 'team_session';
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const RANKS: Record<Role, number> = { viewer: 0, analyst: 1, admin: 2 };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The value of one cookie from the request's Cookie header. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Cookies waiting to be sent. The server's security hook drops every Set-Cookie (respondent
 * pages never set one); the team's own onSend hook, which runs after it, adds these back.
 */
export const pendingCookies = new WeakMap<FastifyReply, string>();

function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge: number,
  sameSite: 'Strict' | 'Lax' = 'Strict',
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  pendingCookies.set(
    reply,
    `${COOKIE}=${value}; Path=/team; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAge}${secure}`,
  );
}

/**
 * While a single sign-on is under way the same cookie carries the key of its pending row
 * instead of a session. It is Lax, not Strict: the provider sends the browser back with a
 * cross-site navigation, on which a Strict cookie is not sent, and without it the callback
 * could not tell which browser started the sign-in. Lax is enough for that top-level GET; the
 * value grants nothing by itself (it is no session), and the session that replaces it is Strict.
 */
export function setSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge: number,
) {
  setCookie(request, reply, value, maxAge, 'Lax');
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply) {
  setCookie(request, reply, '', 0);
}

/** The CSRF token of a session: derived from its secret id, so it is tied to it and needs no storage. */
export const csrfToken = (sessionId: string) => sha256(`csrf:${sessionId}`);

export function csrfMatches(sessionId: string, token: unknown): boolean {
  const expected = Buffer.from(csrfToken(sessionId));
  const given = Buffer.from(typeof token === 'string' ? token : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface Signedin {
  member: Member;
  sessionId: string;
  csrf: string;
}

export async function startSession(
  store: Sessions,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: string,
  now: Date,
  sso = false,
): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  await store.addSession({ idHash: sha256(id), memberId, created: now, lastSeen: now, sso });
  setCookie(request, reply, id, ABSOLUTE_MS / 1000);
}

/** The signed-in member, or undefined (and the session removed) when it has expired or was revoked. */
export async function currentSession(
  store: Sessions,
  request: FastifyRequest,
  now: Date,
): Promise<Signedin | undefined> {
  const id = cookieValue(request, COOKIE);
  if (!id) return undefined;
  const session = await store.session(sha256(id));
  if (!session) return undefined;
  const expired =
    now.getTime() - session.lastSeen.getTime() > IDLE_MS ||
    now.getTime() - session.created.getTime() > ABSOLUTE_MS;
  const member = expired ? undefined : await store.getMember(session.memberId);
  if (!member) {
    await store.removeSession(session.idHash);
    return undefined;
  }
  await store.touchSession(session.idHash, now);
  return { member, sessionId: id, csrf: csrfToken(id) };
}

/** Ends the request's session; resolves to it as it was, so the caller knows how it began. */
export async function endSession(
  store: Sessions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | undefined> {
  const id = cookieValue(request, COOKIE);
  const session = id ? await store.session(sha256(id)) : undefined;
  if (session) await store.removeSession(session.idHash);
  clearCookie(request, reply);
  return session;
}

export const hasRole = (member: Member, role: Role) => RANKS[member.role] >= RANKS[role];

/**
 * Where to go after signing in: a team page's path and query, as the sign-in page was given it
 * (`?next=`); anything else (another site, a sign-in or enrolment page) is refused, so the
 * parameter cannot send a member away from the service.
 */
export function nextAfterSignIn(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\s]/.test(value)) return undefined;
  const base = 'http://team.invalid';
  const url = new URL(value, base);
  if (url.origin !== base || !/^\/team(\/|$)/.test(url.pathname)) return undefined;
  if (/^\/team\/(sign-in|sign-out|enrol|sso)(\/|$)/.test(url.pathname)) return undefined;
  // The language is the sign-in page's own, added back after.
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}`;
}
