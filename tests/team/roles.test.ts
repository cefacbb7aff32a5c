// What a role may search and filter by, through every route that filters (issue 24): a viewer's
// page is the same whatever a hidden value is, and an analyst's search on personal data is audited.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { API_KEY, validBody } from '../server/fixtures';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now, { apiKeys: [API_KEY] });

async function setup() {
  ({ app, store } = await server.start());
  const save = (day: number, answers: Record<string, string>) =>
    store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'abcdef0123456789',
      receivedAt: new Date(Date.UTC(2026, 2, day, 10)),
      answers: { ...answers, serviceName: 'fixture-pages-service' },
      lang: 'en',
    });
  await save(1, { howSatisfied: '5', howToImprove: 'Quicker please' });
  await save(2, {
    howSatisfied: '2',
    howToImprove: 'It was slow',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'normal.person@example.com',
  });
}

const as = (role: Role) => signedIn(app, store, role, now);

describe("a viewer's searches and filters", () => {
  it.each([
    [
      'search',
      '/team/responses?q=normal.person%40example.com',
      '/team/responses?q=wrong.guess%40example.com',
    ],
    [
      'search, as the cleaning leaves it',
      '/team/responses?q=normal.personexample.com',
      '/team/responses?q=wrong.guessexample.com',
    ],
    [
      'answer filter',
      '/team/responses?answer=email:normal.person%40example.com',
      '/team/responses?answer=email:wrong.guess%40example.com',
    ],
    [
      'answer filter, part of the address',
      '/team/responses?answer=lastName:Lovelace',
      '/team/responses?answer=lastName:Babbage',
    ],
    [
      'question page search',
      '/team/questions/fixture-pages/howToImprove?q=normal.person%40example.com',
      '/team/questions/fixture-pages/howToImprove?q=wrong%40example.com',
    ],
    [
      'question page filter',
      '/team/questions/fixture-pages/howToImprove?answer=email:normal.person%40example.com',
      '/team/questions/fixture-pages/howToImprove?answer=email:wrong%40example.com',
    ],
  ])('%s: a known value and a wrong one give the same page', async (_, known, wrong) => {
    await setup();
    const viewer = await as('viewer');
    const [a, b] = [await viewer.get(known), await viewer.get(wrong)];
    expect(a.status).toBe(200);
    expect(a.body).toBe(b.body);
  });

  it('the filter by contact details is not applied', async () => {
    await setup();
    const viewer = await as('viewer');
    const page = (await viewer.get('/team/responses?contact=yes')).body;
    expect(page).toContain('2 responses');
    expect(page).not.toContain('name="contact"');
  });

  it('a search for a name skips the contact fields', async () => {
    await setup();
    const viewer = await as('viewer');
    const found = (body: string) => /<p class="govuk-body">([^<]*responses?)<\/p>/.exec(body)?.[1];
    expect(found((await viewer.get('/team/responses?q=Lovelace')).body)).toBe('No responses');
    // A word from the free text is still found.
    expect(found((await viewer.get('/team/responses?q=slow')).body)).toBe('1 response');
  });

  it("an analyst's filter by contact details works and is audited, naming the field only", async () => {
    await setup();
    const analyst = await as('analyst');
    const page = await analyst.get('/team/responses?answer=email:normal.person%40example.com');
    expect(page.body).toContain('1 response');
    await analyst.get('/team/responses?q=slow');
    const log = await store.team.auditLog({ limit: 10, offset: 0 });
    const searches = log.filter((e) => e.action === 'search-personal');
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ memberId: analyst.member.id, target: 'answer=email' });
  });
});

describe('free text is stored masked', () => {
  it('an email in an answer never reaches the database, in either form', async () => {
    await setup();
    for (const typed of ['Email jo.bloggs@example.com', 'Email john.smith@example.com'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/feedback',
            headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
            payload: JSON.stringify(validBody({ howToImprove: `${typed} or 07700 900123` })),
          })
        ).statusCode,
      ).toBe(201);
    const stored = (await store.list()).slice(-2).map((r) => r.answers.howToImprove);
    expect(stored).toEqual(['Email […] or […]', 'Email […] or […]']);
  });
});
