// The word index cut again in batches (server/storage/words-sql.ts): every response of a survey
// is cut again, across several batches, responses received at the same moment included, and no
// other survey's; on SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from '../server/postgres-schema';

const RESPONSES = 250; // more than two batches
const cutAs = (tag: string) => ({
  fields: { s: `cut ${tag}`, other: 'unchanged' },
  words: (r: { answers: Record<string, string> }) => [`${tag}:${r.answers.say}`],
});

async function cutsEveryResponseAgain(store: StoreWithTeam) {
  await store.team.keepWords(cutAs('a'));
  for (let i = 0; i < RESPONSES; i++)
    await store.save({
      surveyId: i % 5 === 0 ? 'other' : 's',
      definitionHash: 'h',
      // Ten responses a second: many received at the same moment.
      receivedAt: new Date(Date.UTC(2026, 2, 10, 9, 0, Math.floor(i / 10))),
      answers: { say: 'word' },
      lang: 'en',
    });
  const count = (word: string) =>
    store.team.countFeedback({ words: { exact: [word], prefixes: [] } });
  expect(await count('a:word')).toBe(RESPONSES);
  await store.team.keepWords(cutAs('b'));
  expect(store.team.wordsReady()).toBe(true);
  // Survey s's 200 responses cut the new way; the other survey's 50 kept as they were cut.
  expect(await count('b:word')).toBe(200);
  expect(await count('a:word')).toBe(50);
  await store.close();
}

describe('the word index cut again on SQLite', () => {
  it('cuts every response of a changed survey, batch after batch', async () => {
    await cutsEveryResponseAgain(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('the word index cut again on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_words_recut');
  });
  it('cuts every response of a changed survey, batch after batch', async () => {
    await cutsEveryResponseAgain(await openPostgresStore(postgresUrl));
  });
});
