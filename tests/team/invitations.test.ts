// Invitations and the addresses the team area gives out (issue 24).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');
const PUBLIC_URL = 'https://feedback.example.gov.uk';
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

const server = teamServer(now, { publicUrl: PUBLIC_URL });

async function setup() {
  ({ app, store } = await server.start());
}

describe('addresses come from PUBLIC_URL, never from the request', () => {
  it('an invitation link made through a forged Host', async () => {
    await setup();
    const admin = await signedIn(app, store, 'admin', now);
    const page = await admin.post(
      '/team/members',
      { email: 'new@example.gov.uk', role: 'viewer' },
      forged,
    );
    expect(page.body).toMatch(/https:\/\/feedback\.example\.gov\.uk\/team\/enrol\?token=[\w-]{43}/);
    expect(page.body).not.toContain('evil.example');
  });

  it('the passkey relying party, asked through a forged Host', async () => {
    await setup();
    const options = await app.inject({
      method: 'POST',
      url: '/team/sign-in/options',
      headers: forged,
      payload: {},
    });
    expect(options.json()).toMatchObject({ rpId: 'feedback.example.gov.uk' });
  });
});

describe('invitations', () => {
  const linkIn = (body: string) => /\/team\/enrol\?token=[\w-]{43}/.exec(body)?.[0];

  async function invited(email: string, role: string) {
    const admin = await signedIn(app, store, 'admin', now);
    const link = linkIn((await admin.post('/team/members', { email, role })).body);
    expect(link).toBeDefined();
    return { admin, link: link! };
  }

  it('are listed with their role and expiry, and an admin can withdraw one (audited)', async () => {
    await setup();
    const { admin, link } = await invited('new.person@example.gov.uk', 'analyst');
    const page = (await admin.get('/team/members')).body;
    expect(page).toContain('Invitations not yet used');
    expect(page).toMatch(
      /new\.person@example\.gov\.uk<\/td><td[^>]*>Analyst<\/td><td[^>]*>11 March 2026/,
    );
    const action = /action="(\/team\/invitations\/[0-9a-f]{64}\/withdraw)"/.exec(page)![1]!;
    // Without the session's CSRF token nothing happens.
    expect((await admin.post(action, { csrf: 'wrong' })).statusCode).toBe(403);
    expect((await admin.post(action)).statusCode).toBe(303);
    expect((await admin.get('/team/members')).body).not.toContain('new.person@example.gov.uk');
    expect((await app.inject(link)).statusCode).toBe(410);
    expect((await admin.post(action)).statusCode).toBe(404);
    const log = await store.team.auditLog({ limit: 10, offset: 0 });
    expect(log[0]).toMatchObject({
      action: 'withdraw-invite:analyst',
      target: 'new.person@example.gov.uk',
      actor: 'admin@example.gov.uk',
    });
    expect(log.map((e) => e.action)).toContain('refused:csrf');
    expect(log.find((e) => e.action === 'invite:analyst')).toMatchObject({
      target: 'new.person@example.gov.uk',
      actor: 'admin@example.gov.uk',
    });
  });

  it('for a member are cancelled when their role changes or they are removed', async () => {
    await setup();
    const { admin, link } = await invited('someone@example.gov.uk', 'admin');
    const someone = await store.team.addMember('someone@example.gov.uk', 'admin', now);
    await admin.post(`/team/members/${someone.id}/role`, { role: 'viewer' });
    expect((await app.inject(link)).statusCode).toBe(410);

    const again = linkIn(
      (await admin.post('/team/members', { email: 'someone@example.gov.uk', role: 'admin' })).body,
    )!;
    await admin.post(`/team/members/${someone.id}/remove`);
    expect((await app.inject(again)).statusCode).toBe(410);
  });

  it.each([
    ['en', '', 'Error: Members', 'Enter an email address in the correct format', 'Select a role'],
    [
      'cy',
      '?lang=cy',
      'Gwall: Aelodau',
      'Rhowch gyfeiriad e-bost yn y fformat cywir',
      'Dewiswch rôl',
    ],
  ])('the invite form shows GOV.UK errors (%s)', async (_, lang, title, emailError, roleError) => {
    await setup();
    const admin = await signedIn(app, store, 'admin', now);
    const page = await admin.post(`/team/members${lang}`, { email: 'not-an-address', role: '' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`<title>${title}`);
    expect(page.body).toContain('class="govuk-error-summary"');
    expect(page.body).toContain(`<a href="#email">${emailError}`);
    expect(page.body).toContain(`<a href="#role">${roleError}`);
    expect(page.body).toContain('value="not-an-address"');
    expect(await store.team.pendingInvitations(now)).toEqual([]);
  });
});

describe('the audit of member changes', () => {
  it('records nothing for a member that does not exist', async () => {
    await setup();
    const admin = await signedIn(app, store, 'admin', now);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/team/members/${missing}/role`, { role: 'admin' })).statusCode).toBe(
      404,
    );
    expect((await admin.post(`/team/members/${missing}/remove`)).statusCode).toBe(404);
    expect(await store.team.auditLog({ limit: 10, offset: 0 })).toEqual([]);
  });

  it('names a removed member as they were', async () => {
    await setup();
    const admin = await signedIn(app, store, 'admin', now);
    const other = await signedIn(app, store, 'analyst', now);
    await other.get('/team/responses?contact=yes');
    await admin.post(`/team/members/${other.member.id}/remove`);
    const page = (await admin.get('/team/audit')).body;
    expect(page).toContain('analyst@example.gov.uk');
    expect(page).not.toContain(other.member.id);
  });
});
