// The Other text a choice sends inside its answer ('append', 'replace') is free text: masked
// when the answer is stored (API and no-JavaScript path, both stores) and by the start-up pass
// over old rows, the option part left as it was so the team's figures still count it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import {
  allFields,
  resolveSurvey,
  typeOf,
  type SharedBlocks,
  type SurveyDefinition,
} from '../../engine/index';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { figuresFromTally } from '../../server/team/figures';
import { MASK, maskAnswers } from '../../server/team/privacy';
import { API_KEY, fakeDist, testServer } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';

const t = (en: string) => ({ en, cy: `${en} (cy)` });
const definition: SurveyDefinition = {
  id: 'fixture-other',
  serviceName: 'fixture-other-service',
  title: t('Other texts'),
  duration: 1,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      submit: true,
      fields: [
        {
          name: 'reason',
          type: 'radios',
          label: t('Why?'),
          options: [
            { value: 'Price', label: t('Price') },
            { value: 'Other', label: t('Something else'), other: true },
          ],
          send: { other: 'replace' },
        },
        {
          name: 'topics',
          type: 'checkboxes',
          label: t('Which?'),
          options: [
            { value: 'Forms', label: t('Forms') },
            { value: 'Letters', label: t('Letters') },
            { value: 'Other', label: t('Another topic'), other: true },
          ],
          send: { other: 'append' },
        },
        {
          name: 'where',
          type: 'radios',
          label: t('Where?'),
          options: [
            { value: 'Online', label: t('Online') },
            { value: 'Other', label: t('Somewhere else'), other: true },
          ],
        },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks);
const surveys = new Map([[survey.id, { ...survey, hash: 'hash-other' }]]);

// What the service stores for a respondent who chose Other and typed personal data (the cleaning
// has dropped the '@'), and what it must store instead.
const typed = {
  reason: 'call me on 07700 900123 or samexample.com',
  topics: 'Forms, Another topic, ring 07700 900123 please',
  where: 'Other',
  whereOther: 'near SW1A 1AA',
  serviceName: definition.serviceName,
};
const masked = {
  reason: `call me on ${MASK} or ${MASK}`,
  topics: `Forms, Another topic, ring ${MASK} please`,
  where: 'Other',
  whereOther: `near ${MASK}`,
  serviceName: definition.serviceName,
};

describe('writeSent', () => {
  const field = (name: string) => allFields(survey).find((f) => f.name === name)!;
  const roundTrip = (name: string, sent: string) =>
    typeOf(field(name)).writeSent(field(name), typeOf(field(name)).parseSent(field(name), sent));

  it('writes what parseSent read back as it was sent', () => {
    for (const sent of ['Price', 'too slow', 'Other']) expect(roundTrip('reason', sent)).toBe(sent);
    for (const sent of ['Forms', 'Forms, Letters', 'Another topic', 'Letters, Another topic, ok'])
      expect(roundTrip('topics', sent)).toBe(sent);
    expect(roundTrip('where', 'Other')).toBe('Other');
  });

  it('keeps an Other text as given, with characters the cleaning would drop', () => {
    const topics = field('topics');
    expect(typeOf(topics).writeSent(topics, { value: ['Forms', 'Other'], other: '[…] x' })).toBe(
      'Forms, Another topic, […] x',
    );
    const reason = field('reason');
    expect(typeOf(reason).writeSent(reason, { value: 'Other', other: '[…]' })).toBe('[…]');
  });
});

describe('maskAnswers on an Other text', () => {
  it("masks it inside a 'replace' answer", () => {
    expect(maskAnswers(survey, { reason: typed.reason })).toEqual({ reason: masked.reason });
  });

  it("masks it inside an 'append' answer, the chosen options kept", () => {
    expect(maskAnswers(survey, { topics: typed.topics })).toEqual({ topics: masked.topics });
    expect(maskAnswers(survey, { topics: 'Letters, Another topic, sam@example.com' })).toEqual({
      topics: `Letters, Another topic, ${MASK}`,
    });
  });

  it('masks it sent as its own field', () => {
    expect(maskAnswers(survey, { where: 'Other', whereOther: typed.whereOther })).toEqual({
      where: 'Other',
      whereOther: masked.whereOther,
    });
  });

  it('leaves answers without personal data, and masked ones, as they are', () => {
    const plain = { reason: 'too slow', topics: 'Forms, Letters', where: 'Online' };
    expect(maskAnswers(survey, plain)).toEqual(plain);
    expect(maskAnswers(survey, { reason: 'Price', topics: 'Another topic' })).toEqual({
      reason: 'Price',
      topics: 'Another topic',
    });
    expect(maskAnswers(survey, masked)).toEqual(masked);
  });
});

let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z') };
const clock = () => new Date('2026-03-02T10:00:00Z');

/** How many responses the team's figures count for each option of a question. */
async function counts(store: StoreWithTeam, name: string) {
  const tally = await store.team.tallyFeedback({ surveyId: survey.id, ...range }, [
    'reason',
    'topics',
    'where',
  ]);
  const question = figuresFromTally(survey, {}, tally, range).questions.find(
    (q) => q.field.name === name,
  )!;
  return Object.fromEntries(question.distribution.map((bar) => [bar.value, bar.count]));
}

async function storesMasked(store: StoreWithTeam) {
  open.store = store;
  const { app } = await testServer({ store, surveys, clock });
  open.app = app;
  const response = await app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    payload: JSON.stringify({ ...typed, reason: 'call me on 07700 900123 or sam@example.com' }),
  });
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  expect((await store.team.getFeedback(id))!.answers).toEqual(masked);
  expect(await counts(store, 'reason')).toEqual({ Price: 0, Other: 1 });
  expect(await counts(store, 'topics')).toEqual({ Forms: 1, Letters: 0, Other: 1 });
  expect(await counts(store, 'where')).toEqual({ Online: 0, Other: 1 });
}

/** The same answers posted without JavaScript (the one-page form), stored the same way. */
async function storesMaskedWithoutScript(store: StoreWithTeam) {
  open.store = store;
  const { app } = await testServer({
    store,
    surveys,
    clock,
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
  });
  open.app = app;
  const form = new URLSearchParams([
    ['reason', 'Other'],
    ['reasonOther', 'call me on 07700 900123 or sam@example.com'],
    ['topics', 'Forms'],
    ['topics', 'Other'],
    ['topicsOther', 'ring 07700 900123 please'],
    ['where', 'Other'],
    ['whereOther', 'near SW1A 1AA'],
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/en/${survey.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect([response.statusCode, response.headers.location]).toEqual([
    303,
    `/en/${survey.id}/finish`,
  ]);
  const [record] = await store.list();
  expect(record!.answers).toEqual(masked);
  expect(await counts(store, 'reason')).toEqual({ Price: 0, Other: 1 });
}

async function passMasksOldRows(store: StoreWithTeam) {
  open.store = store;
  // Stored as the code before this change did: the Other texts as typed.
  const old = await store.save({
    surveyId: survey.id,
    definitionHash: 'hash-other',
    receivedAt: clock(),
    answers: typed,
    lang: 'en',
  });
  // A database where the first masking pass (free-text fields only) has run already.
  expect(await store.team.maskStored(1, (_id, answers) => answers)).toBe(0);
  const { app } = await testServer({ store, surveys, clock });
  open.app = app;
  expect((await store.team.getFeedback(old.id))!.answers).toEqual(masked);
  // Counted as before, and the counts no longer hold the typed text.
  expect(await counts(store, 'reason')).toEqual({ Price: 0, Other: 1 });
  expect(await counts(store, 'topics')).toEqual({ Forms: 1, Letters: 0, Other: 1 });
  const tally = await store.team.tallyFeedback({ surveyId: survey.id, ...range }, [
    'reason',
    'topics',
  ]);
  expect(JSON.stringify(tally)).not.toMatch(/07700|samexample/);
  // Deleting the row takes it off the counts.
  await store.team.deleteFeedback(old.id);
  expect(await counts(store, 'reason')).toEqual({ Price: 0, Other: 0 });
  expect(await counts(store, 'topics')).toEqual({ Forms: 0, Letters: 0, Other: 0 });
}

describe('storing an Other text on SQLite', () => {
  it('stores it masked through the API, and the figures count the option', async () => {
    await storesMasked(openSqliteStore(':memory:'));
  });
  it('stores it masked from a form posted without JavaScript', async () => {
    await storesMaskedWithoutScript(openSqliteStore(':memory:'));
  });
  it('masks it in rows stored before, at start', async () => {
    await passMasksOldRows(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('storing an Other text on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_mask_other');
  });
  it('stores it masked through the API, and the figures count the option', async () => {
    await storesMasked(await openPostgresStore(postgresUrl));
  });
  it('stores it masked from a form posted without JavaScript', async () => {
    await ownSchema(databaseUrl!, 'test_mask_other');
    await storesMaskedWithoutScript(await openPostgresStore(postgresUrl));
  });
  it('masks it in rows stored before, at start', async () => {
    await ownSchema(databaseUrl!, 'test_mask_other');
    await passMasksOldRows(await openPostgresStore(postgresUrl));
  });
});
