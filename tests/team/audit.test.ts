// The audit log records what was done and refused (issue 24): sign-out, failed sign-ins,
// refusals, tags, exports with their filters; Welsh entries in the past tense.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import { auditText } from '../../server/team/text';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now);

async function setup() {
  ({ app, store } = await server.start());
  const { id } = await store.save({
    surveyId: 'fixture-pages',
    definitionHash: 'abcdef0123456789',
    receivedAt: new Date(Date.UTC(2026, 2, 2, 10)),
    answers: { howSatisfied: '5', serviceName: 'fixture-pages-service' },
    lang: 'en',
  });
  return id;
}

const log = async () =>
  (await store.team.auditLog({ limit: 50, offset: 0 })).reverse().map((e) => ({
    action: e.action,
    target: e.target,
    actor: e.actor,
  }));

describe('the audit log', () => {
  it('records signing out and a failed sign-in', async () => {
    await setup();
    const viewer = await signedIn(app, store, 'viewer', now);
    expect((await viewer.post('/team/sign-out')).statusCode).toBe(303);
    await app.inject({
      method: 'POST',
      url: '/team/sign-in/verify',
      payload: { response: { id: 'unknown-credential' } },
    });
    expect(await log()).toEqual([
      { action: 'sign-out', target: null, actor: 'viewer@example.gov.uk' },
      { action: 'sign-in-failed', target: null, actor: undefined },
    ]);
  });

  it('records tags made, renamed, put on a response and deleted, by an analyst; a viewer may not', async () => {
    const response = await setup();
    const viewer = await signedIn(app, store, 'viewer', now);
    expect((await viewer.post('/team/tags', { name: 'Mine' })).statusCode).toBe(403);
    expect(await store.team.listTags()).toEqual([]);
    expect((await viewer.get('/team/tags')).body).not.toContain('name="name"');

    const analyst = await signedIn(app, store, 'analyst', now);
    await analyst.post('/team/tags', { name: 'Slow' });
    const [tag] = await store.team.listTags();
    await analyst.post(`/team/responses/${response}/tags`, { tag: tag!.id });
    await analyst.post(`/team/tags/${tag!.id}/rename`, { name: 'Too slow' });
    expect(await store.team.listTags()).toEqual([{ id: tag!.id, name: 'Too slow' }]);
    const page = (await viewer.get(`/team/responses/${response}`)).body;
    expect(page).toContain('Too slow');
    expect(page).not.toContain('name="tag"');
    await analyst.post(`/team/tags/${tag!.id}/delete`);
    expect(await store.team.listTags()).toEqual([]);
    const by = 'analyst@example.gov.uk';
    expect((await log()).slice(1)).toEqual([
      { action: 'tag-create', target: 'Slow', actor: by },
      { action: 'tag-attach', target: `Slow: ${response}`, actor: by },
      { action: 'tag-rename', target: 'Slow → Too slow', actor: by },
      { action: 'tag-delete', target: 'Too slow', actor: by },
    ]);
  });

  it('records an export with its filter', async () => {
    await setup();
    const analyst = await signedIn(app, store, 'analyst', now);
    await analyst.get('/team/export.csv?survey=fixture-pages&from=2026-03-01&lang=cy');
    expect(await log()).toEqual([
      {
        action: 'export',
        target: 'survey=fixture-pages&from=2026-03-01',
        actor: 'analyst@example.gov.uk',
      },
    ]);
  });

  // Issue 32: the log showed the raw keys of a search (`contact`, `answer=email`).
  it("names a personal search's parts in words, in the admin's language, never the values", async () => {
    await setup();
    const analyst = await signedIn(app, store, 'analyst', now);
    await analyst.get(
      '/team/responses?q=jo%40example.com&answer=email%3Ajo%40example.com&answer=firstName%3AJo&contact=yes',
    );
    const admin = await signedIn(app, store, 'admin', now);
    const cell = (body: string) =>
      /Searched or filtered by personal data<\/td><td[^>]*>([^<]*)</.exec(body)?.[1];
    expect(cell((await admin.get('/team/audit')).body)).toBe(
      'Search; Answers to: Email address, First name; Whether contact details were given',
    );
    const welsh = (await admin.get('/team/audit?lang=cy')).body;
    expect(welsh).toContain(
      'Chwilio; Atebion i: Cyfeiriad e-bost, Enw cyntaf; A roddwyd manylion cyswllt',
    );
    expect(welsh).not.toContain('jo@example.com');
  });

  it('reads in Welsh in the past tense', () => {
    expect(auditText('cy', 'delete')).toBe('Wedi dileu ymateb');
    expect(auditText('cy', 'remove-member')).toBe('Wedi tynnu aelod o’r tîm');
    for (const action of ['sign-in', 'sign-out', 'export', 'tag-create', 'invite:viewer'])
      expect(auditText('cy', action), action).toMatch(/^Wedi /);
  });
});
