// Sending happens once without JavaScript too: the one-page survey's form, drawn by the server,
// carries a one-time submission key; two posts of that form (a double tap, two tabs, Back and
// Send again) store one row and both see the finish page, on SQLite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadSurvey } from '../../src/definitions';
import { openPostgresStore } from '../../server/storage/postgres';
import { storedKey } from '../../server/storage/submission-key';
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

/** The one-page survey among the fixture surveys (found by its layout, not named). */
async function onePageSurvey() {
  const { readdirSync } = await import('node:fs');
  const { definitionsDir } = await import('../../engine/check/folders');
  for (const file of readdirSync(definitionsDir()).filter((name) => name.endsWith('.json'))) {
    const survey = await loadSurvey(file.replace(/\.json$/, ''));
    if (survey?.layout === 'single') return survey;
  }
  throw new Error('no one-page survey among the definitions');
}

async function setup(
  open: () => Promise<StoreWithTeam> | StoreWithTeam,
  options: Parameters<typeof testServer>[0] = {},
) {
  const survey = await onePageSurvey();
  store = await open();
  ({ app } = await testServer({
    store,
    surveys: new Map([[survey.id, { ...survey, hash: 'hash-of-one-page' }]]),
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
    ...options,
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

/** Over the submission cap the answers wait in a draft; the form drawn from it, sent twice at
 *  once, stores one row (the draft and the key both hold it to one). */
function keptOverTheCap(open: () => Promise<StoreWithTeam> | StoreWithTeam) {
  return async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const { address, answers, finish } = await setup(open, {
      submissionsPerMinute: 1,
      clock: () => now,
    });
    expect(landing(await post(address, answers, await keyOfForm(address)))).toEqual([303, finish]);
    const typed = new URLSearchParams(answers);
    typed.set('howToImprove', 'Typed while the service was busy');
    const busy = await post(address, typed, await keyOfForm(address));
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    const back = /<a class="govuk-link" href="([^"]+)">Go back to your answers<\/a>/.exec(
      busy.body,
    );
    expect(back?.[1]).toMatch(new RegExp(`^${address}\\?draft=`));
    expect(await store!.count()).toBe(1);

    now = new Date(now.getTime() + 61_000);
    const kept = back![1]!.replace(/&amp;/g, '&');
    const page = await app!.inject({ method: 'GET', url: kept });
    expect(page.body).toContain('Typed while the service was busy</textarea>');
    const key = /name="submission-key" value="([^"]+)"/.exec(page.body)?.[1];
    const together = await Promise.all([post(kept, typed, key), post(kept, typed, key)]);
    expect(together.map(landing)).toEqual([
      [303, finish],
      [303, finish],
    ]);
    expect((await store!.list()).map((row) => row.answers.howToImprove)).toEqual([
      answers.get('howToImprove'),
      'Typed while the service was busy',
    ]);
  };
}

/** Back after sending: the form posts to another address than the page's (a browser drops its
 *  cached copy of an address posted to), so Back shows the page it kept, with the same key; a
 *  page drawn from a draft that was sent since says so instead of drawing a new form. */
function backAfterSending(open: () => Promise<StoreWithTeam> | StoreWithTeam) {
  return async () => {
    const { address, answers, finish } = await setup(open);
    const page = await app!.inject({ method: 'GET', url: address });
    // Kept by the browser for its history (revalidated otherwise), not `no-store`.
    expect(page.headers['cache-control']).toBe('no-cache');
    const action = /<form[^>]* action="([^"]*)"/.exec(page.body)?.[1];
    expect(action).toBe(`${address}?index`);
    const key = /name="submission-key" value="([^"]+)"/.exec(page.body)?.[1];
    expect(landing(await post(action!, answers, key))).toEqual([303, finish]);
    expect(landing(await post(action!, answers, key))).toEqual([303, finish]);
    expect(await store!.count()).toBe(1);

    // Sent from a page with errors (held in a draft): the draft's address shows the finish page.
    const errors = await post(action!, new URLSearchParams(), await keyOfForm(address));
    const held = String(errors.headers.location);
    expect(held).toMatch(new RegExp(`^${address}\\?draft=`));
    const again = await app!.inject({ method: 'GET', url: held });
    const heldAction = /<form[^>]* action="([^"]*)"/.exec(again.body)?.[1]?.replace(/&amp;/g, '&');
    expect(heldAction).toBe(`${held}&index`);
    const heldKey = /name="submission-key" value="([^"]+)"/.exec(again.body)?.[1];
    expect(landing(await post(heldAction!, answers, heldKey))).toEqual([303, finish]);
    expect(await store!.count()).toBe(2);
    expect(landing(await app!.inject({ method: 'GET', url: held }))).toEqual([302, finish]);
  };
}

describe('the one-page survey without JavaScript sends once', () => {
  it(
    'two posts of one form store one row and both see the finish page (SQLite)',
    sendsOnce(() => openSqliteStore(':memory:')),
    30_000,
  );

  it(
    'over the submission cap keeps the answers in a draft, whose form also sends once (SQLite)',
    keptOverTheCap(() => openSqliteStore(':memory:')),
    30_000,
  );

  it(
    'Back after sending: the form posts to its address marked ?index; a sent draft shows the finish page (SQLite)',
    backAfterSending(() => openSqliteStore(':memory:')),
    30_000,
  );
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)(
  'the one-page survey without JavaScript sends once (PostgreSQL)',
  () => {
    let url: string;
    // A fresh schema for each test: each counts the rows it stored.
    beforeEach(async () => {
      url = await ownSchema(databaseUrl!, 'test_nojs_send_once');
    });

    it(
      'two posts of one form store one row and both see the finish page',
      sendsOnce(() => openPostgresStore(url)),
      30_000,
    );

    it(
      'over the submission cap keeps the answers in a draft, whose form also sends once',
      keptOverTheCap(() => openPostgresStore(url)),
      30_000,
    );

    it('a post whose key another request is storing waits for it, then sees the finish page', async () => {
      const { address, answers, finish } = await setup(() => openPostgresStore(url));
      const key = (await keyOfForm(address))!;
      // The first request's transaction, not yet committed: its row holds the key (as stored:
      // with its survey, server/storage/submission-key.ts).
      const surveyId = address.split('/').at(-1)!;
      const firstId = randomUUID();
      const first = new pg.Client({ connectionString: url });
      await first.connect();
      try {
        await first.query('BEGIN');
        await first.query(
          `INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, submission_key)
           VALUES ($1, $2, 'first', now(), '{}', $3)`,
          [firstId, surveyId, storedKey(surveyId, key)],
        );
        let settled = false;
        const second = post(address, answers, key).finally(() => (settled = true));
        await new Promise((wait) => setTimeout(wait, 500));
        expect(settled).toBe(false); // held by the unique index until the first commits
        await first.query('COMMIT');
        expect(landing(await second)).toEqual([303, finish]);
      } finally {
        await first.end();
      }
      expect(await store!.count()).toBe(1);
      expect((await store!.list())[0]!.id).toBe(firstId);
    });
  },
);

describe('the one-page survey without JavaScript over the client limit', () => {
  it.each([
    ['en', 'Sorry, the service is unavailable', 'Go back to your answers'],
    ['cy', "Mae'n ddrwg gennym, nid yw'r gwasanaeth ar gael", 'Ewch yn ôl at eich atebion'],
  ])(
    '%s: the "try again later" page, with Retry-After, carries the answers back; nothing typed is lost',
    async (lang, title, back) => {
      let now = new Date('2026-11-20T10:00:00Z');
      const survey = await onePageSurvey();
      store = openSqliteStore(':memory:');
      ({ app } = await testServer({
        store,
        surveys: new Map([[survey.id, { ...survey, hash: 'hash-of-one-page' }]]),
        staticDir: fakeDist(),
        serverEntry: resolve('src/entry-server.tsx'),
        rateLimit: { max: 1, timeWindowMs: 60_000 },
        clock: () => now,
      }));
      const address = `/${lang}/${survey.id}`;
      const form = (text: string) => {
        const answers = new URLSearchParams();
        for (const field of survey.pages[0]!.fields)
          answers.set(field.name, field.options?.at(-1)?.value ?? text);
        return answers;
      };
      const firstKey = await keyOfForm(address);
      expect(landing(await post(address, form('First answers sent'), firstKey))).toEqual([
        303,
        `${address}/finish`,
      ]);

      // Over the limit now: a second form is not stored, and its answers come back in the page.
      const typed = form('Answers typed while the limit was reached');
      const over = await post(address, typed, await keyOfForm(address));
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['cache-control']).toBe('no-store');
      expect(over.body).toContain(
        `<h1 class="govuk-heading-l">${title.replace(/'/g, '&#x27;')}</h1>`,
      );
      const carried = /<form([^>]*)>([\s\S]*?)<\/form>/.exec(over.body);
      expect(carried?.[1]).toContain(`action="${address}"`);
      expect(carried?.[1]).toContain('method="post"');
      expect(carried?.[2]).toContain(back);
      const fields = [
        ...carried![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g),
      ];
      const again = new URLSearchParams(fields.map(([, name, value]) => [name!, value!]));
      for (const [name, value] of typed) expect(again.get(name), name).toBe(value);
      expect(await store.count()).toBe(1);
      // The first form posted again (a double tap) is sent already: the finish page.
      expect(landing(await post(address, form('First answers sent'), firstKey))).toEqual([
        303,
        `${address}/finish`,
      ]);

      // A minute later, the button draws the form filled in; nothing is sent yet.
      now = new Date(now.getTime() + 61_000);
      const button = /<button[^>]*>/.exec(carried![2]!)![0];
      const withButton = new URLSearchParams(again);
      withButton.set(/name="([^"]+)"/.exec(button)![1]!, /value="([^"]+)"/.exec(button)![1]!);
      const filled = await app!.inject({
        method: 'POST',
        url: address,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: withButton.toString(),
      });
      expect(filled.statusCode).toBe(200);
      expect(filled.body).toContain('Answers typed while the limit was reached</textarea>');
      expect(filled.body).not.toContain('govuk-error-summary');
      // Each choice drawn ticked as posted.
      for (const field of survey.pages[0]!.fields.filter((f) => f.options)) {
        const ticked = new RegExp(`<input[^>]*name="${field.name}" checked="" value="([^"]*)"`);
        expect(ticked.exec(filled.body)?.[1], field.name).toBe(field.options!.at(-1)!.value);
      }
      expect(await store.count()).toBe(1);

      // And Send from that page stores them.
      now = new Date(now.getTime() + 61_000);
      expect(landing(await post(address, typed, await keyOfForm(address)))).toEqual([
        303,
        `${address}/finish`,
      ]);
      expect(
        (await store.list()).map((row) => row.answers[survey.pages[0]!.fields.at(-1)!.name]),
      ).toEqual(['First answers sent', 'Answers typed while the limit was reached']);
    },
    30_000,
  );
});
