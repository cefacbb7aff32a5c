// A page posted with errors without JavaScript is held in its draft until the page is next
// shown (Post/Redirect/Get): read back with the draft, and gone once the draft is saved again.
import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

async function holdsOnce(store: StoreWithTeam) {
  const now = new Date('2026-05-01T10:00:00Z');
  const token = await store.drafts.create('basic', now);
  await store.drafts.save(token, { whyDidYouApply: 'Job' }, now);
  const posted = { at: '/en/basic/q2', posted: { answers: { whichSector: '' }, errors: [] } };
  await store.drafts.hold(token, posted);
  expect(await store.drafts.read(token)).toEqual({
    surveyId: 'basic',
    answers: { whyDidYouApply: 'Job' },
    lastActivity: now,
    posted,
  });
  await store.drafts.save(token, { whyDidYouApply: 'Job' }, now);
  expect(await store.drafts.read(token)).toEqual({
    surveyId: 'basic',
    answers: { whyDidYouApply: 'Job' },
    lastActivity: now,
  });
  await store.close();
}

describe('a draft holds a page posted with errors until it is next saved', () => {
  it('SQLite', () => holdsOnce(openSqliteStore(':memory:')));

  const databaseUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!databaseUrl)('PostgreSQL', () => {
    let url: string;
    beforeAll(async () => {
      url = await ownSchema(databaseUrl!, 'test_draft_posted');
    });
    it('PostgreSQL', async () => holdsOnce(await openPostgresStore(url)));
  });
});
