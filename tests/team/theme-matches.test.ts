// Each theme's kept matches (server/storage/theme-match-sql.ts) stay exactly the responses whose
// typed answers hold one of its terms, on SQLite and PostgreSQL: as responses are stored, purged
// and masked again, as a theme's terms change and when it is deleted; and a theme added over
// many stored responses is matched in the background, not counted meanwhile. Every expected set
// is worked out here from the texts below.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { themeMatcher } from '../../server/team/theme-matcher';
import { fixtureSurveys } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';

const surveys = fixtureSurveys();
const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));

let open: StoreWithTeam | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function keptRight(store: StoreWithTeam) {
  open = store;
  await store.team.keepThemes(themeMatcher(surveys));
  const slow = (await store.team.addTheme({
    name: 'Slow',
    terms: { en: ['slow*'], cy: ['araf'] },
  }))!;
  const save = (d: number, howToImprove: string, lang: 'en' | 'cy' | null, test = false) =>
    store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'h',
      receivedAt: day(d),
      answers: { howSatisfied: '4', howToImprove },
      lang,
      ...(test ? { test: true } : {}),
    });
  // The rows as kept, without any catch-up: what the store wrote.
  const kept = async (themeId: string) =>
    (await store.team.wordMatches({ theme: themeId })).map((m) => m.id).sort();
  const ids = (...responses: { id: string }[]) => responses.map((r) => r.id).sort();

  // Stored: matched as they are stored.
  const a = await save(1, 'It was slow', 'en');
  const b = await save(2, 'Slower than I hoped, and quick to fail', 'en');
  const c = await save(3, 'Roedd yn araf iawn', 'cy');
  const d = await save(4, 'Quick and easy', 'en');
  await save(5, 'slow, but a test', 'en', true);
  const f = await save(6, 'so slow', null);
  expect(await kept(slow.id)).toEqual(ids(a, b, c, f));
  expect((await store.team.themesReady())(slow.id)).toBe(true);
  expect(await store.team.countFeedback({ theme: slow.id, from: day(2), to: day(4) })).toBe(2);
  expect(await store.team.countFeedback({ theme: slow.id, lang: 'cy' })).toBe(1);

  // Purged with their responses (the retention period's delete).
  await store.deleteOlderThan(new Date(Date.UTC(2026, 2, 2)));
  expect(await kept(slow.id)).toEqual(ids(b, c, f));

  // Masked again: a response whose text the masking changes is matched again from the new text.
  await store.team.maskStored(99, (_survey, answers) =>
    answers.howToImprove === 'so slow' ? { ...answers, howToImprove: 'so [withheld]' } : answers,
  );
  expect((await store.team.themesReady())(slow.id)).toBe(true);
  expect(await kept(slow.id)).toEqual(ids(b, c));

  // New terms: matched again for them (few responses wait: at once).
  expect(await store.team.updateTheme({ ...slow, terms: { en: ['quick'], cy: [] } })).toBe(true);
  expect((await store.team.themesReady())(slow.id)).toBe(true);
  expect(await kept(slow.id)).toEqual(ids(b, d));
  // A new name only: nothing to match again, the rows as they were.
  expect(
    await store.team.updateTheme({ ...slow, name: 'Quick', terms: { en: ['quick'], cy: [] } }),
  ).toBe(true);
  expect(await kept(slow.id)).toEqual(ids(b, d));
  const g = await save(7, 'quick', 'en');
  expect(await kept(slow.id)).toEqual(ids(b, d, g));

  // Deleted: its rows go with it.
  expect(await store.team.removeTheme(slow.id)).toBe(true);
  expect(await kept(slow.id)).toEqual([]);
}

async function matchedInTheBackground(store: StoreWithTeam) {
  open = store;
  await store.team.keepThemes(themeMatcher(surveys));
  // More responses than a page waits to see matched (CATCH_UP_NOW, 1,000).
  const saved = await Promise.all(
    Array.from({ length: 1100 }, (_, i) =>
      store.save({
        surveyId: 'fixture-pages',
        definitionHash: 'h',
        receivedAt: day(1 + (i % 20)),
        answers: { howToImprove: i % 3 === 0 ? 'the phone line' : 'fine' },
        lang: 'en',
      }),
    ),
  );
  const phone = (await store.team.addTheme({ name: 'Phone', terms: { en: ['phone'], cy: [] } }))!;
  expect((await store.team.themesReady())(phone.id)).toBe(false);
  while (!(await store.team.themesReady())(phone.id))
    await new Promise((resolve) => setTimeout(resolve, 20));
  const expected = saved.filter((_, i) => i % 3 === 0).map((r) => r.id);
  expect((await store.team.wordMatches({ theme: phone.id })).map((m) => m.id).sort()).toEqual(
    expected.sort(),
  );
}

describe('theme matches on SQLite', () => {
  it('stay right through store, purge, masking, term edits and delete', async () => {
    await keptRight(openSqliteStore(':memory:'));
  });
  it('are worked out in the background for a theme over many responses', async () => {
    await matchedInTheBackground(openSqliteStore(':memory:'));
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('theme matches on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_theme_matches');
  });
  it('stay right through store, purge, masking, term edits and delete', async () => {
    await keptRight(await openPostgresStore(postgresUrl));
  });
  it('are worked out in the background for a theme over many responses', async () => {
    const own = await ownSchema(databaseUrl!, 'test_theme_matches_many');
    await matchedInTheBackground(await openPostgresStore(own));
  });
});
