// A search past its time budget is stopped with a message (issue 24), not left to hold the
// process. The budget is set to nothing here, before the server's modules are loaded.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';

process.env.SEARCH_BUDGET_MS = '0';
const { signedIn, teamServer } = await import('./helpers');

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now);

describe('the search time budget', () => {
  it('stops a search that takes too long and says so, in English and Welsh', async () => {
    ({ app, store } = await server.start());
    for (let i = 0; i < 50; i++)
      await store.save({
        surveyId: 'fixture-pages',
        definitionHash: 'abcdef0123456789',
        receivedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, i)),
        answers: { howToImprove: `slow ${i}`, serviceName: 'fixture-pages-service' },
        lang: 'en',
      });
    const viewer = await signedIn(app, store, 'viewer', now);
    const en = await viewer.get('/team/responses?q=slow');
    expect(en.status).toBe(200);
    expect(en.body).toContain('The search took too long');
    expect(en.body).not.toContain('/team/responses/');
    const cy = await viewer.get('/team/questions/fixture-pages/howToImprove?q=slow&lang=cy');
    expect(cy.body).toContain('Cymerodd y chwiliad ormod o amser');
    // Without a search the list is not bounded by it.
    expect((await viewer.get('/team/responses')).body).toContain('50 responses');
  });
});
