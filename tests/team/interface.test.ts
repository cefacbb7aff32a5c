// Interface fixes in the team area (issue 24).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now);

async function setup() {
  ({ app, store } = await server.start());
}

describe('the team interface', () => {
  it('hides the passkey error until a failure: the hidden element has no class to show it', async () => {
    await setup();
    const page = (await app.inject('/team/sign-in')).body;
    const element = /<[^>]*id="passkey-error"[^>]*>/.exec(page)![0];
    expect(element).toContain('hidden');
    expect(element).not.toContain('class=');
  });

  it.each([
    ['', 'Page not found', 'Feedback team'],
    ['?lang=cy', 'Heb ddod o hyd i’r dudalen', 'Tîm adborth'],
  ])('has its own not-found page (%s)', async (lang, heading, service) => {
    await setup();
    const viewer = await signedIn(app, store, 'viewer', now);
    const page = await viewer.get(`/team/no-such-page${lang}`);
    expect(page.status).toBe(404);
    expect(page.body).toContain(heading);
    expect(page.body).toContain(service);
  });

  it('says "No answers yet" rather than 0% for a survey with none, in English and Welsh', async () => {
    await setup();
    const viewer = await signedIn(app, store, 'viewer', now);
    const en = (await viewer.get('/team')).body;
    expect(en).toContain('No answers yet');
    expect(en).not.toMatch(/>0%</);
    expect((await viewer.get('/team?lang=cy')).body).toContain('Dim atebion eto');
  });

  it('keeps the filters and the page on the language link', async () => {
    await setup();
    const viewer = await signedIn(app, store, 'viewer', now);
    const en = (await viewer.get('/team/responses?survey=fixture-pages&respondentLang=en&page=2'))
      .body;
    expect(en).toContain(
      'href="/team/responses?survey=fixture-pages&amp;respondentLang=en&amp;page=2&amp;lang=cy"',
    );
    const cy = (await viewer.get('/team/responses?survey=fixture-pages&lang=cy&page=2')).body;
    expect(cy).toContain(
      'href="/team/responses?survey=fixture-pages&amp;page=2" rel="alternate" lang="en"',
    );
  });

  it('marks answers in the other language with lang', async () => {
    await setup();
    const { id } = await store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'abcdef0123456789',
      receivedAt: new Date(Date.UTC(2026, 2, 2, 10)),
      answers: { howToImprove: 'Roedd yn araf', serviceName: 'fixture-pages-service' },
      lang: 'cy',
    });
    const viewer = await signedIn(app, store, 'viewer', now);
    const marked = '<span lang="cy">Roedd yn araf</span>';
    expect((await viewer.get(`/team/responses/${id}`)).body).toContain(marked);
    expect((await viewer.get('/team/responses')).body).toContain(marked);
    expect((await viewer.get('/team/questions/fixture-pages/howToImprove')).body).toMatch(
      /<p class="[^"]*" lang="cy">Roedd yn araf<\/p>/,
    );
    // Not on a Welsh page.
    expect((await viewer.get(`/team/responses/${id}?lang=cy`)).body).not.toContain(marked);
  });
});

describe('survey names in the team area', () => {
  it('are distinct for every survey, in English and Welsh (barring and barring-short were not)', async () => {
    const { loadSurveys } = await import('../../engine/check/load');
    const { surveyName } = await import('../../server/team/privacy');
    const all = [...loadSurveys().surveys.values()];
    for (const lang of ['en', 'cy'] as const)
      expect(new Set(all.map((s) => surveyName(s, lang))).size, lang).toBe(all.length);
  });
});
