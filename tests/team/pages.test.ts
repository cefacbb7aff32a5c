import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { csrfToken } from '../../server/team/session';
import { auditText, responsesFound } from '../../server/team/text';
import teamEn from '../../src/i18n/team.en.json';
import teamCy from '../../src/i18n/team.cy.json';
import { addSession, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');
let ids: { plain: string; contact: string; welsh: string };

const server = teamServer(now);

async function setup() {
  ({ app, store } = await server.start());
  const save = (day: number, answers: Record<string, string>, lang: 'en' | 'cy' | null) =>
    store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'abcdef0123456789',
      receivedAt: new Date(Date.UTC(2026, 2, day, 10)),
      answers: { ...answers, serviceName: 'fixture-pages-service' },
      lang,
    });
  ids = {
    plain: (await save(1, { howSatisfied: '5', howToImprove: 'Quicker please' }, 'en')).id,
    contact: (
      await save(
        2,
        {
          howSatisfied: '2',
          howToImprove: 'Call me on 07700 900123 about QQ123456C',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
        },
        'en',
      )
    ).id,
    welsh: (
      await save(
        3,
        { howSatisfied: '4', howToImprove: "Diolch. Mae'r ffurflen yn glir. Ŵyr i oedd yn helpu" },
        'cy',
      )
    ).id,
  };
}

async function as(role: Role) {
  const member =
    (await store.team.memberByEmail(`${role}@example.gov.uk`)) ??
    (await store.team.addMember(`${role}@example.gov.uk`, role, now));
  const id = `session-${role}`;
  const cookie = await addSession(store, member.id, id, now);
  return {
    member,
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, form: Record<string, string | string[]> = {}) => {
      const body = new URLSearchParams({ csrf: csrfToken(id) });
      for (const [k, v] of Object.entries(form)) for (const x of [v].flat()) body.append(k, x);
      return app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
    },
  };
}

/** The team's English interface text found whole in an element or attribute of a page. */
function englishIn(html: string): string[] {
  const welsh = new Set(Object.values(teamCy));
  return Object.values(teamEn)
    .filter((en) => en !== 'English' && !welsh.has(en))
    .filter((en) => {
      // Placeholders ({{n}}) match anything.
      const escaped = en.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '[^<"]*');
      return new RegExp(`[>"]\\s*${escaped}\\s*[<"]`).test(html);
    });
}

const actions = async () =>
  (await store.team.auditLog({ limit: 50, offset: 0 })).map((e) => e.action);

describe('team pages', () => {
  it('overview counts the date range by language with headline scores', async () => {
    await setup();
    const viewer = await as('viewer');
    const page = (await viewer.get('/team?from=2026-03-01&to=2026-03-02')).body;
    // Two responses in range, both English; CSAT is 1 of 2 (5 and 2) = 50%, under 30 answers.
    expect(page).toMatch(
      /<td class="govuk-table__cell govuk-table__cell--numeric">2<\/td><td[^>]*>2<\/td><td[^>]*>0<\/td>/,
    );
    expect(page).toContain('Satisfied (CSAT)</td><td class="govuk-table__cell">50%</td>');
    expect(page).toContain('Fewer than 30 answers');
    const welsh = (await viewer.get('/team?lang=cy')).body;
    expect(welsh).toContain('Trosolwg');
    expect(welsh).toContain('<html lang="cy"');
  });

  it('lists responses newest first with filters, masking personal data', async () => {
    await setup();
    const viewer = await as('viewer');
    const all = (await viewer.get('/team/responses')).body;
    expect(all).toContain('3 responses');
    expect(all.indexOf(ids.welsh)).toBeLessThan(all.indexOf(ids.plain));
    expect(all).not.toContain('07700');
    expect(all).toContain('Call me on […] about […]');
    expect((await viewer.get('/team/responses?respondentLang=cy')).body).toContain('>1 response<');
    // The filter by contact details is an analyst's (a viewer's is not applied: roles.test.ts).
    const analyst = await as('analyst');
    expect((await analyst.get('/team/responses?contact=yes')).body).toContain(ids.contact);
    expect((await analyst.get('/team/responses?contact=yes')).body).not.toContain(ids.plain);
    const answered = (
      await viewer.get('/team/responses?survey=fixture-pages&answer=howSatisfied:5')
    ).body;
    expect(answered).toContain(ids.plain);
    expect(answered).not.toContain(ids.welsh);
    expect((await viewer.get('/team/responses?q=quicker')).body).toContain('>1 response<');
    // As a team member types: a phone's apostrophe, extra spaces, another case of a Welsh letter.
    for (const typed of ['mae’r', '  ffurflen   yn ', 'ŵyr', 'ŴYR I']) {
      const found = (await viewer.get(`/team/responses?q=${encodeURIComponent(typed)}`)).body;
      expect(found, typed).toContain('>1 response<');
      expect(found, typed).toContain(ids.welsh);
    }
    expect((await viewer.get('/team/responses?from=2026-03-02&to=2026-03-02')).body).toContain(
      '>1 response<',
    );
    // No export link for a viewer.
    expect(all).not.toContain('export.csv');
  });

  it('pages through the list 20 at a time, keeping the filter, in English and Welsh', async () => {
    await setup();
    for (let i = 0; i < 42; i++)
      await store.save({
        surveyId: 'fixture-pages',
        definitionHash: 'abcdef0123456789',
        receivedAt: new Date(Date.UTC(2026, 2, 4, 10, i)),
        answers: { howSatisfied: '3', serviceName: 'fixture-pages-service' },
        lang: 'en',
      });
    const viewer = await as('viewer');
    const rows = (html: string) => html.match(/href="\/team\/responses\/[0-9a-f-]{36}/g)?.length;
    const first = (await viewer.get('/team/responses?respondentLang=en')).body;
    expect(first).toContain('>44 responses<');
    expect(first).toContain('Page 1 of 3');
    expect(rows(first)).toBe(20);
    expect(first).not.toContain('rel="prev"');
    expect(first).toMatch(/href="\/team\/responses\?respondentLang=en&amp;page=2" rel="next"/);
    const middle = (await viewer.get('/team/responses?respondentLang=en&page=2')).body;
    expect(middle).toContain('Page 2 of 3');
    expect(middle).toMatch(/href="\/team\/responses\?respondentLang=en&amp;page=1" rel="prev"/);
    expect(middle).toMatch(/href="\/team\/responses\?respondentLang=en&amp;page=3" rel="next"/);
    // Past the end shows the last page, with the 4 left over and no way further on.
    const last = (await viewer.get('/team/responses?respondentLang=en&page=99')).body;
    expect(last).toContain('Page 3 of 3');
    expect(rows(last)).toBe(4);
    expect(last).not.toContain('rel="next"');
    const welsh = (await viewer.get('/team/responses?page=2&lang=cy')).body;
    expect(welsh).toContain('>45 ymateb<');
    expect(welsh).toContain('Tudalen 2 o 3');
    expect(welsh).toMatch(/>Blaenorol<[\s\S]*>Nesaf</);
    expect(welsh).toMatch(/href="\/team\/responses\?page=3&amp;lang=cy" rel="next"/);
    // One page needs no pagination.
    expect((await viewer.get('/team/responses?respondentLang=cy')).body).not.toContain(
      'govuk-pagination',
    );
  });

  it('counts responses as people read them: one in the singular, thousands grouped', () => {
    expect(responsesFound('en', 1)).toBe('1 response');
    // None in words (issue 24: "Dim ymatebion", not "0 ymateb").
    expect(responsesFound('en', 0)).toBe('No responses');
    expect(responsesFound('cy', 0)).toBe('Dim ymatebion');
    expect(responsesFound('en', 12500)).toBe('12,500 responses');
    expect(responsesFound('cy', 1)).toBe('1 ymateb');
    expect(responsesFound('cy', 12500)).toBe('12,500 ymateb');
  });

  it('shows a viewer no contact details and refuses them export, deletion, members and audit', async () => {
    await setup();
    const viewer = await as('viewer');
    const page = (await viewer.get(`/team/responses/${ids.contact}`)).body;
    expect(page).not.toContain('Ada');
    expect(page).not.toContain('ada@example.com');
    expect(page).toContain('Call me on […] about […]');
    expect((await viewer.get(`/team/responses/${ids.contact}?reveal=1`)).body).not.toContain(
      '07700',
    );
    expect((await viewer.get('/team/export.csv')).statusCode).toBe(403);
    expect((await viewer.get(`/team/responses/${ids.plain}/delete`)).statusCode).toBe(403);
    expect((await viewer.post(`/team/responses/${ids.plain}/delete`)).statusCode).toBe(403);
    expect(await store.team.getFeedback(ids.plain)).toBeDefined();
    expect((await viewer.get('/team/members')).statusCode).toBe(403);
    expect(
      (await viewer.post('/team/members', { email: 'x@example.gov.uk', role: 'admin' })).statusCode,
    ).toBe(403);
    expect((await viewer.get('/team/audit')).statusCode).toBe(403);
    // Each refusal is recorded (issue 24), and nothing else was done.
    expect(await actions()).toEqual(Array(6).fill('refused:role'));
  });

  it('shows an analyst contact details (audited), reveals masked text on request (audited) and exports CSV (audited)', async () => {
    await setup();
    const analyst = await as('analyst');
    const page = (await analyst.get(`/team/responses/${ids.contact}`)).body;
    expect(page).toContain('ada@example.com');
    expect(page).toContain('Call me on […] about […]');
    expect(await actions()).toEqual(['view-contact']);
    const revealed = (await analyst.get(`/team/responses/${ids.contact}?reveal=1`)).body;
    expect(revealed).toContain('Call me on 07700 900123 about QQ123456C');
    expect(await actions()).toEqual(['reveal', 'view-contact', 'view-contact']);
    // A response without contact details is not a contact view.
    await analyst.get(`/team/responses/${ids.plain}`);
    expect(await actions()).toHaveLength(3);

    const csv = await analyst.get('/team/export.csv?contact=yes&choices=codes');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // The export's own columns are tested in export.test.ts.
    const rows = csv.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(
      new RegExp(
        `^${ids.contact},2026-03-02T10:00:00.000Z,fixture-pages,en,,2,Call me on \\[…\\] about \\[…\\],`,
      ),
    );
    expect(rows[1]).toContain('Ada,Lovelace,ada@example.com');
    expect((await actions())[0]).toBe('export');
    expect((await analyst.get(`/team/responses/${ids.plain}/delete`)).statusCode).toBe(403);
  });

  it('lets an admin delete a response after a confirmation page (audited)', async () => {
    await setup();
    const admin = await as('admin');
    const confirm = await admin.get(`/team/responses/${ids.plain}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Are you sure');
    expect(await store.team.getFeedback(ids.plain)).toBeDefined();
    expect((await admin.post(`/team/responses/${ids.plain}/delete`, {})).statusCode).toBe(303);
    expect(await store.team.getFeedback(ids.plain)).toBeUndefined();
    expect(await actions()).toEqual(['delete']);
  });

  it('lets an admin invite, change roles and remove members; a removed member is signed out at once', async () => {
    await setup();
    const admin = await as('admin');
    const viewer = await as('viewer');
    const invited = await admin.post('/team/members', {
      email: 'new@example.gov.uk',
      role: 'analyst',
    });
    expect(invited.body).toMatch(/http:\/\/localhost(:\d+)?\/team\/enrol\?token=[\w-]{43}/);
    expect(
      (await admin.post(`/team/members/${viewer.member.id}/role`, { role: 'analyst' })).statusCode,
    ).toBe(303);
    expect((await store.team.getMember(viewer.member.id))?.role).toBe('analyst');
    expect((await viewer.get('/team')).statusCode).toBe(200);
    await admin.post(`/team/members/${viewer.member.id}/remove`);
    expect((await viewer.get('/team')).statusCode).toBe(303);
    // An admin cannot remove themself (the team would lose its last admin by accident).
    await admin.post(`/team/members/${admin.member.id}/remove`);
    expect(await store.team.getMember(admin.member.id)).toBeDefined();
    expect(await actions()).toEqual(['remove-member', 'role:analyst', 'invite:analyst']);
    const log = (await admin.get('/team/audit')).body;
    expect(log).toContain('Removed a member');
    expect(log).toContain('Changed a member’s role (new role: Analyst)');
    expect(log).toContain('Created an enrolment link (role: Analyst)');
    expect(log).not.toContain('remove-member');
    expect(log).toContain('admin@example.gov.uk');
    const welshLog = (await admin.get('/team/audit?lang=cy')).body;
    expect(welshLog).toContain('Wedi newid rôl aelod (rôl newydd: Dadansoddwr)');
    expect(englishIn(welshLog)).toEqual([]);
  });

  it('defines tags, applies them to a response, filters and counts by them, and puts them in the CSV', async () => {
    await setup();
    const analyst = await as('analyst');
    await analyst.post('/team/tags', { name: 'delays' });
    await analyst.post('/team/tags', { name: 'ID checks' });
    const [delays, idChecks] = await store.team.listTags();
    expect([delays?.name, idChecks?.name]).toEqual(['delays', 'ID checks']);
    await analyst.post(`/team/responses/${ids.plain}/tags`, { tag: [delays!.id, idChecks!.id] });
    await analyst.post(`/team/responses/${ids.welsh}/tags`, { tag: delays!.id });
    expect((await analyst.get(`/team/responses?tag=${delays!.id}`)).body).toContain('2 responses');
    const tagsPage = (await analyst.get('/team/tags')).body;
    expect(tagsPage).toMatch(/delays<\/a><\/td><td[^>]*>2<\/td>/);
    // Over time: this week (from Monday 9 March) has none; the Welsh response (3 March) is in
    // the week of 2 March, the English one (Sunday 1 March) in the week of 23 February.
    expect(tagsPage).toMatch(/9 March 2026<\/th><td[^>]*>0<\/td><td[^>]*>0<\/td>/);
    expect(tagsPage).toMatch(/2 March 2026<\/th><td[^>]*>1<\/td><td[^>]*>0<\/td>/);
    expect(tagsPage).toMatch(/23 February 2026<\/th><td[^>]*>1<\/td><td[^>]*>1<\/td>/);
    const csv = (await analyst.get(`/team/export.csv?tag=${idChecks!.id}&choices=codes`)).body;
    expect(csv).toContain(',fixture-pages,en,delays; ID checks,5,Quicker please,');
    // Unticking removes it.
    await analyst.post(`/team/responses/${ids.plain}/tags`, { tag: idChecks!.id });
    expect((await store.team.tagsOf([ids.plain])).get(ids.plain)).toEqual([idChecks!.id]);
  });

  it('shows a choice question as an SVG chart with a text alternative and a table in scale order', async () => {
    await setup();
    const viewer = await as('viewer');
    const page = (
      await viewer.get('/team/questions/fixture-pages/howSatisfied?from=2026-03-01&to=2026-03-10')
    ).body;
    expect(page).toContain('<svg role="img" aria-labelledby="chart-title chart-desc"');
    expect(page).toContain(
      '<desc id="chart-desc">Very satisfied: 1 (33.3%); Satisfied: 1 (33.3%); Neither satisfied nor dissatisfied: 0 (0%); Dissatisfied: 1 (33.3%); Very dissatisfied: 0 (0%)</desc>',
    );
    const rows = [
      ...page.matchAll(
        /<th scope="row" class="govuk-table__header">([^<]+)<\/th><td[^>]*>(\d+)<\/td>/g,
      ),
    ].map((m) => `${m[1]}=${m[2]}`);
    expect(rows).toEqual([
      'Very satisfied=1',
      'Satisfied=1',
      'Neither satisfied nor dissatisfied=0',
      'Dissatisfied=1',
      'Very dissatisfied=0',
    ]);
    expect(page).toContain('Fewer than 30 answers');
    // The overview links to it and draws the weekly trend.
    const overview = (await viewer.get('/team')).body;
    expect(overview).toContain('href="/team/questions/fixture-pages/howSatisfied"');
    expect(overview).toContain(
      'aria-labelledby="trend-fixture-pages-title trend-fixture-pages-desc"',
    );
    expect((await viewer.get('/team/questions/fixture-pages/email')).statusCode).toBe(404);
  });

  it('lists free-text answers newest first, masked, searchable and filterable by another answer', async () => {
    await setup();
    const viewer = await as('viewer');
    const url = '/team/questions/fixture-pages/howToImprove?from=2026-03-01&to=2026-03-10';
    const page = (await viewer.get(url)).body;
    const order = ['Diolch', 'Call me on […] about […]', 'Quicker please'].map((t) =>
      page.indexOf(t),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).not.toContain('07700');
    const searched = (await viewer.get(`${url}&q=QUICKER`)).body;
    expect(searched).toContain('Quicker please');
    expect(searched).not.toContain('Diolch');
    const welsh = (await viewer.get(`${url}&q=${encodeURIComponent('ŵYR I')}`)).body;
    expect(welsh).toContain('Diolch');
    expect(welsh).not.toContain('Quicker please');
    const satisfied = (await viewer.get(`${url}&answer=howSatisfied:4`)).body;
    expect(satisfied).toContain('Diolch');
    expect(satisfied).not.toContain('Quicker please');
  });

  it('pages through a free-text question, searching that answer only', async () => {
    await setup();
    const viewer = await as('viewer');
    const save = (day: number, answers: Record<string, string>) =>
      store.save({
        surveyId: 'fixture-pages',
        definitionHash: 'abcdef0123456789',
        receivedAt: new Date(Date.UTC(2026, 2, day, 10)),
        answers,
        lang: 'en',
      });
    for (let i = 0; i < 60; i++) await save(4, { howToImprove: `Slow at step ${i}` });
    // Newer than the only answer here with "quicker", and "quicker" in another of their answers.
    for (let i = 0; i < 110; i++) await save(5, { firstName: 'Quicker', howToImprove: 'Fine' });
    const url = '/team/questions/fixture-pages/howToImprove?from=2026-03-01&to=2026-03-10';
    const quicker = (await viewer.get(`${url}&q=quicker`)).body;
    expect(quicker).toContain('>1 response<');
    expect(quicker).toContain('Quicker please');

    const first = (await viewer.get(`${url}&q=slow&lang=cy`)).body;
    expect(first).toContain('>60 ymateb<');
    expect(first).toContain('Tudalen 1 o 2');
    const next = /<a class="govuk-link govuk-pagination__link" href="([^"]+)" rel="next">/.exec(
      first,
    )?.[1];
    expect(next?.replaceAll('&amp;', '&')).toBe(
      '/team/questions/fixture-pages/howToImprove?from=2026-03-01&to=2026-03-10&q=slow&page=2&lang=cy',
    );
    const second = (await viewer.get(next!.replaceAll('&amp;', '&'))).body;
    expect(second).toContain('Tudalen 2 o 2');
    expect(second.match(/Slow at step/g)).toHaveLength(10);
    expect(first.match(/Slow at step/g)).toHaveLength(50);
  });

  it('renders every signed-in page in Welsh', async () => {
    await setup();
    const admin = await as('admin');
    const theme = await store.team.addTheme({
      name: 'Araf',
      terms: { en: ['slow'], cy: ['araf'] },
    });
    for (const url of [
      '/team',
      '/team/responses',
      `/team/responses/${ids.contact}`,
      `/team/responses/${ids.contact}/delete`,
      '/team/members',
      '/team/audit',
      '/team/tags',
      '/team/questions/fixture-pages/howSatisfied',
      '/team/questions/fixture-pages/howToImprove',
      '/team/compare?survey=fixture-pages&respondentLang=cy&answer=howSatisfied:5',
      '/team/themes',
      '/team/themes/new',
      `/team/themes/${theme!.id}`,
      `/team/themes/${theme!.id}/edit`,
      '/team?from=2026-02-30&respondentLang=fr&answer=x:y',
    ]) {
      const response = await admin.get(`${url}${url.includes('?') ? '&' : '?'}lang=cy`);
      expect(response.statusCode, url).toBe(url.includes('2026-02-30') ? 400 : 200);
      expect(response.body, url).toContain('<html lang="cy"');
      expect(response.body, url).toContain('Allgofnodi');
      expect(englishIn(response.body), url).toEqual([]);
    }
    const signIn = await app.inject({ method: 'GET', url: '/team/sign-in?lang=cy' });
    expect(englishIn(signIn.body)).toEqual([]);
  });
});

describe('the audit log in words', () => {
  it('describes every action the service records, in English and Welsh, and shows an unknown one as stored', () => {
    const recorded = [
      'invite:viewer',
      'role:admin',
      'remove-member',
      'enrol',
      'sign-in',
      'sign-in:sso',
      'sign-in-refused:sso',
      'sso-join:analyst',
      'sso-role:viewer',
      'view-contact',
      'reveal',
      'delete',
      'export',
    ];
    for (const action of recorded) {
      const en = auditText('en', action);
      const cy = auditText('cy', action);
      expect(en, action).not.toBe(action);
      expect(cy, action).not.toBe(en);
      expect(cy, action).not.toMatch(/\{|\}/);
    }
    expect(auditText('cy', 'sso-join:analyst')).toBe(
      'Wedi ymuno gyda chyfrif sefydliad (rôl: Dadansoddwr)',
    );
    expect(auditText('en', 'role:owner')).toBe('role:owner');
    expect(auditText('en', 'invite')).toBe('invite');
    expect(auditText('en', 'something-new')).toBe('something-new');
  });
});
