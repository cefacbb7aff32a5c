// Sending happens once without JavaScript too: the one-page survey's form, drawn by the server,
// carries a one-time submission key; two posts of that form (a double tap, two tabs, Back and
// Send again) store one row and both see the finish page, on SQLite and on PostgreSQL.
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadSurvey } from '../../src/definitions';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist, testServer } from './fixtures';
import { ownSchema } from './postgres-schema';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;

afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

/** The one-page survey among the definitions (found by its layout, not named). */
async function onePageSurvey() {
  const { readdirSync } = await import('node:fs');
  for (const file of readdirSync('definitions').filter((name) => name.endsWith('.json'))) {
    const survey = await loadSurvey(file.replace(/\.json$/, ''));
    if (survey?.layout === 'single') return survey;
  }
  throw new Error('no one-page survey among the definitions');
}

async function setup(open: () => Promise<StoreWithTeam> | StoreWithTeam) {
  const survey = await onePageSurvey();
  store = await open();
  ({ app } = await testServer({
    store,
    surveys: new Map([[survey.id, { ...survey, hash: 'hash-of-one-page' }]]),
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
  }));
  const address = `/en/${survey.id}`;
  // Every required field answered with its first option; the free text with words.
  const answers = new URLSearchParams();
  for (const field of survey.pages[0]!.fields)
    answers.set(field.name, field.options?.[0]?.value ?? 'Clearer letters please');
  return { address, answers, finish: `${address}/finish` };
}

/** The key in the form the server draws at `address`. */
async function keyOfForm(address: string): Promise<string | undefined> {
  const page = await app!.inject({ method: 'GET', url: address });
  expect(page.statusCode).toBe(200);
  return /<input type="hidden" name="submission-key" value="([^"]*)"/.exec(page.body)?.[1];
}

const post = (address: string, form: URLSearchParams, key?: string) => {
  const payload = new URLSearchParams(form);
  if (key !== undefined) payload.set('submission-key', key);
  return app!.inject({
    method: 'POST',
    url: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: payload.toString(),
  });
};

const landing = (response: { statusCode: number; headers: Record<string, unknown> }) => [
  response.statusCode,
  response.headers.location,
];

function sendsOnce(open: () => Promise<StoreWithTeam> | StoreWithTeam) {
  return async () => {
    const { address, answers, finish } = await setup(open);
    const key = await keyOfForm(address);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Each form drawn has its own key.
    expect(await keyOfForm(address)).not.toBe(key);

    // A double tap: two posts of the same form at once.
    const together = await Promise.all([post(address, answers, key), post(address, answers, key)]);
    expect(together.map(landing)).toEqual([
      [303, finish],
      [303, finish],
    ]);
    expect(await store!.count()).toBe(1);

    // Back, then Send again (other answers): still the first row, and the finish page.
    const changed = new URLSearchParams(answers);
    changed.set('howToImprove', 'Something else entirely');
    expect(landing(await post(address, changed, key))).toEqual([303, finish]);
    expect(await store!.count()).toBe(1);
    expect((await store!.list())[0]!.answers.howToImprove).toBe(answers.get('howToImprove'));

    // A page drawn before keys (none posted) or a malformed key still sends, each time.
    expect(landing(await post(address, answers))).toEqual([303, finish]);
    expect(landing(await post(address, answers, 'not a key!'))).toEqual([303, finish]);
    expect(await store!.count()).toBe(3);
    // Another form is another row.
    expect(landing(await post(address, answers, await keyOfForm(address)))).toEqual([303, finish]);
    expect(await store!.count()).toBe(4);
  };
}

describe('the one-page survey without JavaScript sends once', () => {
  it(
    'two posts of one form store one row and both see the finish page (SQLite)',
    sendsOnce(() => openSqliteStore(':memory:')),
    30_000,
  );
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)(
  'the one-page survey without JavaScript sends once (PostgreSQL)',
  () => {
    let url: string;
    beforeAll(async () => {
      url = await ownSchema(databaseUrl!, 'test_nojs_send_once');
    });

    it(
      'two posts of one form store one row and both see the finish page',
      sendsOnce(() => openPostgresStore(url)),
      30_000,
    );
  },
);
