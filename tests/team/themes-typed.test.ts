// Themes count the words respondents typed, on answers sent through the feedback API (so they
// are stored as the service cleans them: "ar-lein" without its hyphen), on SQLite and
// PostgreSQL: a tick list is never typed text; Welsh mutated forms are found in Welsh answers
// only, a nasal or aspirate form or an added h only after a word that causes it; hyphens,
// accents and case are folded alike in terms and answers. Every count is worked out here by
// reading the answers below.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, testServer } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';
import { signedIn } from './helpers';

const t = (en: string) => ({ en, cy: `${en} (cy)` });
const definition: SurveyDefinition = {
  id: 'fixture-typed',
  serviceName: 'fixture-typed-service',
  title: t('Typed words'),
  duration: 1,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      submit: true,
      fields: [
        {
          name: 'reasons',
          type: 'checkboxes',
          label: t('Why did you use it?'),
          options: [
            { value: 'To check if a referral was needed', label: t('To check') },
            { value: 'To understand the duty to refer', label: t('To understand the duty') },
            { value: 'Other', label: t('Another reason'), other: true },
          ],
          send: { other: 'append' },
        },
        { name: 'improve', type: 'textarea', label: t('How could we improve?'), maxLength: 1000 },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks);
const surveys = new Map([[survey.id, { ...survey, hash: 'hash-typed' }]]);
const now = new Date('2026-03-10T10:00:00Z');

/** What is sent, and in which language (none: the app did not say). */
const SENT: [Record<string, string>, 'en' | 'cy' | undefined][] = [
  // Ticks only: no typed words.
  [{ reasons: 'To check if a referral was needed, To understand the duty to refer' }, 'en'],
  [
    { reasons: 'To understand the duty to refer, Another reason, I have a duty as a manager' },
    'en',
  ],
  [{ improve: 'Explain the duty better' }, 'en'],
  [{ improve: 'Everything went well' }, 'en'],
  [{ improve: 'I hit a wall' }, 'en'],
  [{ improve: 'We had to wait' }, 'en'],
  [{ improve: 'Lawrlwythais yr ap' }, 'cy'],
  [{ improve: 'Dewisais ar hap' }, 'cy'],
  [{ improve: 'Mae’n well nawr' }, 'cy'],
  [{ improve: 'Roedd e’n well na’r hen ffurflen' }, 'cy'],
  [{ improve: 'Roedd yn dda iawn' }, 'cy'],
  [{ improve: 'Gwell na dim' }, undefined],
  [{ improve: 'Mae’n well' }, undefined],
  [{ improve: 'Methais dalu ar-lein' }, 'cy'],
  [{ improve: 'Anfonais e-bost' }, 'cy'],
  [{ improve: 'Doedd y ffôn ddim yn gweithio' }, 'cy'],
  [{ improve: 'Roedd y ffon yn brysur' }, 'cy'],
  [{ improve: 'Roedd fy nghais yn araf' }, 'cy'],
  [{ improve: 'Ges i gais arall' }, 'cy'],
];

/** Each theme, and the responses above it finds (by their text). */
const EXPECTED: { en?: string; cy?: string; found: string[] }[] = [
  // Not the tick list (1): the Other text (2) and the free text (3).
  { en: 'duty', found: ['I have a duty as a manager', 'Explain the duty better'] },
  // The soft form "well" in Welsh answers (9, 10); as written in one of unknown language (12);
  // not in English (4) nor as a mutated form in an answer of unknown language (13).
  { cy: 'gwell', found: ['Mae’n well nawr', 'Roedd e’n well na’r hen ffurflen', 'Gwell na dim'] },
  { cy: 'gwall', found: [] },
  { cy: 'gwe', found: [] },
  // "dda" (soft) in a Welsh answer; "na" is the nasal form of "da" only after fy or yn.
  { cy: 'da', found: ['Roedd yn dda iawn'] },
  // As written; the h of "ar hap" is not an added h (it follows no ei, ein, eu).
  { cy: 'ap', found: ['Lawrlwythais yr ap'] },
  { cy: 'ar-lein', found: ['Methais dalu arlein'] },
  { cy: 'e-bost', found: ['Anfonais ebost'] },
  { cy: 'ffôn', found: ['Doedd y ffôn ddim yn gweithio', 'Roedd y ffon yn brysur'] },
  { cy: 'FFON', found: ['Doedd y ffôn ddim yn gweithio', 'Roedd y ffon yn brysur'] },
  // Nasal after fy; soft anywhere in Welsh.
  { cy: 'cais', found: ['Roedd fy nghais yn araf', 'Ges i gais arall'] },
  // A phrase: checked word by word after the word index finds the candidates.
  { cy: 'talu ar-lein', found: ['Methais dalu arlein'] },
  { en: 'a duty as', found: ['I have a duty as a manager'] },
];

let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

async function countsTypedWords(store: StoreWithTeam) {
  open.store = store;
  const { app } = await testServer({ store, surveys, clock: () => now, retentionMonths: false });
  open.app = app;
  for (const [answers, lang] of SENT) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: {
        'content-type': 'application/json',
        'x-api-key': API_KEY,
        ...(lang ? { 'content-language': lang } : {}),
      },
      payload: JSON.stringify({ ...answers, serviceName: definition.serviceName }),
    });
    expect(response.statusCode, JSON.stringify(answers)).toBe(201);
  }
  const analyst = await signedIn(app, store, 'analyst', now);
  const range = 'from=2026-03-10&to=2026-03-10';
  for (const expected of EXPECTED) {
    const name = `${expected.en ?? ''}${expected.cy ?? ''}`;
    const made = await analyst.post('/team/themes', {
      name,
      termsEn: expected.en ?? '',
      termsCy: expected.cy ?? '',
    });
    expect.soft(made.statusCode, name).toBe(303);
    if (made.statusCode !== 303) continue;
    const page = (await analyst.get(`${made.headers.location as string}?${range}`)).body;
    // The answers behind the theme, as its page lists them.
    const found = [
      ...page.matchAll(/<p class="govuk-body govuk-!-margin-bottom-1[^"]*"[^>]*>([^<]*)<\/p>/g),
    ].map((m) => m[1]!.replaceAll('&#x27;', "'"));
    // Stored with plain apostrophes, as the service cleans them.
    expect
      .soft(found.sort(), name)
      .toEqual(expected.found.map((f) => f.replaceAll('’', "'")).sort());
    const count = expected.found.length;
    expect
      .soft(page, name)
      .toContain(
        count === 0 ? 'No responses' : count === 1 ? '>1 response<' : `>${count} responses<`,
      );
  }
  // The list counts the same: "duty" in 2 of the 19 responses of the day.
  const list = (await analyst.get(`/team/themes?${range}`)).body;
  expect(list).toMatch(/>duty<\/a><\/th><td[^>]*>0 of 0 \(0%\)<\/td><td[^>]*>2 of 19 \(10.5%\)</);
  expect(list).toMatch(/>gwell<\/a><\/th><td[^>]*>0 of 0 \(0%\)<\/td><td[^>]*>3 of 19 \(15.8%\)</);
}

/**
 * Responses whose words an older version cut (tick lists included, not folded, not keyed by
 * language) are cut again when the service starts, as the way words are cut has changed.
 */
async function cutsStoredWordsAgain(store: StoreWithTeam) {
  open.store = store;
  await store.team.keepWords({
    fields: { [survey.id]: 'an older cut' },
    words: (r) =>
      Object.values(r.answers)
        .flatMap((v) => v.toLowerCase().split(/[^a-z]+/))
        .filter(Boolean),
  });
  const save = (answers: Record<string, string>) =>
    store.save({ surveyId: survey.id, definitionHash: 'h', receivedAt: now, answers, lang: 'en' });
  await save({ reasons: 'To check if a referral was needed, To understand the duty to refer' });
  await save({ improve: 'Explain the duty better' });
  const { app } = await testServer({ store, surveys, clock: () => now, retentionMonths: false });
  open.app = app;
  // Cut again in the background: the index, not the answers, once it is ready.
  while (!store.team.wordsReady()) await new Promise((resolve) => setTimeout(resolve, 10));
  const theme = await store.team.addTheme({ name: 'Duty', terms: { en: ['duty'], cy: [] } });
  const viewer = await signedIn(app, store, 'viewer', now);
  const page = (await viewer.get(`/team/themes/${theme!.id}?from=2026-03-10&to=2026-03-10`)).body;
  expect(page).toContain('>1 response<');
  expect(page).toContain('Explain the duty better');
}

describe('themes over typed words on SQLite', () => {
  it('count typed words only, mutated forms in Welsh answers only, folded alike', async () => {
    await countsTypedWords(openSqliteStore(':memory:'));
  });
  it('cuts the words of responses stored before again', async () => {
    await cutsStoredWordsAgain(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('themes over typed words on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_themes_typed');
  });
  it('count typed words only, mutated forms in Welsh answers only, folded alike', async () => {
    await countsTypedWords(await openPostgresStore(postgresUrl));
  });
  it('cuts the words of responses stored before again', async () => {
    await ownSchema(databaseUrl!, 'test_themes_typed');
    await cutsStoredWordsAgain(await openPostgresStore(postgresUrl));
  });
});
