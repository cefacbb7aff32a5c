// Rows stored before answers were masked on the way in are masked once when the service starts
// (server/storage/mask-sql.ts), on SQLite and PostgreSQL: free text masked, contact fields and
// choice tallies as they were, the word index cut again, and the pass recorded so it runs once.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { MASK, MASK_PASS, maskAnswers } from '../../server/team/privacy';
import { answerWords, wordFieldsKey } from '../../server/team/themes';
import { fixtureSurveys, teamServerOptions } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';

const now = new Date(Date.UTC(2026, 2, 10));
const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));
const surveys = fixtureSurveys();

let open: { store?: StoreWithTeam; apps: FastifyInstance[] } = { apps: [] };
afterEach(async () => {
  for (const app of open.apps) await app.close();
  await open.store?.close();
  open = { apps: [] };
});

async function masksOldRows(store: StoreWithTeam) {
  open.store = store;
  // Stored as the code before store-time masking did: straight into the database.
  const save = (surveyId: string, d: number, answers: Record<string, string>) =>
    store.save({ surveyId, definitionHash: 'h', receivedAt: day(d), answers, lang: 'en' });
  const named = {
    howSatisfied: '5',
    howToImprove: 'My name is Gareth Owen, ring 07700 900123',
    email: 'gareth@example.com',
  };
  const plain = { howSatisfied: '4', howToImprove: 'Faster checks please' };
  const a = await save('fixture-pages', 1, named);
  const b = await save('fixture-pages', 2, plain);
  const c = await save('fixture-pages', 3, { howSatisfied: '5' });
  // Their words indexed as they were (the older code's index held the name).
  await store.team.keepWords({
    fields: Object.fromEntries([...surveys.values()].map((s) => [s.id, wordFieldsKey(s)])),
    words: (record) => answerWords(surveys.get(record.surveyId), record),
  });
  // The index keys each word by the response's language (server/team/themes.ts answerWords).
  const matching = async (word: string) =>
    (await store.team.wordMatches({ words: { exact: [`en:${word}`], prefixes: [] } })).map(
      (r) => r.id,
    );
  expect(await matching('gareth')).toEqual([a.id]);

  const tally = () => store.team.tallyFeedback({ surveyId: 'fixture-pages' }, ['howSatisfied']);
  const sortedAnswers = async () =>
    (await tally()).answers
      .filter((x) => x.field === 'howSatisfied')
      .sort((x, y) => x.value.localeCompare(y.value));
  expect(await sortedAnswers()).toEqual([
    { field: 'howSatisfied', value: '4', n: 1 },
    { field: 'howSatisfied', value: '5', n: 2 },
  ]);

  const start = async () => {
    const app = await buildServer({ ...teamServerOptions(store, () => now), surveys });
    open.apps.push(app);
  };
  await start();

  const masked = (await store.team.getFeedback(a.id))!.answers;
  expect(masked.howToImprove).toContain(MASK);
  expect(masked.howToImprove).not.toMatch(/Gareth|Owen|07700/);
  // Contact fields are asked for: kept, shown to analysts and admins only.
  expect(masked.email).toBe('gareth@example.com');
  expect(masked.howSatisfied).toBe('5');
  expect((await store.team.getFeedback(b.id))!.answers).toEqual(plain);
  expect((await store.team.getFeedback(c.id))!.answers).toEqual({ howSatisfied: '5' });
  // The tallies count exactly what they did; the name is gone from the word index.
  expect(await sortedAnswers()).toEqual([
    { field: 'howSatisfied', value: '4', n: 1 },
    { field: 'howSatisfied', value: '5', n: 2 },
  ]);
  expect(await matching('gareth')).toEqual([]);
  expect(await matching('ring')).toEqual([a.id]);
  expect(await matching('faster')).toEqual([b.id]);

  // Recorded: the pass does not run again at the next start (nor read the rows).
  let called = 0;
  expect(
    await store.team.maskStored(MASK_PASS, (_id, answers) => {
      called += 1;
      return answers;
    }),
  ).toBe(0);
  expect(called).toBe(0);
  await start();
  expect((await store.team.getFeedback(a.id))!.answers).toEqual(masked);
  // Idempotent: a new pass with the same masking finds nothing left to change.
  expect(
    await store.team.maskStored(MASK_PASS + 1, (id, answers) =>
      maskAnswers(surveys.get(id), answers),
    ),
  ).toBe(0);
}

describe('masking of stored rows on SQLite', () => {
  it('masks rows stored before masking, once, keeping contact fields and tallies', async () => {
    await masksOldRows(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('masking of stored rows on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_mask_stored');
  });

  it('masks rows stored before masking, once, keeping contact fields and tallies', async () => {
    await masksOldRows(await openPostgresStore(postgresUrl));
  });
});
