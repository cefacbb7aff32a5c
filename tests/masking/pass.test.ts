// Rows stored before masking saw what was typed hold what the cleaning left of an address or a
// number ("jsmithcompany.co.uk", "07700900123"). Raising the pass number makes the next start
// mask every stored row again with the masker for stored text, on SQLite and PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { MASK } from '../../server/team/privacy';
import { teamServerOptions } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';
import { survey } from './fixture-survey';

const now = new Date(Date.UTC(2026, 2, 10));
const surveys = new Map([[survey.id, survey]]);

let open: { store?: StoreWithTeam; app?: FastifyInstance } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

// What the service stored for these typed answers while it masked after cleaning.
const stored = {
  comments: "write to jsmithcompany.co.uk or johno'neildbs.gov.uk, or ring 07700900123",
  reason: 'bobjonesnhs.net',
  topics: 'Forms, Another topic, 33 6 12 34 56 78',
  email: 'jo_smith@example.co.uk',
  serviceName: survey.serviceName,
};

async function masksRemnants(store: StoreWithTeam) {
  open.store = store;
  const { id } = await store.save({
    surveyId: survey.id,
    definitionHash: survey.hash,
    receivedAt: now,
    answers: stored,
    lang: 'en',
  });
  // Every earlier pass has run over it.
  for (const pass of [1, 2]) await store.team.maskStored(pass, (_id, answers) => answers);
  open.app = await buildServer({ ...teamServerOptions(store, () => now), surveys });
  expect((await store.team.getFeedback(id))!.answers).toEqual({
    comments: `write to ${MASK} or ${MASK}, or ring ${MASK}`,
    reason: MASK,
    topics: `Forms, Another topic, ${MASK}`,
    // The respondent's contact details, given to be contacted, are kept.
    email: 'jo_smith@example.co.uk',
    serviceName: survey.serviceName,
  });
}

describe('the masking pass over rows stored before masking saw what was typed', () => {
  it('masks what is left of addresses and numbers (SQLite)', () =>
    masksRemnants(openSqliteStore(':memory:')));

  const databaseUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!databaseUrl)('PostgreSQL', () => {
    let url: string;
    beforeAll(async () => {
      url = await ownSchema(databaseUrl!, 'test_masking_pass');
    });
    it('masks what is left of addresses and numbers (PostgreSQL)', async () =>
      masksRemnants(await openPostgresStore(url)));
  });
});
