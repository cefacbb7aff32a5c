// The kept word counts (server/storage/term-count-sql.ts) with two instances of the service on one
// database: responses sharing words stored by both at once, on the same days, are each counted
// once, and two instances catching up at once after the masking pass count nothing twice. On
// SQLite (two stores on one file) and PostgreSQL (two stores on one schema); through PgBouncer in
// tests/server/pgbouncer.test.ts. Every expected count is worked out here from the texts.
import { expect } from 'vitest';
import type { StoreWithTeam } from '../../server/storage/types';
import { frequentFromCounts } from '../../server/team/frequent-words';
import { wordSource } from '../../server/team/word-source';
import { crosstabSurveys, XTAB_ONE } from './fixtures/crosstab-surveys';
import { onBothDatabases, type Open } from './two-instances';

const surveys = crosstabSurveys();

async function counting(open: Open): Promise<StoreWithTeam> {
  const store = await open();
  await store.team.keepWords(wordSource(surveys));
  return store;
}

/** Stores `text` n times through `store`, over the first five days of March, all at once. */
const storeMany = (store: StoreWithTeam, n: number, text: string) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      store.save({
        surveyId: XTAB_ONE,
        definitionHash: 'h',
        receivedAt: new Date(Date.UTC(2026, 2, 1 + (i % 5), 10)),
        answers: { howToImprove: text },
        lang: 'en',
      }),
    ),
  );

/** The English words and phrases as the page counts them, read through `store`. */
async function english(store: StoreWithTeam) {
  const found = await store.team.keptTerms({}, 20, 1000, [...surveys.keys()]);
  const [group] = frequentFromCounts(found!.counts);
  return {
    waiting: found!.waiting,
    responses: group?.responses,
    words: group?.words.map((w) => [w.text, w.responses]),
    phrases: group?.phrases.map((p) => [p.text, p.responses]),
  };
}

const N = 60;

/** N "Slow phone line" through A and N "Phone line slow" through B, at the same time. */
async function bothAtOnce(open: Open) {
  const a = await counting(open);
  const b = await counting(open);
  await Promise.all([storeMany(a, N, 'Slow phone line'), storeMany(b, N, 'Phone line slow')]);
  const expected = {
    waiting: 0,
    responses: 2 * N,
    words: [
      ['line', 2 * N],
      ['phone', 2 * N],
      ['slow', 2 * N],
    ],
    phrases: [
      ['phone line', 2 * N],
      ['line slow', N],
      ['slow phone', N],
    ],
  };
  expect(await english(a)).toEqual(expected);
  expect(await english(b)).toEqual(expected);
  return { a, b };
}

async function catchingUpTogether(open: Open) {
  const { a, b } = await bothAtOnce(open);
  // The masking pass changes every "Slow": none of those is counted until caught up.
  const masked = await a.team.maskStored(9_001, (_survey, answers) =>
    Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.replace(/slow/gi, 'Late')])),
  );
  expect(masked).toBe(2 * N);
  expect((await english(b)).waiting).toBe(2 * N);
  await Promise.all([a.team.catchUpWords(), b.team.catchUpWords()]);
  expect(await english(b)).toEqual({
    waiting: 0,
    responses: 2 * N,
    words: [
      ['late', 2 * N],
      ['line', 2 * N],
      ['phone', 2 * N],
    ],
    phrases: [
      ['phone line', 2 * N],
      ['late phone', N],
      ['line late', N],
    ],
  });
}

onBothDatabases('the kept word counts with two instances', 'test_term_instances', {
  'count each response once when both store the same words at once': async (open) => {
    await bothAtOnce(open);
  },
  'count nothing twice when both catch up at once': catchingUpTogether,
});
