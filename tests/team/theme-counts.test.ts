// How the themes are counted, known answers on SQLite and PostgreSQL: a prefix in English and
// Welsh, two words one response holds both of (counted once), a phrase of two words (a pair in
// the index) and a longer one the service checks,
// over two periods whose first and last seconds hold responses, with responses just outside
// both. Counted from the word index, and again while the index is not ready (being cut again at
// start, or failed), when the pages read the answers themselves. Every count is worked out here
// from the responses below.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { testServer } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';
import { signedIn } from './helpers';

const t = (en: string) => ({ en, cy: `${en} (cy)` });
const definition: SurveyDefinition = {
  id: 'fixture-counts',
  serviceName: 'fixture-counts-service',
  title: t('Counts'),
  duration: 1,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      submit: true,
      fields: [
        { name: 'improve', type: 'textarea', label: t('How could we improve?'), maxLength: 1000 },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks);
const surveys = new Map([[survey.id, { ...survey, hash: 'hash-counts' }]]);
const now = new Date('2026-03-17T10:00:00Z');

// The chosen period is 10 to 16 March, the one before 3 to 9 March.
const RESPONSES: [string, string, 'en' | 'cy' | null][] = [
  // The chosen period: 8 responses.
  ['2026-03-10T00:00:00.000Z', 'It was slow and confusing', 'en'],
  ['2026-03-11T09:00:00.000Z', 'Slower than expected, unclear and confusing', 'en'],
  ['2026-03-12T09:00:00.000Z', 'Roedd y broses yn araf, fel fy ngwasanaeth cwsmeriaid', 'cy'],
  ['2026-03-13T09:00:00.000Z', 'Roedd hi yn arafach', 'cy'],
  ['2026-03-14T09:00:00.000Z', 'slowly', null],
  ['2026-03-15T09:00:00.000Z', 'I waited too long', 'en'],
  ['2026-03-16T09:00:00.000Z', 'Fine, customer service was good', 'en'],
  // Not the phrases: a comma between their words.
  ['2026-03-16T23:59:59.999Z', 'I waited, too long; customer, service', 'en'],
  // The period before: 3 responses.
  ['2026-03-03T00:00:00.000Z', 'I waited too long for it', 'en'],
  ['2026-03-05T09:00:00.000Z', 'araf iawn, ffoniais y gwasanaeth cwsmeriaid', 'cy'],
  ['2026-03-09T23:59:59.999Z', 'slow', 'en'],
  // Outside both.
  ['2026-03-02T23:59:59.999Z', 'slow and unclear, I waited too long', 'en'],
  ['2026-03-17T00:00:00.000Z', 'slow and unclear, I waited too long', 'en'],
];

/** Each theme's row on the themes page: before, then the chosen period. */
const THEMES = [
  // 1, 2 (slower), 3, 4 (arafach), 5 (slowly, unknown language); before: araf, slow.
  { name: 'Slow', en: 'slow*', cy: 'araf*', row: ['2 of 3 (66.7%)', '5 of 8 (62.5%)'], count: 5 },
  // 1 and 2, which holds both words, once.
  {
    name: 'Confusing',
    en: 'confusing, unclear',
    cy: '',
    row: ['0 of 3 (0%)', '2 of 8 (25%)'],
    count: 2,
  },
  // Two words (a pair in the index), the Welsh one's mutated form after "fy" too.
  {
    name: 'Service',
    en: 'customer service',
    cy: 'gwasanaeth cwsmeriaid',
    row: ['1 of 3 (33.3%)', '2 of 8 (25%)'],
    count: 2,
  },
  // The phrase as typed only.
  {
    name: 'Waiting',
    en: 'waited too long',
    cy: '',
    row: ['1 of 3 (33.3%)', '1 of 8 (12.5%)'],
    count: 1,
  },
];

let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

async function countsKnownAnswers(store: StoreWithTeam) {
  open.store = store;
  const { app } = await testServer({ store, surveys, clock: () => now, retentionMonths: false });
  open.app = app;
  while (!store.team.wordsReady()) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const [at, improve, lang] of RESPONSES)
    await store.save({
      surveyId: survey.id,
      definitionHash: 'hash-counts',
      receivedAt: new Date(at),
      answers: { improve },
      lang,
    });
  const analyst = await signedIn(app, store, 'analyst', now);
  const ids = new Map<string, string>();
  for (const theme of THEMES) {
    const made = await analyst.post('/team/themes', {
      name: theme.name,
      termsEn: theme.en,
      termsCy: theme.cy,
    });
    expect(made.statusCode, theme.name).toBe(303);
    ids.set(theme.name, made.headers.location as string);
  }
  const range = 'from=2026-03-10&to=2026-03-16';
  const check = async (how: string) => {
    const list = (await analyst.get(`/team/themes?${range}`)).body;
    for (const theme of THEMES) {
      const [before, after] = theme.row.map((r) => r.replace(/[()]/g, '\\$&'));
      expect
        .soft(list, `${how}: ${theme.name}`)
        .toMatch(new RegExp(`>${theme.name}</a></th><td[^>]*>${before}</td><td[^>]*>${after}<`));
      const page = (await analyst.get(`${ids.get(theme.name)}?${range}`)).body;
      const responses = theme.count === 1 ? '1 response' : `${theme.count} responses`;
      expect.soft(page, `${how}: ${theme.name}'s page`).toContain(`>${responses}<`);
    }
  };
  await check('from the word index');
  // The index cut again another way (none of this survey's words), and never ready, as the
  // cutting of another survey's responses fails: the answers are read, not the index.
  await store.save({
    surveyId: 'another-survey',
    definitionHash: 'h',
    receivedAt: new Date('2026-03-01T09:00:00Z'),
    answers: { improve: 'slow' },
    lang: 'en',
  });
  const failed = store.team
    .keepWords({
      fields: { [survey.id]: 'another way', 'another-survey': 'another way' },
      words: (record) => {
        if (record.surveyId === survey.id) return [];
        throw new Error('not cut');
      },
    })
    .catch(() => 'failed');
  expect(store.team.wordsReady()).toBe(false);
  expect(await failed).toBe('failed');
  await check('while the index is not ready');
  expect(store.team.wordsReady()).toBe(false);
}

describe('theme counts on SQLite', () => {
  it('are exact for prefixes, several words and phrases, at the periods’ edges', async () => {
    await countsKnownAnswers(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('theme counts on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_theme_counts');
  });
  it('are exact for prefixes, several words and phrases, at the periods’ edges', async () => {
    await countsKnownAnswers(await openPostgresStore(postgresUrl));
  });
});
