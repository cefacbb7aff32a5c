// Team work kept off the respondent's path (issue 24, bounded work). On a SQLite file the team's
// searches run on a worker thread, and respondents asked for meanwhile are served (how many fit
// in one search is a speed, timed by `npm run bench:team`, never asserted here); the export
// streams with a respondent answered mid-stream (held by the stream itself, not by a clock); and
// both find exactly what the stored answers hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { distOptions, fakeDist, teamServerOptions } from '../server/fixtures';
import { addSession } from './helpers';

const now = new Date('2026-03-10T09:00:00Z');
const ROWS = 6000;
// Long answers, so that reading every one takes the search a noticeable while.
const filler = 'The form asked the same thing twice and I was not sure why. '.repeat(50);
// A quoted word: a character JSON escapes makes the search read every row's values.
const searched = '"slow"';
const matches = (i: number) => i % 3 === 0;

let dir: string;
let store: StoreWithTeam;
let app: FastifyInstance;
let base: string;
let cookie: string;
const ids: string[] = [];
// Server-side order of events: which requests were answered when.
const answered: string[] = [];

beforeAll(async () => {
  process.env.SEARCH_BUDGET_MS = '60000';
  dir = mkdtempSync(join(tmpdir(), 'off-path-'));
  store = openSqliteStore(join(dir, 'feedback.sqlite'));
  app = await buildServer({
    ...teamServerOptions(store, () => now),
    ...distOptions(fakeDist()),
  });
  // Stored once the server is up, as respondents' answers are: each is cut into words on the way
  // in, not by the start-up's catch-up over rows already there.
  for (let i = 0; i < ROWS; i += 500)
    ids.push(
      ...(
        await Promise.all(
          Array.from({ length: 500 }, (_, j) =>
            store.save({
              surveyId: 'fixture-pages',
              definitionHash: 'abcdef0123456789',
              receivedAt: new Date(Date.UTC(2026, 2, 1, 0, 0, 0, i + j)),
              answers: {
                howToImprove: `${filler}${matches(i + j) ? ` It was ${searched}.` : ''} ${i + j}`,
                serviceName: 'fixture-pages-service',
              },
              lang: 'en',
            }),
          ),
        )
      ).map((r) => r.id),
    );
  app.addHook('onResponse', async (request) => {
    answered.push(request.url.startsWith('/team/') ? request.url.split('?')[0]! : 'respondent');
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const member = await store.team.addMember('analyst@example.gov.uk', 'analyst', now);
  cookie = await addSession(store, member.id, 'off-path', now);
}, 120_000);

afterAll(async () => {
  delete process.env.SEARCH_BUDGET_MS;
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const respondentPage = async () => {
  const response = await fetch(`${base}/en/fixture-pages`);
  await response.text();
  return response.status;
};

describe('team work and respondents on a SQLite file', () => {
  it('answers respondents while a search of every response runs, and the search finds every match', async () => {
    let done = false;
    const search = fetch(`${base}/team/responses?q=${encodeURIComponent(searched)}`, {
      headers: { cookie },
    })
      .then((r) => r.text())
      .finally(() => (done = true));
    // One respondent after another until the search is answered: each is served in full.
    let during = 0;
    while (!done) {
      expect(await respondentPage()).toBe(200);
      during++;
    }
    const body = await search;
    const expected = Array.from({ length: ROWS }, (_, i) => i).filter(matches);
    expect(body).toContain(`${expected.length.toLocaleString('en-GB')} responses`);
    // The newest match is listed first.
    expect(body).toContain(`/team/responses/${ids[expected.at(-1)!]}`);
    // Every page asked for while it ran was answered, in the server's order of events. How many
    // fit in a search's time is a speed, not a fact that holds on any machine: `npm run
    // bench:team` measures a respondent's page while searches and an export run.
    expect(answered.filter((a) => a === 'respondent')).toHaveLength(during);
    expect(answered.filter((a) => a === '/team/responses')).toHaveLength(1);
  }, 60_000);

  it('answers a respondent in the middle of an export, and the export holds every response once, oldest first', async () => {
    answered.length = 0;
    const response = await fetch(`${base}/team/export.csv`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let csv = decoder.decode((await reader.read()).value, { stream: true });
    // The export has begun and is not finished: a respondent is answered now, not after it.
    expect(await respondentPage()).toBe(200);
    expect(answered).toEqual(['respondent']);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      csv += decoder.decode(value, { stream: true });
    }
    expect(answered).toEqual(['respondent', '/team/export.csv']);
    // Each row starts with its response id (a UUID) then its time; long answers are quoted.
    const rowIds = [...csv.matchAll(/\r\n([0-9a-f-]{36}),2026-/g)].map((m) => m[1]);
    expect(rowIds).toEqual(ids);
  }, 60_000);
});
