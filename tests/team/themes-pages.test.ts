// Themes in the team area: defined by analysts and admins (CSRF, audited, GOV.UK errors),
// counted per period with known answers, their trend and the masked answers behind them.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { csrfToken } from '../../server/team/session';
import { addSession, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-30T09:00:00Z');

const server = teamServer(now);

async function setup() {
  ({ app, store } = await server.start());
  const save = (day: string, howToImprove: string, lang: 'en' | 'cy' = 'en') =>
    store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'h',
      receivedAt: new Date(`${day}T10:00:00Z`),
      answers: { howSatisfied: '3', howToImprove, serviceName: 'fixture-pages-service' },
      lang,
    });
  // 2 to 29 February (the period before): 10 responses, 2 about the theme.
  await save('2026-02-10', 'It was SLOW to load');
  await save('2026-02-11', 'Roedd fy nghais yn araf', 'cy');
  for (let i = 0; i < 8; i++) await save('2026-02-12', 'All good, thanks');
  // 2 to 29 March: 10 responses, 5 about the theme; "slowly" and "ceisiadau" are other words.
  await save('2026-03-03', 'Slow, call me on 07700 900123');
  await save('2026-03-04', 'Anfonais ei gais ddwywaith', 'cy');
  await save('2026-03-10', 'Collwyd ei chais hi', 'cy');
  await save('2026-03-11', 'so slow');
  await save('2026-03-17', 'Cais syml, diolch', 'cy');
  await save('2026-03-18', 'It loaded slowly');
  await save('2026-03-18', 'Gormod o geisiadau', 'cy');
  for (let i = 0; i < 3; i++) await save('2026-03-19', 'Fine');
}

async function as(role: Role) {
  const member = await store.team.addMember(`${role}@example.gov.uk`, role, now);
  const id = `session-${role}`;
  const cookie = await addSession(store, member.id, id, now);
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, fields: Record<string, string>, csrf = csrfToken(id)) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf, ...fields }).toString(),
      }),
  };
}

const actions = async () =>
  (await store.team.auditLog({ limit: 50, offset: 0 })).map((e) => e.action);
const RANGE = 'from=2026-03-02&to=2026-03-29';

describe('themes', () => {
  it('an analyst defines a theme; it is counted per period, in English and Welsh', async () => {
    await setup();
    const analyst = await as('analyst');
    const made = await analyst.post('/team/themes', {
      name: 'Slow',
      termsEn: 'slow',
      termsCy: 'cais',
    });
    expect(made.statusCode).toBe(303);
    const path = made.headers.location as string;
    expect(path).toMatch(/^\/team\/themes\/[0-9a-f-]{36}$/);
    expect(await actions()).toEqual(['theme-add']);

    // 2 of 10 before (20%), 5 of 10 now (50%); pooled 7/20: 3.5 expected per period, under 5,
    // so Fisher's exact test: P(x) ∝ C(7,x)·C(13,10−x) = 286, 5005, 27027, 60060, 60060, 27027,
    // 5005, 286 for x = 0..7; those no more likely than x = 2: 64,636 of 184,756, p = 0.350.
    // Newcombe's interval of +30 points: Wilson 5/10 is 0.2366 to 0.7634, 2/10 is 0.0567 to
    // 0.5098, so 0.3 − sqrt(0.2634² + 0.3098²) = −0.1067 to 0.3 + sqrt(0.2634² + 0.1433²) = 0.5999.
    const list = (await analyst.get(`/team/themes?${RANGE}`)).body;
    expect(list).toContain('compared with 2 February 2026 to 1 March 2026');
    expect(list).toMatch(
      />Slow<\/a><\/th><td[^>]*>2 of 10 \(20%\)<\/td><td[^>]*>5 of 10 \(50%\)<\/td><td[^>]*>\+30 points \(95% interval −10.7 to \+60\)<\/td><td[^>]*>No<\/td>/,
    );
    const welsh = (await analyst.get(`/team/themes?${RANGE}&lang=cy`)).body;
    expect(welsh).toContain('2 o 10 (20%)');
    expect(welsh).toContain('Cyfwng hyder 95% −10.7 i +60');
    expect(welsh).toContain('Nac ydy');

    // A segment: Welsh responses only, 1 of 1 before and 3 of 4 now.
    const cy = (await analyst.get(`/team/themes?${RANGE}&respondentLang=cy`)).body;
    expect(cy).toMatch(/>1 of 1 \(100%\)<\/td><td[^>]*>3 of 4 \(75%\)</);

    // The theme's page: the answers behind it, masked, and each week's count of all.
    const page = (await analyst.get(`${path}?${RANGE}`)).body;
    expect(page).toContain('5 responses');
    expect(page).toContain('Slow, call me on […]');
    expect(page).not.toContain('07700');
    expect(page).not.toContain('slowly');
    expect(page).not.toContain('geisiadau');
    // Weeks starting 2, 9, 16 March: 2 of 2, 2 of 2, 1 of 6 (the 23rd: none of 0).
    expect(page).toMatch(/2 March 2026<\/td><td[^>]*>2 \/ 2<\/td><td[^>]*>100%/);
    expect(page).toMatch(/16 March 2026<\/td><td[^>]*>1 \/ 6<\/td><td[^>]*>16.7%/);
  });

  it('viewers read themes but cannot change them; every change needs the CSRF token', async () => {
    await setup();
    const theme = (await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }))!;
    const viewer = await as('viewer');
    expect((await viewer.get('/team/themes')).body).toContain('>Slow</a>');
    expect((await viewer.get('/team/themes')).body).not.toContain('Add a theme');
    expect((await viewer.post('/team/themes', { name: 'X', termsEn: 'x' })).statusCode).toBe(403);
    expect((await viewer.post(`/team/themes/${theme.id}/delete`, {})).statusCode).toBe(403);
    const admin = await as('admin');
    expect((await admin.post(`/team/themes/${theme.id}/delete`, {}, 'wrong')).statusCode).toBe(403);
    expect(await store.team.listThemes()).toHaveLength(1);
    // Nothing about themes is recorded for what did not happen; the refusals are.
    expect((await actions()).sort()).toEqual(['refused:csrf', 'refused:role', 'refused:role']);
  });

  it('edits and deletes, audited', async () => {
    await setup();
    const theme = (await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }))!;
    const admin = await as('admin');
    const form = (await admin.get(`/team/themes/${theme.id}/edit?lang=cy`)).body;
    expect(form).toContain('Geiriau neu ymadroddion yn Gymraeg');
    expect(form).toContain('>slow</textarea>');
    const edited = await admin.post(`/team/themes/${theme.id}`, {
      name: 'Speed',
      termsEn: 'slow\ndelay*',
      termsCy: 'araf',
    });
    expect(edited.statusCode).toBe(303);
    expect(await store.team.listThemes()).toEqual([
      { id: theme.id, name: 'Speed', terms: { en: ['slow', 'delay*'], cy: ['araf'] } },
    ]);
    expect((await admin.post(`/team/themes/${theme.id}/delete`, {})).statusCode).toBe(303);
    expect(await store.team.listThemes()).toEqual([]);
    expect(await actions()).toEqual(['theme-delete', 'theme-edit']);
  });

  it('shows GOV.UK errors for a missing name, no terms and a name in use, in English and Welsh', async () => {
    await setup();
    await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } });
    const analyst = await as('analyst');
    const empty = await analyst.post('/team/themes', { name: ' ', termsEn: ' , ', termsCy: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/<title>Error: /);
    expect(empty.body).toContain('<a href="#name">Enter a name for the theme</a>');
    expect(empty.body).toMatch(/hidden">Error:<\/span> (<!-- -->)?Enter a name for the theme</);
    expect(empty.body).toContain('<a href="#termsEn">Enter at least one word or phrase');
    const taken = await analyst.post('/team/themes?lang=cy', { name: 'Slow', termsEn: 'x' });
    expect(taken.body).toMatch(/<title>Gwall: /);
    expect(taken.body).toContain('Mae thema gyda’r enw hwn yn bodoli’n barod');
    expect(taken.body).toMatch(/hidden">Gwall:<\/span> (<!-- -->)?Mae thema gyda’r enw/);
    expect(await store.team.listThemes()).toHaveLength(1);
    expect(await actions()).toEqual([]);
  });
});
