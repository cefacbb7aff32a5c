// Segments by a ticked checkbox (issue 25 item 1, "any choice answer"): the real barring
// survey's checkbox list, whose Other option is sent as its label then its text ('append'),
// answered in known ways; a response is in the segment when it ticked the option.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSurveys } from '../../engine/check/load';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { parseFilter } from '../../server/team/filters';
import { ownSchema } from '../server/postgres-schema';
import { fakeDist } from '../server/fixtures';
import { signedIn, teamServer } from './helpers';

const now = new Date('2026-03-10T09:00:00Z');
const surveys = loadSurveys().surveys;
const FIELD = 'whyDidYouUseThePreReferralCheck';
const CHECK = 'To check if a referral was needed';
const DUTY = 'To understand the duty to refer';
const SOMEONE = 'Someone suggested it';

// Sent lists as the engine sends them: options in their order, the Other entry ("Another
// reason", its English label, then its text) last.
const ANSWERS: [string | undefined, 'en' | 'cy'][] = [
  [`${CHECK}, ${SOMEONE}`, 'en'],
  [SOMEONE, 'cy'],
  // Other's own text holds an option's words: not a tick of that option.
  [`Another reason, a colleague, ${SOMEONE}`, 'en'],
  [`${DUTY}, Another reason`, 'cy'],
  [CHECK, 'en'],
  [undefined, 'en'],
];

async function seed(store: StoreWithTeam) {
  const ids: string[] = [];
  for (const [i, [sent, lang]] of ANSWERS.entries()) {
    const saved = await store.save({
      surveyId: 'barring',
      definitionHash: 'h',
      receivedAt: new Date(Date.UTC(2026, 2, 2 + i, 10)),
      answers: { serviceName: 'x', ...(sent === undefined ? {} : { [FIELD]: sent }) },
      lang,
    });
    ids.push(saved.id);
  }
  return ids;
}

/** The seeded responses (by index) that a segment of `value` finds. */
async function segment(store: StoreWithTeam, ids: string[], value: string, more = {}) {
  const { filter, errors } = parseFilter(
    { survey: 'barring', answer: `${FIELD}:${value}`, ...more },
    { surveys, now },
  );
  expect(errors).toEqual([]);
  const rows = await store.team.findFeedback(filter, { limit: 10, offset: 0 });
  return rows.map((r) => ids.indexOf(r.id)).sort();
}

async function findsTicked(store: StoreWithTeam) {
  const ids = await seed(store);
  expect(await segment(store, ids, CHECK)).toEqual([0, 4]);
  expect(await segment(store, ids, SOMEONE)).toEqual([0, 1]);
  expect(await segment(store, ids, DUTY)).toEqual([3]);
  expect(await segment(store, ids, 'Other')).toEqual([2, 3]);
  expect(await segment(store, ids, SOMEONE, { respondentLang: 'cy' })).toEqual([1]);
}

describe('a checkbox segment', () => {
  it('is offered and checked like a radios answer', () => {
    const parse = (answer: string) =>
      parseFilter({ survey: 'barring', answer }, { surveys, now }).errors.map((e) => e.key);
    expect(parse(`${FIELD}:${SOMEONE}`)).toEqual([]);
    expect(parse(`${FIELD}:Other`)).toEqual([]);
    expect(parse(`${FIELD}:Someone`)).toEqual(['filterAnswerUnknown']);
    expect(parse(`${FIELD}:`)).toEqual(['filterAnswerUnknown']);
  });

  it('finds the responses that ticked the option (SQLite)', async () => {
    const store = openSqliteStore(':memory:');
    try {
      await findsTicked(store);
    } finally {
      await store.close();
    }
  });

  const databaseUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!databaseUrl)('on PostgreSQL', () => {
    let url: string;
    beforeAll(async () => {
      url = await ownSchema(databaseUrl!, 'test_segments_checkbox');
    });
    it('finds the responses that ticked the option (PostgreSQL)', async () => {
      const store = await openPostgresStore(url);
      try {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('TRUNCATE feedback CASCADE');
        await client.end();
        await findsTicked(store);
      } finally {
        await store.close();
      }
    });
  });
});

describe('a checkbox segment on the team pages', () => {
  const server = teamServer(now, { surveys, staticDir: fakeDist() });
  const answer = (value: string) => `answer=${encodeURIComponent(`${FIELD}:${value}`)}`;

  async function setup() {
    const { app, store } = await server.start();
    // Started first: the server tells the store which answers are free text (the word index).
    await seed(store);
    // Free text for the theme: responses 0 (ticked Someone) and 2 (did not) say "slow".
    const more = [0, 2].map((i) =>
      store.save({
        surveyId: 'barring',
        definitionHash: 'h',
        receivedAt: new Date(Date.UTC(2026, 2, 2 + i, 11)),
        answers: { serviceName: 'x', [FIELD]: ANSWERS[i]![0]!, howToImprove: 'It was slow' },
        lang: ANSWERS[i]![1],
      }),
    );
    await Promise.all(more);
    const member = await signedIn(app, store, 'analyst', now);
    return { store, get: member.get };
  }

  // Text of a page without tags, for figures read as a member reads them.
  const words = (html: string) =>
    html
      .replace(/<select[\s\S]*?<\/select>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  const kept = `answer=${encodeURIComponent(`${FIELD}:${SOMEONE}`).replaceAll('%20', '+')}`;

  // Ticked "Someone suggested it": responses 0 (twice, en) and 1 (cy); not 2, whose Other text
  // only holds the words.
  it('the overview counts the responses that ticked it, with the small-segment note', async () => {
    const { get } = await setup();
    const en = await get(`/team?survey=barring&${answer(SOMEONE)}`);
    expect(en.status).toBe(200);
    expect(words(en.body)).toContain('Responses All In English In Welsh Not known 3 2 1 0');
    expect(en.body).toContain('Fewer than 30 responses match these filters');
    expect(words(en.body)).toContain(
      'Why did you use the pre-referral check?: Someone suggested I use it – remove this filter',
    );
    expect(en.body).toMatch(new RegExp(`<option value="${FIELD}:${SOMEONE}" selected="">`));
    // The survey by the name its heading uses: barring and barring-short share a title.
    expect(words(en.body)).toContain(
      'Barring referral feedback (full survey) – remove this filter',
    );
    expect(en.body).toContain(
      '<option value="barring" selected="">Barring referral feedback (full survey)</option>',
    );
    // Kept on the question and comparison links.
    expect(en.body).toContain(`href="/team/questions/barring/${FIELD}?${kept}"`);
    expect(en.body).toContain(`href="/team/compare?survey=barring&amp;${kept}"`);
    const cy = await get(`/team?survey=barring&${answer(SOMEONE)}&lang=cy`);
    expect(words(cy.body)).toMatch(/ 3 2 1 /);
    expect(cy.body).toContain('Mae llai na 30 ymateb yn cyfateb i’r hidlyddion hyn');
    expect(cy.body).toContain(`href="/team/questions/barring/${FIELD}?${kept}&amp;lang=cy"`);
  });

  it('the question page shows the shares of the segment', async () => {
    const { get } = await setup();
    const page = await get(`/team/questions/barring/${FIELD}?${answer(SOMEONE)}`);
    // 3 answered; 2 of them also ticked "To check" (responses 0 and its copy).
    expect(words(page.body)).toContain('Answered: 3');
    expect(words(page.body)).toContain('To check whether I needed to make a referral 2 66.7%');
    expect(words(page.body)).toContain('Someone suggested I use it 3 100%');
    expect(words(page.body)).toContain('Another reason 0 0%');
    // The Other option as a segment: responses 2 (twice) and 3.
    const other = await get(`/team/questions/barring/${FIELD}?${answer('Other')}`);
    expect(words(other.body)).toContain('Answered: 3');
    expect(words(other.body)).toContain('To understand my legal duty to refer 1 33.3%');
    expect(words(other.body)).toContain('Someone suggested I use it 0 0%');
  });

  it('the comparison and the themes follow it', async () => {
    const { store, get } = await setup();
    const compare = await get(`/team/compare?survey=barring&${answer(SOMEONE)}`);
    expect(words(compare.body)).toContain('Responses rose from 0 to 3.');
    const cy = await get(`/team/compare?survey=barring&${answer(SOMEONE)}&lang=cy`);
    expect(cy.status).toBe(200);
    expect(cy.body).toContain(`${kept}`);
    const theme = (await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }))!;
    // "slow" is in responses 0 (ticked it) and 2 (did not): 1 of the segment's 3.
    const themes = await get(`/team/themes?survey=barring&${answer(SOMEONE)}`);
    expect(words(themes.body)).toContain('Slow 0 of 0 (0%) 1 of 3 (33.3%)');
    const one = await get(`/team/themes/${theme.id}?${answer(SOMEONE)}`);
    expect(words(one.body)).toContain('1 response It was slow');
    const all = await get(`/team/themes/${theme.id}?survey=barring`);
    expect(words(all.body)).toContain('2 responses');
  });
});
