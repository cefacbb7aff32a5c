// Two instances of the service on one database (server/storage/theme-match-store.ts): each keeps
// its own copy of the themes for a few seconds, so one may store a response matched with themes
// the other has since changed. The kept matches must still come out exactly right when read
// through either, and two instances catching up at once must neither fail nor count twice. On
// SQLite (two stores on one file) and PostgreSQL (two stores on one schema). Every expected set
// is worked out here from the texts.
import { expect } from 'vitest';
import type { StoreWithTeam } from '../../server/storage/types';
import { themeMatcher } from '../../server/team/theme-matcher';
import { fixtureSurveys } from '../server/fixtures';
import { onBothDatabases, type Open } from './two-instances';

const surveys = fixtureSurveys();
const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));

async function twoInstances(open: Open) {
  const a = await open();
  await a.team.keepThemes(themeMatcher(surveys));
  const b = await open();
  await b.team.keepThemes(themeMatcher(surveys));
  return { a, b };
}

const save = (store: StoreWithTeam, d: number, howToImprove: string) =>
  store.save({
    surveyId: 'fixture-pages',
    definitionHash: 'h',
    receivedAt: day(d),
    answers: { howSatisfied: '4', howToImprove },
    lang: 'en',
  });

const kept = async (store: StoreWithTeam, themeId: string) =>
  (await store.team.wordMatches({ theme: themeId })).map((m) => m.id).sort();
const ids = (...responses: { id: string }[]) => responses.map((r) => r.id).sort();

async function staleInstanceStillCounted(open: Open) {
  const { a, b } = await twoInstances(open);
  // B read the themes before A added this one, and does not read them again for a few seconds.
  const slow = (await a.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }))!;
  const one = await save(b, 1, 'It was slow');
  const two = await save(a, 2, 'Slow again');
  await save(b, 3, 'Quick');
  // Read through A, which knows the theme: B's response is matched before it is counted.
  expect((await a.team.themesReady())(slow.id)).toBe(true);
  expect(await kept(a, slow.id)).toEqual(ids(one, two));
  expect(await a.team.countFeedback({ theme: slow.id })).toBe(2);

  // A changes the terms; B, still holding the old ones, stores a response with the new word.
  expect(await a.team.updateTheme({ ...slow, terms: { en: ['quick'], cy: [] } })).toBe(true);
  const four = await save(b, 4, 'quick enough');
  // Read through B this time.
  expect((await b.team.themesReady())(slow.id)).toBe(true);
  const quick = (await b.team.wordMatches({ theme: slow.id })).map((m) => m.id).sort();
  expect(quick).toHaveLength(2);
  expect(quick).toContain(four.id);
  expect(quick).not.toContain(one.id);
}

async function catchingUpTogether(open: Open) {
  const { a, b } = await twoInstances(open);
  const saved = [];
  for (let i = 0; i < 300; i++) saved.push(await save(a, 1 + (i % 20), i % 3 ? 'fine' : 'phone'));
  const phone = (await a.team.addTheme({ name: 'Phone', terms: { en: ['phone'], cy: [] } }))!;
  // Both instances are asked for the theme at once: each catches up, over the same responses.
  const [readyA, readyB] = await Promise.all([a.team.themesReady(), b.team.themesReady()]);
  expect(readyA(phone.id) && readyB(phone.id)).toBe(true);
  const expected = saved.filter((_, i) => i % 3 === 0);
  expect(await kept(b, phone.id)).toEqual(ids(...expected));
  expect(await a.team.countFeedback({ theme: phone.id })).toBe(expected.length);
}

onBothDatabases('theme matches with two instances', 'test_theme_instances', {
  'count a response stored by an instance with old themes': staleInstanceStillCounted,
  'come out right when both instances catch up at once': catchingUpTogether,
});
