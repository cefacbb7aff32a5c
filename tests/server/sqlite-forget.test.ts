// Nothing typed is left in the SQLite files once a draft is sent or has expired: the text of a
// draft written without JavaScript (a phone number and an email address in a comment) is gone
// from the database file and its write-ahead log, which otherwise keeps the pages as they were
// until a checkpoint (server/storage/sqlite-forget.ts).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist, testServer } from './fixtures';

const t = (en: string) => ({ en, cy: `${en} (cy)` });
const definition: SurveyDefinition = {
  id: 'fixture-forget',
  serviceName: 'fixture-forget-service',
  title: t('Drafts'),
  duration: 2,
  theme: 'default',
  layout: 'pages',
  start: { heading: t('Give feedback'), paragraphs: [t('Start')], privacy: t('Privacy') },
  pages: [
    { id: 'q1', fields: [{ name: 'comments', type: 'textarea', label: t('Comments?') }] },
    {
      id: 'q2',
      submit: true,
      fields: [
        { name: 'howEasy', type: 'radios', scale: 'ease', label: t('How easy?'), required: true },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = {
  ...resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks),
  hash: 'hash-forget',
};

const PHONE = '07700 900461';
const EMAIL = 'rhian.forget@example.co.uk';
const TYPED = `Please ring ${PHONE} or write to ${EMAIL}`;

let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

/** Whether `marker` appears in the raw bytes of the database file or its write-ahead log. */
function onDisk(file: string, marker: string | Buffer): boolean {
  return [file, `${file}-wal`].some(
    (path) => existsSync(path) && readFileSync(path).includes(marker),
  );
}

/** The draft's stored answers, as the database holds them (read on a connection of its own). */
function storedDraft(file: string): Buffer {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT answers FROM draft ORDER BY last_activity DESC').get() as {
      answers: string;
    };
    return Buffer.from(row.answers);
  } finally {
    db.close();
  }
}

let minutes = 0;
const clock = () => new Date(Date.UTC(2026, 4, 1, 9, minutes));

async function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'feedback-forget-')), 'feedback.sqlite');
  const store = openSqliteStore(file, { forgetEveryMs: 20 });
  const { app } = await testServer({
    store,
    surveys: new Map([[survey.id, survey]]),
    clock,
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
  });
  open = { app, store };
  const post = async (path: string, form: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(303);
    return String(response.headers.location);
  };
  // Start, then the comment typed on the first page: it waits in the draft.
  const first = await post(`/en/${survey.id}`, {});
  const second = await post(first, { comments: TYPED });
  expect(second).toMatch(/\/q2\?draft=/);
  const draft = storedDraft(file);
  // What the draft holds of the text is on disk (in the log at least) while the draft is live.
  expect(onDisk(file, draft)).toBe(true);
  return { file, store, post, second, draft };
}

const gone = (file: string, ...markers: (string | Buffer)[]) =>
  vi.waitFor(() => expect(markers.filter((m) => onDisk(file, m))).toEqual([]), {
    timeout: 10_000,
    interval: 20,
  });

describe('SQLite keeps no copy of a draft once it has gone', () => {
  it('a draft sent without JavaScript', async () => {
    minutes = 0;
    const { file, post, second, draft } = await setup();
    expect(await post(second, { howEasy: '5' })).toMatch(/\/finish$/);
    await gone(file, PHONE, EMAIL, draft);
  });

  it('a draft left to expire, found expired when its page is asked for again', async () => {
    minutes = 0;
    const { file, second, draft } = await setup();
    minutes = 61;
    const page = await open.app!.inject({ method: 'GET', url: second });
    expect(page.statusCode).toBeLessThan(500);
    await gone(file, PHONE, EMAIL, draft);
  });

  it('a draft left to expire, deleted by the purge', async () => {
    minutes = 0;
    const { file, store, draft } = await setup();
    expect(await store.drafts.deleteIdle(new Date(Date.UTC(2026, 4, 1, 10)))).toBe(1);
    await gone(file, PHONE, EMAIL, draft);
  });
});
