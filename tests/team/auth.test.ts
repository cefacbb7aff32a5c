import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { invite } from '../../server/team/invite';
import { csrfToken, sha256 } from '../../server/team/session';
import { fakeDist, fixtureSurveys, teamServerOptions } from '../server/fixtures';
import { buildServer } from '../../server/app';

let app: FastifyInstance;
let store: StoreWithTeam;
let now = new Date('2026-03-10T09:00:00Z');
const minutes = (n: number) => {
  now = new Date(now.getTime() + n * 60 * 1000);
};

afterEach(async () => {
  await app?.close();
  await store?.close();
});

async function setup() {
  now = new Date('2026-03-10T09:00:00Z');
  store = openSqliteStore(':memory:');
  app = await buildServer({
    ...teamServerOptions(store, () => now),
  });
}

/** A session made the way sign-in makes one; returns its cookie value. */
async function signIn(role: 'viewer' | 'analyst' | 'admin', id = `session-${role}`) {
  const member =
    (await store.team.memberByEmail(`${role}@example.gov.uk`)) ??
    (await store.team.addMember(`${role}@example.gov.uk`, role, now));
  await store.team.addSession({
    idHash: sha256(id),
    memberId: member.id,
    created: now,
    lastSeen: now,
  });
  return { id, member };
}

const get = (url: string, session?: string) =>
  app.inject({ method: 'GET', url, headers: session ? { cookie: `team_session=${session}` } : {} });
const post = (url: string, form: Record<string, string>, session?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { cookie: `team_session=${session}` } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });

describe('the team area', () => {
  it('sends every team page to sign-in without a session, in the chosen language', async () => {
    await setup();
    for (const url of ['/team', '/team?lang=cy']) {
      const response = await get(url);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(
        url.endsWith('cy') ? '/team/sign-in?lang=cy' : '/team/sign-in',
      );
    }
    expect((await get('/team', 'not-a-session')).statusCode).toBe(303);
    expect((await post('/team/sign-out', {})).statusCode).toBe(303);
  });

  it('shows the sign-in page in English and Welsh with the passkey script from its own origin', async () => {
    await setup();
    const en = await get('/team/sign-in');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('<script type="module" src="/team/assets/passkey.js">');
    expect(en.body).not.toMatch(/<script>/);
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.headers['set-cookie']).toBeUndefined();
    const cy = await get('/team/sign-in?lang=cy');
    expect(cy.body).toContain('<html lang="cy"');
    expect(cy.body).toContain('Mewngofnodi');
    const script = await get('/team/assets/passkey.js');
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('navigator.credentials');
  });

  it('lets a signed-in member see the overview, and keeps the session alive while used', async () => {
    await setup();
    const { id } = await signIn('viewer');
    const response = await get('/team', id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Overview');
    expect(response.body).toContain('Fixture survey');
    minutes(25);
    expect((await get('/team', id)).statusCode).toBe(200);
    minutes(25);
    expect((await get('/team', id)).statusCode).toBe(200);
  });

  it('ends a session after 30 minutes idle', async () => {
    await setup();
    const { id } = await signIn('viewer');
    minutes(31);
    expect((await get('/team', id)).statusCode).toBe(303);
    // And it is gone from the store, not only refused.
    expect(await store.team.session(sha256(id))).toBeUndefined();
  });

  it('ends a session after 12 hours however active', async () => {
    await setup();
    const { id } = await signIn('viewer');
    for (let i = 0; i < 24; i++) {
      minutes(29);
      expect((await get('/team', id)).statusCode).toBe(200);
    }
    minutes(29);
    expect((await get('/team', id)).statusCode).toBe(303);
  });

  it('signs a removed member out at once', async () => {
    await setup();
    const { id, member } = await signIn('analyst');
    expect((await get('/team', id)).statusCode).toBe(200);
    await store.team.removeMember(member.id);
    expect((await get('/team', id)).statusCode).toBe(303);
  });

  it('refuses a POST without the session’s CSRF token, and signs out with it', async () => {
    await setup();
    const { id } = await signIn('viewer');
    expect((await post('/team/sign-out', {}, id)).statusCode).toBe(403);
    expect(
      (await post('/team/sign-out', { csrf: csrfToken('another-session') }, id)).statusCode,
    ).toBe(403);
    expect((await get('/team', id)).statusCode).toBe(200);
    const page = (await get('/team', id)).body;
    expect(page).toContain(`name="csrf" value="${csrfToken(id)}"`);
    const out = await post('/team/sign-out', { csrf: csrfToken(id) }, id);
    expect(out.statusCode).toBe(303);
    expect(out.headers['set-cookie']).toMatch(
      /^team_session=; Path=\/team; HttpOnly; SameSite=Strict; Max-Age=0$/,
    );
    expect((await get('/team', id)).statusCode).toBe(303);
  });

  it('accepts an enrolment link once and only for 24 hours', async () => {
    await setup();
    const path = await invite(store.team, 'new@example.gov.uk', 'admin', now);
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    expect((await get(path)).statusCode).toBe(200);
    const options = await app.inject({
      method: 'POST',
      url: '/team/enrol/options',
      payload: { token },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      user: { name: 'new@example.gov.uk' },
      rp: { id: 'localhost' },
    });
    expect(
      (await app.inject({ method: 'POST', url: '/team/enrol/options', payload: { token: 'x' } }))
        .statusCode,
    ).toBe(403);
    // A made-up response is refused and does not use the link up.
    const bogus = await app.inject({
      method: 'POST',
      url: '/team/enrol/verify',
      payload: { token, response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
    });
    expect(bogus.statusCode).toBe(403);
    expect((await store.team.invitation(sha256(token)))?.used).toBe(false);
    minutes(24 * 60 + 1);
    expect((await get(path)).statusCode).toBe(410);
  });

  it('refuses a sign-in with an unknown passkey', async () => {
    await setup();
    const options = await app.inject({ method: 'POST', url: '/team/sign-in/options', payload: {} });
    expect(options.json<{ challenge: string }>().challenge).toMatch(/^[\w-]{70,}$/);
    const response = await app.inject({
      method: 'POST',
      url: '/team/sign-in/verify',
      payload: { response: { id: 'unknown', rawId: 'unknown', type: 'public-key', response: {} } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('purges audit entries after 12 months and expired sessions when the server starts', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    store = openSqliteStore(':memory:');
    const member = await store.team.addMember('a@example.gov.uk', 'admin', now);
    const at = (iso: string) => new Date(iso);
    await store.team.audit({
      memberId: member.id,
      action: 'old',
      at: at('2025-03-09T09:00:00Z'),
      target: null,
    });
    await store.team.audit({
      memberId: member.id,
      action: 'kept',
      at: at('2025-03-11T09:00:00Z'),
      target: null,
    });
    await store.team.addSession({
      idHash: 'stale',
      memberId: member.id,
      created: now,
      lastSeen: at('2026-03-10T08:00:00Z'),
    });
    app = await buildServer({
      surveys: fixtureSurveys(),
      store,
      staticDir: fakeDist(),
      retentionMonths: false,
      clock: () => now,
    });
    await app.ready();
    expect((await store.team.auditLog({ limit: 10, offset: 0 })).map((e) => e.action)).toEqual([
      'kept',
    ]);
    expect(await store.team.session('stale')).toBeUndefined();
  });

  it('still sets no cookie on respondent routes', async () => {
    await setup();
    await signIn('admin');
    for (const url of ['/', '/en/fixture-pages', '/healthz']) {
      expect((await get(url)).headers['set-cookie']).toBeUndefined();
    }
  });
});
