// Test submissions (issue 27): answers sent from a page opened through the editors' preview are
// stored marked as tests, kept out of everything the team sees, and purged after a day; the
// marker is honoured only when PREVIEW=true, with and without JavaScript.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { enumeratePaths, findPage } from '../../engine';
import { loadSurvey } from '../../src/definitions';
import { purgeExpired } from '../../server/retention';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { feedbackCsv } from '../../server/team/export';
import { API_KEY, fakeDist, fixtureSurveys, testServer, validBody } from './fixtures';
import { ownSchema } from './postgres-schema';

const at = (iso: string) => new Date(iso);

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;
afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

/** One real and one test submission of the fixture survey, a minute apart, on 1 March. */
async function realAndTest(s: StoreWithTeam) {
  const base = { surveyId: 'fixture-pages', definitionHash: 'h', lang: 'en' as const };
  const real = await s.save({
    ...base,
    receivedAt: at('2026-03-01T10:00:00.000Z'),
    answers: { howSatisfied: '4', howToImprove: 'Shorter forms please' },
  });
  const test = await s.save({
    ...base,
    receivedAt: at('2026-03-01T10:01:00.000Z'),
    answers: { howSatisfied: '1', howToImprove: 'Shorter test answers' },
    test: true,
  });
  return { real: real.id, test: test.id };
}

async function keptFromTheTeam(s: StoreWithTeam) {
  const surveys = fixtureSurveys();
  await s.team.keepTallies({ 'fixture-pages': ['howSatisfied'] });
  await s.team.keepWords({
    fields: { 'fixture-pages': 'howToImprove' },
    words: (record) => (record.answers.howToImprove ?? '').toLowerCase().split(/\W+/),
  });
  const ids = await realAndTest(s);
  const team = s.team;
  const day = { surveyId: 'fixture-pages', from: at('2026-03-01'), to: at('2026-03-02') };

  // Lists, counts, one response, a search, answers and the word index: the real one only.
  expect((await team.findFeedback({}, { limit: 10, offset: 0 })).map((r) => r.id)).toEqual([
    ids.real,
  ]);
  expect(await team.countFeedback({ surveyId: 'fixture-pages' })).toBe(1);
  expect(await team.getFeedback(ids.test)).toBeUndefined();
  expect(await team.getFeedback(ids.real)).toBeDefined();
  expect(await team.countFeedback({ text: 'shorter' })).toBe(1);
  expect((await team.answersOf({}, ['howSatisfied'])).map((r) => r.values)).toEqual([['4']]);
  expect(
    (await team.wordMatches({ words: { exact: ['shorter'], prefixes: [] } })).map((r) => r.id),
  ).toEqual([ids.real]);
  // Figures: whole days of one survey come from the per-day counts, an answer filter from the rows.
  const tally = await team.tallyFeedback(day, ['howSatisfied']);
  expect(tally.answers).toEqual([{ field: 'howSatisfied', value: '4', n: 1 }]);
  expect(tally.byLang).toEqual([{ lang: 'en', n: 1 }]);
  const rows = await team.tallyFeedback({ ...day, answers: [{ field: 'howSatisfied', is: '1' }] }, [
    'howSatisfied',
  ]);
  expect(rows.answers).toEqual([]);
  // Counted again from the rows when a survey's counted fields change: still the real one only.
  await s.team.keepTallies({ 'fixture-pages': ['howSatisfied', 'howToImprove'] });
  expect((await team.tallyFeedback(day, ['howSatisfied'])).answers).toEqual([
    { field: 'howSatisfied', value: '4', n: 1 },
  ]);
  // The export (the team's download and `npm run feedback:export` share it).
  let csv = '';
  for await (const chunk of feedbackCsv(
    { after: team.feedbackAfter, tagsOf: team.tagsOf, tags: team.listTags },
    { surveyId: 'fixture-pages' },
    { surveys: [surveys.get('fixture-pages')!], lang: 'en', choices: 'codes', showContact: true },
  ))
    csv += chunk;
  expect(csv).toContain(ids.real);
  expect(csv).not.toContain(ids.test);

  // The purge: a test submission goes after a day, a real one stays its months.
  expect(await purgeExpired(s, 3, at('2026-03-02T10:00:30.000Z'))).toBe(0);
  expect(await purgeExpired(s, 3, at('2026-03-02T10:01:00.001Z'))).toBe(1);
  expect(await s.has(ids.test)).toBe(false);
  expect(await s.has(ids.real)).toBe(true);
  // Deleting it left the per-day counts alone.
  expect((await team.tallyFeedback(day, ['howSatisfied'])).answers).toEqual([
    { field: 'howSatisfied', value: '4', n: 1 },
  ]);
}

describe('a test submission is kept from the team and purged after a day', () => {
  it('SQLite', async () => {
    store = openSqliteStore(':memory:');
    await keptFromTheTeam(store);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', async () => {
    const url = await ownSchema(process.env.TEST_DATABASE_URL!, 'test_submissions');
    store = await openPostgresStore(url);
    await keptFromTheTeam(store);
  });
});

const post = (headers: Record<string, string>) =>
  app!.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'x-api-key': API_KEY, ...headers },
    payload: validBody(),
  });

describe('the feedback API (with JavaScript)', () => {
  it('honours the test marker only when PREVIEW=true', async () => {
    ({ app, store } = await testServer({ preview: true }));
    const marked = await post({ 'x-test-submission': '1' });
    const plain = await post({});
    expect([marked.statusCode, plain.statusCode]).toEqual([201, 201]);
    const stored = await store.list();
    expect(stored.find((r) => r.id === marked.json().id)?.test).toBe(true);
    expect(stored.find((r) => r.id === plain.json().id)?.test).toBeUndefined();
  });

  it('ignores it otherwise: a respondent cannot hide their answers', async () => {
    ({ app, store } = await testServer());
    const marked = await post({ 'x-test-submission': '1' });
    expect(marked.statusCode).toBe(201);
    expect((await store.list())[0]?.test).toBeUndefined();
    expect(await store.team.countFeedback({})).toBe(1);
  });
});

/** A server with the real basic survey and the real server renderer (pages without JavaScript). */
async function pagesServer(preview: boolean) {
  const basic = (await loadSurvey('basic'))!;
  ({ app, store } = await testServer({
    surveys: new Map([['basic', { ...basic, hash: 'hash-of-basic' }]]),
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
    preview,
  }));
  const { pages, answers } = enumeratePaths(basic)[0]!;
  const last = findPage(basic, pages.at(-1)!)!;
  const form = new URLSearchParams();
  for (const field of last.fields)
    for (const value of [answers[field.name] ?? []].flat()) form.append(field.name, String(value));
  const send = (url: string) =>
    app!.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
  return { last: last.id, send };
}

describe('pages without JavaScript', () => {
  it("answers sent from a preview link's page are a test submission", async () => {
    const { last, send } = await pagesServer(true);
    const opened = await app!.inject({ url: `/preview/basic/open?path=0&page=${last}&lang=en` });
    expect(opened.statusCode).toBe(303);
    const sent = await send(opened.headers.location as string);
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/en/basic/finish']);
    expect((await store!.list()).map((r) => r.test)).toEqual([true]);
    expect(await store!.team.countFeedback({})).toBe(0);
  });

  it('a page opened from a preview link says, in its language, that it is a test run', async () => {
    const { last } = await pagesServer(true);
    for (const [lang, words] of [
      ['en', 'answers sent from here are test submissions'],
      ['cy', "mae atebion a anfonir o'r fan hon yn gyflwyniadau prawf"],
    ] as const) {
      const opened = await app!.inject({
        url: `/preview/basic/open?path=0&page=${last}&lang=${lang}`,
      });
      const page = await app!.inject({ url: opened.headers.location as string });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div class="govuk-width-container" id="test-run">');
      expect(page.body.replace(/&#x27;|&#39;/g, "'")).toContain(words);
    }
    // A respondent's own run says nothing of the kind.
    const own = await app!.inject({ url: '/en/basic' });
    expect(own.body).not.toContain('id="test-run"');
  });

  it('a draft marked by a preview sends real answers once PREVIEW is off', async () => {
    const { last, send } = await pagesServer(false);
    // The preview's route is not there...
    expect((await app!.inject({ url: `/preview/basic/open?path=0&page=${last}` })).statusCode).toBe(
      404,
    );
    // ...and a marked draft (say made while PREVIEW was on) is honoured no more.
    const basic = (await loadSurvey('basic'))!;
    const token = await store!.drafts.create('basic', new Date(), { test: true });
    await store!.drafts.save(token, enumeratePaths(basic)[0]!.answers, new Date());
    const sent = await send(`/en/basic/${last}?draft=${token}`);
    expect(sent.headers.location).toBe('/en/basic/finish');
    expect(await store!.team.countFeedback({})).toBe(1);
  });
});
