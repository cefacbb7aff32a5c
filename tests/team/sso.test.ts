// Single sign-on against a real local OpenID Connect provider (oidc-provider): the service is
// driven with inject, the provider's development sign-in over HTTP with a small cookie jar.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startProvider,
  type TestProvider,
} from '../e2e/helpers/oidc-provider';
import { csrfToken, sha256 } from '../../server/team/session';
import { teamServerOptions } from '../server/fixtures';

const CALLBACK = 'http://localhost/team/sso/callback';
const SIGNED_OUT = 'http://localhost/team/sso/signed-out';
let provider: TestProvider;
let app: FastifyInstance;
let store: StoreWithTeam;
let now: Date;

beforeAll(async () => {
  provider = await startProvider({
    redirectUri: CALLBACK,
    postLogoutRedirectUri: SIGNED_OUT,
    groups: { 'lead@partner.example': ['feedback-admins'] },
  });
});
afterAll(() => provider.close());
afterEach(async () => {
  await app?.close();
  await store?.close();
});

async function setup(sso = true, issuer = provider.issuer) {
  now = new Date();
  store = openSqliteStore(':memory:');
  const env = {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_ROLES: 'admin=group:feedback-admins; viewer=domain:example.gov.uk',
    OIDC_SCOPES: 'openid email groups',
    PUBLIC_URL: 'http://localhost',
  };
  app = await buildServer({
    ...teamServerOptions(store, () => now),
    oidc: sso ? configFromEnv(env).oidc : undefined,
  });
}

const cookieOf = (setCookie: unknown) => String(setCookie).split(';')[0]!;
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** What a browser does at the service's start address: the provider's address and the cookie. */
async function start(lang = '') {
  const response = await get(`/team/sso${lang}`);
  expect(response.statusCode).toBe(303);
  return {
    authorize: response.headers.location!,
    cookie: cookieOf(response.headers['set-cookie']),
  };
}

/** Signs in at the provider as `login` (its development form, then consent); the callback address. */
async function atProvider(authorize: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const fetchWithJar = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
  let url = authorize;
  for (let step = 0; step < 12 && !url.startsWith(CALLBACK); step++) {
    const response = await fetchWithJar(url);
    if (response.status !== 200) {
      url = new URL(response.headers.get('location')!, url).href;
      continue;
    }
    const html = await response.text();
    const action = new URL(html.match(/action="([^"]+)"/)![1]!, url).href;
    const prompt = html.match(/name="prompt" value="(\w+)"/)![1]!;
    const posted = await fetchWithJar(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
      ).toString(),
    });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  expect(url.startsWith(CALLBACK)).toBe(true);
  return url;
}

const callback = (url: string, cookie?: string) =>
  get(new URL(url).pathname + new URL(url).search, cookie);

/** Presses Sign out (with the session's CSRF token) on a page in `lang`. */
const signOut = (session: string, lang = '') =>
  app.inject({
    method: 'POST',
    url: `/team/sign-out${lang}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session },
    payload: new URLSearchParams({ csrf: csrfToken(session.split('=')[1]!) }).toString(),
  });

/** A session from a whole single sign-on as `login`: its cookie. */
async function signedInWithSso(login: string) {
  const { authorize, cookie } = await start();
  return cookieOf(
    (await callback(await atProvider(authorize, login), cookie)).headers['set-cookie'],
  );
}

describe('single sign-on', () => {
  it('is offered on the sign-in page, in English and Welsh, only when configured', async () => {
    await setup(false);
    expect((await get('/team/sign-in')).body).not.toContain('/team/sso');
    expect((await get('/team/sso')).statusCode).toBe(404);
    await app.close();
    await store.close();

    await setup();
    const en = await get('/team/sign-in');
    expect(en.body).toContain('href="/team/sso" role="button"');
    expect(en.body).toContain('Sign in with your organisation account');
    const cy = await get('/team/sign-in?lang=cy');
    expect(cy.body).toContain('href="/team/sso?lang=cy" role="button"');
    expect(cy.body).toContain('Mewngofnodi gyda chyfrif eich sefydliad');
    expect(en.headers['set-cookie']).toBeUndefined();
  });

  it('sends the browser to the provider with PKCE, state and nonce, marking it with a Lax cookie', async () => {
    await setup();
    const response = await get('/team/sso?lang=cy');
    const url = new URL(response.headers.location!);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email groups',
      code_challenge_method: 'S256',
      ui_locales: 'cy en',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(response.headers['set-cookie']).toMatch(
      /^team_session=[\w-]{43}; Path=\/team; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
  });

  it('signs in once: a Strict session, the role from the rules, audited; the same answer again is refused', async () => {
    await setup();
    const { authorize, cookie } = await start();
    const back = await atProvider(authorize, 'lead@partner.example');
    const signedIn = await callback(back, cookie);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/team/sso/signed-in');
    expect(signedIn.headers['set-cookie']).toMatch(
      /^team_session=[\w-]{43}; Path=\/team; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    // A page of ours that goes on to the overview by itself (see sso.ts for why), or by its link.
    const next = await get('/team/sso/signed-in?lang=cy');
    // Valid HTML: a space after the semicolon (the Nu Html Checker refused "0;url=").
    expect(next.body).toContain('<meta http-equiv="refresh" content="0; URL=/team?lang=cy"/>');
    expect(next.body).toContain('href="/team?lang=cy">Parhau</a>');
    const session = cookieOf(signedIn.headers['set-cookie']);
    expect(session).not.toBe(cookie);
    const overview = await get('/team', session);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('href="/team/members"');
    expect((await store.team.memberByEmail('lead@partner.example'))?.role).toBe('admin');
    const actions = (await store.team.auditLog({ limit: 10, offset: 0 })).map((e) => e.action);
    expect(actions.sort()).toEqual(['sign-in:sso', 'sso-join:admin']);

    // Replayed, even with the cookie it started with, it is refused.
    const replay = await callback(back, cookie);
    expect(replay.headers.location).toBe('/team/sso/failed');
    expect(replay.headers['set-cookie']).toMatch(/^team_session=; .*Max-Age=0$/);
    // So is a second answer to the same request with a fresh code: its state is spent.
    const again = await callback(await atProvider(authorize, 'lead@partner.example'), cookie);
    expect(again.headers.location).toBe('/team/sso/failed');
    expect(again.headers['set-cookie']).toMatch(/^team_session=; .*Max-Age=0$/);
    // Removing the member signs them out, as for a passkey session.
    await store.team.removeMember((await store.team.memberByEmail('lead@partner.example'))!.id);
    expect((await get('/team', session)).statusCode).toBe(303);
  });

  it('returns to the team page that asked for the sign-in, with its filters, in Welsh', async () => {
    await setup();
    const asked = '/team/responses?survey=fixture-pages&respondentLang=cy';
    const signIn = (await get(`${asked}&lang=cy`)).headers.location!;
    expect(signIn).toBe(`/team/sign-in?next=${encodeURIComponent(asked)}&lang=cy`);
    const button = `/team/sso?next=${encodeURIComponent(asked)}&amp;lang=cy`;
    expect((await get(signIn)).body).toContain(`href="${button}" role="button"`);
    const { authorize, cookie } = await start(`?next=${encodeURIComponent(asked)}&lang=cy`);
    const back = await callback(await atProvider(authorize, 'lead@partner.example'), cookie);
    expect(back.headers.location).toBe(
      `/team/sso/signed-in?next=${encodeURIComponent(asked)}&lang=cy`,
    );
    const page = (await get(back.headers.location!)).body;
    const target = `${asked}&lang=cy`.replaceAll('&', '&amp;');
    expect(page).toContain(`<meta http-equiv="refresh" content="0; URL=${target}"/>`);
    expect(page).toContain(`href="${target}">Parhau</a>`);
    // Another site's address is not taken, at the start or on the page after.
    const elsewhere = await start(`?next=${encodeURIComponent('//evil.example/team')}`);
    const done = await callback(
      await atProvider(elsewhere.authorize, 'lead@partner.example'),
      elsewhere.cookie,
    );
    expect(done.headers.location).toBe('/team/sso/signed-in');
    expect((await get('/team/sso/signed-in?next=https://evil.example/team')).body).toContain(
      'content="0; URL=/team"',
    );
  });

  it('accepts the provider’s answer only in the browser that started the sign-in', async () => {
    await setup();
    const first = await start();
    const second = await start();
    const back = await atProvider(first.authorize, 'ann@example.gov.uk');
    // Another browser (with its own sign-in under way), or none at all, cannot use it.
    expect((await callback(back, second.cookie)).headers.location).toBe('/team/sso/failed');
    expect((await callback(back)).headers.location).toBe('/team/sso/failed');
    expect(await store.team.memberByEmail('ann@example.gov.uk')).toBeUndefined();
    // The code was not spent by those attempts; the browser that asked for it signs in.
    const signedIn = await callback(back, first.cookie);
    expect(signedIn.headers.location).toBe('/team/sso/signed-in');
    expect((await store.team.memberByEmail('ann@example.gov.uk'))?.role).toBe('viewer');
  });

  it('gives up on a sign-in after 10 minutes', async () => {
    await setup();
    const { authorize, cookie } = await start('?lang=cy');
    const back = await atProvider(authorize, 'ann@example.gov.uk');
    now = new Date(now.getTime() + 10 * 60 * 1000 + 1);
    const late = await callback(back, cookie);
    expect(late.headers.location).toBe('/team/sso/failed');
    const page = await get('/team/sso/failed?lang=cy');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Ni weithiodd y mewngofnodi');
    expect(page.body).toContain('href="/team/sign-in?lang=cy"');
  });

  it('refuses an account no rule allows, in the language the sign-in started in, and records no member', async () => {
    await setup();
    const { authorize, cookie } = await start('?lang=cy');
    const back = await atProvider(authorize, 'mallory@elsewhere.example');
    const refused = await callback(back, cookie);
    expect(refused.headers.location).toBe('/team/sso/refused?lang=cy');
    expect(refused.headers['set-cookie']).toMatch(/^team_session=; .*Max-Age=0$/);
    expect(await store.team.listMembers()).toEqual([]);
    expect((await store.team.auditLog({ limit: 10, offset: 0 }))[0]).toMatchObject({
      memberId: null,
      action: 'sign-in-refused:sso',
      target: null,
    });
    const cy = await get('/team/sso/refused?lang=cy');
    expect(cy.statusCode).toBe(403);
    expect(cy.body).toContain('Ni allwch fewngofnodi gyda’r cyfrif hwn');
    const en = await get('/team/sso/refused');
    expect(en.body).toContain('You cannot sign in with this account');
    expect(en.body).not.toContain('mallory');
  });

  it('sets the role from the rules at each sign-in, whatever an admin chose', async () => {
    await setup();
    const member = await store.team.addMember('ann@example.gov.uk', 'admin', now);
    const { authorize, cookie } = await start();
    await callback(await atProvider(authorize, 'ann@example.gov.uk'), cookie);
    expect((await store.team.getMember(member.id))?.role).toBe('viewer');
    const entries = await store.team.auditLog({ limit: 10, offset: 0 });
    expect(entries.find((e) => e.action === 'sso-role:viewer')?.target).toBe(member.id);
  });

  it('does not let another site replace a signed-in member’s cookie', async () => {
    await setup();
    const response = await get('/team/sso', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.headers.location).toBe('/team/sign-in');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(
      (await get('/team/sso', undefined, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(303);
  });

  it('ends a single sign-on session at the provider too, and comes back in the language it left in', async () => {
    await setup();
    const session = await signedInWithSso('ann@example.gov.uk');
    const out = await signOut(session, '?lang=cy');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/team/sso/sign-out?lang=cy');
    expect(out.headers['set-cookie']).toMatch(/^team_session=; .*Max-Age=0$/);
    expect((await get('/team', session)).statusCode).toBe(303);

    // A page that goes on by itself to the provider's end-session endpoint, or by its link.
    const page = await get('/team/sso/sign-out?lang=cy', undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wrthi’n eich allgofnodi o gyfrif eich sefydliad');
    const target = page.body.match(/<meta http-equiv="refresh" content="0; URL=([^"]+)"/)![1]!;
    const url = new URL(target.replaceAll('&amp;', '&'));
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'cy',
    });
    expect(page.body).toContain(`href="${target}">Allgofnodi o gyfrif eich sefydliad</a>`);

    // The provider sends the browser back with the language in state.
    const back = await get('/team/sso/signed-out?state=cy');
    expect(back.headers.location).toBe('/team/sso/signed-out?lang=cy');
    const cy = await get('/team/sso/signed-out?lang=cy');
    expect(cy.body).toContain(
      'Rydych wedi allgofnodi o’r gwasanaeth hwn ac o gyfrif eich sefydliad.',
    );
    expect(cy.body).toContain('href="/team/sign-in?lang=cy"');
    expect((await get('/team/sso/signed-out?state=en')).headers.location).toBe(
      '/team/sso/signed-out',
    );
    expect((await get('/team/sso/signed-out')).body).toContain('You have signed out');
  });

  it('signs a passkey session out here only, and sends no one to the provider from another site', async () => {
    await setup();
    const member = await store.team.addMember('ann@example.gov.uk', 'viewer', now);
    await store.team.addSession({
      idHash: sha256('a-passkey-session'),
      memberId: member.id,
      created: now,
      lastSeen: now,
    });
    const out = await signOut('team_session=a-passkey-session', '?lang=cy');
    expect(out.headers.location).toBe('/team/sign-in?lang=cy');
    expect(await store.team.session(sha256('a-passkey-session'))).toBeUndefined();
    const cross = await get('/team/sso/sign-out', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(cross.headers.location).toBe('/team/sign-in');
  });

  it('says so when the provider cannot be reached to sign out there', async () => {
    // Nothing listens on port 9 (discard): discovery fails at once.
    await setup(true, 'http://127.0.0.1:9');
    await store.team.addSession({
      idHash: sha256('an-sso-session'),
      memberId: (await store.team.addMember('ann@example.gov.uk', 'viewer', now)).id,
      created: now,
      lastSeen: now,
      sso: true,
    });
    const out = await signOut('team_session=an-sso-session');
    expect(out.headers.location).toBe('/team/sso/sign-out');
    const page = await get('/team/sso/sign-out');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You have signed out of this service only');
    expect(page.body).not.toContain('http-equiv="refresh"');
    const cy = await get('/team/sso/sign-out?lang=cy');
    expect(cy.body).toContain('Nid oeddem yn gallu eich allgofnodi o gyfrif eich sefydliad.');
  });
});
