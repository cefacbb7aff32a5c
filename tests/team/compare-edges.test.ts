// The comparison page at the edges, on SQLite and PostgreSQL: a clear change on few answers is
// told (never "too few to tell"), and periods that overlap or are the wrong way round are
// refused with a GOV.UK error in English and Welsh. Figures worked out by hand here.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { teamServerOptions } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';
import { signedIn } from './helpers';

const now = new Date('2026-03-30T09:00:00Z');
let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

async function viewer(store: StoreWithTeam) {
  open.store = store;
  open.app = await buildServer(teamServerOptions(store, () => now));
  const save = (day: string, howSatisfied: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        store.save({
          surveyId: 'fixture-pages',
          definitionHash: 'h',
          receivedAt: new Date(`${day}T10:00:00Z`),
          answers: { howSatisfied, serviceName: 'fixture-pages-service' },
          lang: 'en',
        }),
      ),
    );
  // 2 March: 10 answers, all "Very satisfied" (CSAT 100%); 9 March: 20 "Very dissatisfied" (0%).
  await save('2026-03-02', '5', 10);
  await save('2026-03-09', '1', 20);
  return signedIn(open.app, store, 'viewer', now);
}

async function tellsAClearChange(store: StoreWithTeam) {
  const { get } = await viewer(store);
  const url =
    '/team/compare?survey=fixture-pages&from=2026-03-09&to=2026-03-09&beforeFrom=2026-03-02&beforeTo=2026-03-02';
  const en = await get(url);
  expect(en.status).toBe(200);
  // 10 of 10 against 0 of 20: too few expected answers of each kind for the z test (pooled
  // 10/30: 10 × 2/3 = 6.7 and 10 × 1/3 = 3.3), so Fisher's exact test: the only table as far
  // from even is this one, p = 1 / C(30, 10) = 1 / 30,045,015, about 3.3 × 10⁻⁸; the one
  // headline score on the page, so Holm's correction leaves it as it is.
  expect(en.body).toContain(
    'Satisfaction (CSAT) fell from 100% to 0%; this is unlikely to be chance.',
  );
  const cy = await get(`${url}&lang=cy`);
  expect(cy.body).toContain(
    'Gostyngodd boddhad (CSAT) o 100% i 0%; mae’n annhebygol mai siawns yw hyn.',
  );
}

async function refusesPeriodsOutOfOrder(store: StoreWithTeam) {
  const { get } = await viewer(store);
  const chosen = '/team/compare?survey=fixture-pages&from=2026-03-08&to=2026-03-21';
  // 1 to 14 March against 8 to 21 March: a week of responses in both.
  const overlapping = await get(`${chosen}&beforeFrom=2026-03-01&beforeTo=2026-03-14`);
  expect(overlapping.status).toBe(400);
  expect(overlapping.body).toMatch(/<title>Error: /);
  expect(overlapping.body).toContain(
    '<a href="#beforeTo">The period to compare with must end before the chosen period starts',
  );
  expect(overlapping.body).not.toContain('What changed');
  const cy = await get(`${chosen}&beforeFrom=2026-03-01&beforeTo=2026-03-14&lang=cy`);
  expect(cy.status).toBe(400);
  expect(cy.body).toMatch(/<title>Gwall: /);
  expect(cy.body).toContain(
    '<a href="#beforeTo">Rhaid i’r cyfnod i gymharu ag ef ddod i ben cyn i’r cyfnod a ddewiswyd ddechrau',
  );
  // An "earlier" period after the chosen one.
  const reversed = await get(`${chosen}&beforeFrom=2026-03-22&beforeTo=2026-03-28`);
  expect(reversed.status).toBe(400);
  expect(reversed.body).toContain(
    '<a href="#beforeFrom">The period to compare with must start before the chosen period',
  );
  const reversedCy = await get(`${chosen}&beforeFrom=2026-03-22&beforeTo=2026-03-28&lang=cy`);
  expect(reversedCy.body).toContain(
    '<a href="#beforeFrom">Rhaid i’r cyfnod i gymharu ag ef ddechrau cyn y cyfnod a ddewiswyd',
  );
  // The themes page takes the same periods, and refuses them the same way.
  const themes = await get(
    '/team/themes?from=2026-03-08&to=2026-03-21&beforeFrom=2026-03-01&beforeTo=2026-03-14',
  );
  expect(themes.status).toBe(400);
  expect(themes.body).toContain('<a href="#beforeTo">The period to compare with must end before');
  // Just before is fine: 1 to 7 March against 8 to 21 March.
  expect((await get(`${chosen}&beforeFrom=2026-03-01&beforeTo=2026-03-07`)).status).toBe(200);
}

describe('the comparison at the edges on SQLite', () => {
  it('10 of 10 satisfied against 0 of 20 is a change, not too few to tell', async () => {
    await tellsAClearChange(openSqliteStore(':memory:'));
  });
  it('refuses overlapping and reversed periods', async () => {
    await refusesPeriodsOutOfOrder(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('the comparison at the edges on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_compare_edges');
  });
  it('10 of 10 satisfied against 0 of 20 is a change, not too few to tell', async () => {
    await tellsAClearChange(await openPostgresStore(postgresUrl));
  });
  it('refuses overlapping and reversed periods', async () => {
    await ownSchema(databaseUrl!, 'test_compare_edges');
    await refusesPeriodsOutOfOrder(await openPostgresStore(postgresUrl));
  });
});
