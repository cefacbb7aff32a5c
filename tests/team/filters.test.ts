// Every team filter is checked (issue 24 item 6): wrong dates, surveys, languages and answers
// give an error summary in English and Welsh instead of every response; Other answers can be
// filtered and their text pages list them; ranges are no longer than a page can show.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadSurveys } from '../../engine/check/load';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { parseFilter } from '../../server/team/filters';
import { fakeDist, fixtureSurveys } from '../server/fixtures';
import { addSession } from './helpers';

const now = new Date('2026-03-10T09:00:00Z');
const surveys = fixtureSurveys();
const parse = (q: Record<string, string | string[]>, ranged = true) =>
  parseFilter(q, { surveys, now, ranged });
const errorsOf = (q: Record<string, string>) => parse(q).errors.map((e) => `${e.field} ${e.key}`);

describe('parseFilter', () => {
  it('covers the last 30 days by default, today included', () => {
    const { filter, errors } = parse({});
    expect(errors).toEqual([]);
    expect(filter.from).toEqual(new Date('2026-02-09T00:00:00Z'));
    expect(filter.to).toEqual(new Date('2026-03-11T00:00:00Z'));
  });

  it('reads a range, both days included', () => {
    const { filter, errors, kept } = parse({ from: '2026-03-01', to: '2026-03-02' });
    expect(errors).toEqual([]);
    expect(filter.from).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(filter.to).toEqual(new Date('2026-03-03T00:00:00Z'));
    expect(kept).toEqual({ from: '2026-03-01', to: '2026-03-02' });
  });

  it('refuses impossible, malformed, future and reversed dates', () => {
    expect(errorsOf({ from: '2026-02-30' })).toEqual(['from filterFromInvalid']);
    expect(errorsOf({ to: '2026-13-01' })).toEqual(['to filterToInvalid']);
    expect(errorsOf({ from: '1/3/2026' })).toEqual(['from filterFromInvalid']);
    expect(errorsOf({ from: '2026-03-11' })).toEqual(['from filterFromFuture']);
    expect(errorsOf({ to: '2027-01-01' })).toEqual(['to filterToFuture']);
    expect(errorsOf({ from: '2026-03-05', to: '2026-03-04' })).toEqual(['from filterReversed']);
    // Today is fine; 29 February only in a leap year.
    expect(errorsOf({ from: '2026-03-10', to: '2026-03-10' })).toEqual([]);
    expect(errorsOf({ from: '2025-02-29' })).toEqual(['from filterFromInvalid']);
    expect(errorsOf({ from: '2024-02-29', to: '2024-03-01' })).toEqual([]);
  });

  it('limits a range to 366 days', () => {
    expect(errorsOf({ from: '1900-01-01' })).toEqual(['from filterTooLong']);
    // 2025-03-10 to 2026-03-10 is 366 days, both included.
    expect(errorsOf({ from: '2025-03-10' })).toEqual([]);
    expect(errorsOf({ from: '2025-03-09' })).toEqual(['from filterTooLong']);
  });

  it('refuses unknown surveys, languages, answers and tags', () => {
    expect(errorsOf({ survey: 'nope' })).toEqual(['survey filterSurveyUnknown']);
    expect(errorsOf({ respondentLang: 'fr' })).toEqual(['respondentLang filterLangUnknown']);
    expect(errorsOf({ contact: 'maybe' })).toEqual(['contact filterContactUnknown']);
    for (const answer of ['howSatisfied:9', 'nope:1', 'howSatisfied', 'howToImprove:x'])
      expect(errorsOf({ answer })).toEqual(['answer filterAnswerUnknown']);
    expect(errorsOf({ tag: 'x' })).toEqual(['tag filterTagUnknown']);
    // An answer of another survey than the chosen one.
    expect(errorsOf({ survey: 'fixture-single', answer: 'howSatisfied:5' })).toEqual([
      'answer filterAnswerUnknown',
    ]);
  });

  it('turns a valid query into the store filter', () => {
    const { filter, errors } = parse(
      {
        survey: 'fixture-pages',
        respondentLang: 'cy',
        answer: 'howSatisfied:5',
        q: ' quicker ',
      },
      false,
    );
    expect(errors).toEqual([]);
    expect(filter).toEqual({
      surveyId: 'fixture-pages',
      lang: 'cy',
      answers: [{ field: 'howSatisfied', is: '5' }],
      text: 'quicker',
    });
  });

  // Issue 32 item 7: `answer=a:x&answer=b:y` was a 500 (a list has no trim).
  it('takes any number of answers, all of them applying, each kept for its own tag', () => {
    const { filter, errors, kept } = parse({
      survey: 'fixture-pages',
      answer: ['howSatisfied:5', 'email:jo@example.com', ' howSatisfied:4 '],
    });
    expect(errors).toEqual([]);
    expect(filter.answers).toEqual([
      { field: 'howSatisfied', is: '5' },
      { field: 'email', is: 'jo@example.com' },
      { field: 'howSatisfied', is: '4' },
    ]);
    expect(kept.answer).toEqual(['howSatisfied:5', 'email:jo@example.com', 'howSatisfied:4']);
    // One not understood is an error; the others stay.
    const wrong = parse({ answer: ['howSatisfied:5', 'howSatisfied:9'] });
    expect(wrong.errors.map((e) => e.key)).toEqual(['filterAnswerUnknown']);
    expect(wrong.kept.answer).toEqual(['howSatisfied:5']);
    // A name read once, given twice, is read once.
    expect(parse({ q: ['first', 'second'] }).filter.text).toBe('first');
  });
});

// The real basic survey: whyDidYouApply sends an Other answer in the option's place.
describe('Other answers and the team pages', () => {
  let app: FastifyInstance;
  let store: StoreWithTeam;
  afterEach(async () => {
    await app?.close();
    await store?.close();
  });

  async function setup() {
    store = openSqliteStore(':memory:');
    app = await buildServer({
      surveys: loadSurveys().surveys,
      store,
      staticDir: fakeDist(),
      retentionMonths: false,
      rateLimit: false,
      clock: () => now,
    });
    const save = (answers: Record<string, string>, lang: 'en' | 'cy') =>
      store.save({
        surveyId: 'basic',
        definitionHash: 'h',
        receivedAt: new Date('2026-03-02T10:00:00Z'),
        answers: { ...answers, serviceName: 'x' },
        lang,
      });
    await save({ whyDidYouApply: 'Job' }, 'en');
    await save({ whyDidYouApply: 'For my adoption panel' }, 'en');
    await save({ whyDidYouApply: 'Ar gyfer fy mhanel mabwysiadu' }, 'cy');
    await save({ whyDidYouApply: 'Volunteering' }, 'cy');
    const member = await store.team.addMember('analyst@example.gov.uk', 'analyst', now);
    const cookie = await addSession(store, member.id, 's', now);
    return (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  }

  it('answer=whyDidYouApply:Other finds what the chart counts', async () => {
    const get = await setup();
    const list = await get('/team/responses?survey=basic&answer=whyDidYouApply%3AOther');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('2 responses');
    const chart = await get('/team/questions/basic/whyDidYouApply');
    // The table's Other row: 2 of 4.
    expect(chart.body).toMatch(/Another reason<\/th><td[^>]*>2<\/td><td[^>]*>50%<\/td>/);
    // A segment of the Other answers in Welsh: one.
    const welsh = await get(
      '/team/questions/basic/whyDidYouApply?respondentLang=cy&answer=whyDidYouApply%3AOther',
    );
    expect(welsh.body).toMatch(/Another reason<\/th><td[^>]*>1<\/td><td[^>]*>100%<\/td>/);
  });

  it('the Other text page lists the Other answers, searchable', async () => {
    const get = await setup();
    const page = await get('/team/questions/basic/whyDidYouApplyOther');
    expect(page.body).toContain('2 responses');
    expect(page.body).toContain('For my adoption panel');
    expect(page.body).toContain('Ar gyfer fy mhanel mabwysiadu');
    const search = await get('/team/questions/basic/whyDidYouApplyOther?q=ADOPTION');
    expect(search.body).toContain('1 response');
    expect(search.body).not.toContain('mabwysiadu');
  });

  it('shows an error summary, in English and Welsh, and no responses for a wrong filter', async () => {
    const get = await setup();
    for (const path of ['/team', '/team/responses', '/team/questions/basic/whyDidYouApply']) {
      const en = await get(`${path}?from=2026-02-30&respondentLang=fr`);
      expect(en.statusCode).toBe(400);
      expect(en.body).toMatch(/<title>Error: /);
      expect(en.body).toContain('There is a problem');
      expect(en.body).toContain('<a href="#from">Received from must be a real date');
      expect(en.body).toContain('<a href="#respondentLang">Select a language from the list');
      expect(en.body).toContain('id="from-error"');
      expect(en.body).not.toContain('Another reason</th>');
      const cy = await get(`${path}?from=2026-02-30&lang=cy`);
      expect(cy.body).toMatch(/<title>Gwall: /);
      expect(cy.body).toContain('Mae problem');
      expect(cy.body).toContain('fod yn ddyddiad go iawn');
    }
    const list = await get('/team/responses?to=2030-01-01');
    expect(list.body).toContain('No responses');
    expect(list.body).toContain('Received up to must be today or in the past');
    // The export never falls back to every response.
    const csv = await get('/team/export.csv?from=2026-02-30');
    expect(csv.statusCode).toBe(400);
    expect(csv.body).not.toContain('adoption');
  });

  it('keeps the filter on the language link and removes one with its tag', async () => {
    const get = await setup();
    const page = await get('/team?survey=basic&respondentLang=cy&from=2026-03-01');
    expect(page.statusCode).toBe(200);
    // The language link: the query as asked, in Welsh.
    const has = (html: string) => page.body.includes(html);
    expect(
      has('href="/team?survey=basic&amp;respondentLang=cy&amp;from=2026-03-01&amp;lang=cy"'),
    ).toBe(true);
    // The Welsh tag links to the page without the language filter.
    expect(/href="\/team\?survey=basic&amp;from=2026-03-01">Welsh/.test(page.body)).toBe(true);
    // Question links keep the filter (not the survey, the address names it).
    expect(
      has('href="/team/questions/basic/whyDidYouApply?from=2026-03-01&amp;respondentLang=cy"'),
    ).toBe(true);
  });
});
