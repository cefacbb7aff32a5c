// The word index of free-text answers (server/storage/words-sql.ts) against the stored rows,
// through saves, deletion, the retention purge and a change of a survey's fields; and a
// deleted response's words gone from the SQLite file.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { ownSchema, schemaFor } from '../server/postgres-schema';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import type { WordSource } from '../../server/storage/words-sql';

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 12));
type Peek = (sql: string) => Promise<{ feedback_id: string; word: string }[]>;

/** A source that indexes the words of `fields` (split on spaces, lower case). */
const source = (fields: string[]): WordSource => ({
  fields: { one: fields.join(','), two: 'text' },
  words: (r) => [
    ...new Set(
      fields.flatMap((f) => (r.answers[f] ?? '').toLowerCase().split(' ')).filter(Boolean),
    ),
  ],
});

async function followsTheRows(store: StoreWithTeam, peek: Peek) {
  const save = (surveyId: string, day: number, answers: Record<string, string>) =>
    store.save({ surveyId, definitionHash: 'h', receivedAt: at(day), answers, lang: 'en' });
  // Stored before the index is kept: indexed when it is.
  const early = await save('one', 1, { text: 'Slow and slower', other: 'Dŵr' });
  await store.team.keepWords(source(['text']));
  const later = await save('one', 2, { text: 'not slow at all' });
  const together = await Promise.all([
    save('one', 3, { text: 'Ŵyn ac ŵy' }),
    save('two', 3, { text: 'slowly' }),
    save('one', 4, { other: 'slow' }),
  ]);
  const index = async () =>
    (await peek('SELECT feedback_id, word FROM feedback_word'))
      .map((r) => `${String(r.feedback_id)} ${r.word}`)
      .sort();
  const words = (id: string, ...list: string[]) => list.map((w) => `${id} ${w}`);
  expect(await index()).toEqual(
    [
      ...words(early.id, 'slow', 'and', 'slower'),
      ...words(later.id, 'not', 'slow', 'at', 'all'),
      ...words(together[0].id, 'ŵyn', 'ac', 'ŵy'),
      ...words(together[1].id, 'slowly'),
    ].sort(),
  );

  // Looked up by whole word, or by prefix (in code point order, so ŵ is no ASCII letter's).
  const ids = async (exact: string[], prefixes: string[] = []) =>
    (await store.team.answersOf({ words: { exact, prefixes } }, [])).map((r) => r.id).sort();
  expect(await ids(['slow'])).toEqual([early.id, later.id].sort());
  expect(await ids([], ['slow'])).toEqual([early.id, later.id, together[1].id].sort());
  expect(await ids(['nowhere'], ['ŵ'])).toEqual([together[0].id]);
  expect(await ids([], ['w'])).toEqual([]);
  expect(
    await store.team.countFeedback({ words: { exact: ['slow'], prefixes: [] }, from: at(2) }),
  ).toBe(1);

  // From the index alone (words and dates), or joined with the responses (any other filter).
  const matched = async (filter: Parameters<typeof store.team.wordMatches>[0]) =>
    (await store.team.wordMatches(filter))
      .map((m) => `${m.id} ${m.receivedAt.toISOString()}`)
      .sort();
  const slow = { exact: ['slow'], prefixes: [] };
  expect(await matched({ words: slow, to: at(3) })).toEqual(
    [`${early.id} ${at(1).toISOString()}`, `${later.id} ${at(2).toISOString()}`].sort(),
  );
  expect(await matched({ words: slow, surveyId: 'one', from: at(2) })).toEqual([
    `${later.id} ${at(2).toISOString()}`,
  ]);
  expect(await matched({ words: { exact: ['slow', 'slower'], prefixes: ['slo'] } })).toHaveLength(
    3,
  );
  expect(
    await store.team.countFeedback({ words: { exact: ['slow', 'slower'], prefixes: [] } }),
  ).toBe(2);

  // A deleted or purged response's words go with it.
  expect(await store.team.deleteFeedback(later.id)).toBe(true);
  expect(await store.deleteOlderThan(at(2))).toBe(1);
  expect(await index()).toEqual(
    [...words(together[0].id, 'ŵyn', 'ac', 'ŵy'), ...words(together[1].id, 'slowly')].sort(),
  );

  // A survey whose fields changed is indexed again; the same fields again change nothing.
  await store.team.keepWords(source(['text', 'other']));
  expect(await index()).toEqual(
    [
      ...words(together[0].id, 'ŵyn', 'ac', 'ŵy'),
      ...words(together[1].id, 'slowly'),
      ...words(together[2].id, 'slow'),
    ].sort(),
  );
  await peek(`DELETE FROM feedback_word WHERE word = 'slowly'`);
  await store.team.keepWords(source(['text', 'other']));
  expect(await ids(['slowly'])).toEqual([]);

  // A response another writer stored without its words (older code during an upgrade) gets
  // them before the next count.
  const raw = randomUUID();
  await peek(
    `INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang)
     VALUES ('${raw}', 'one', 'h', '${at(5).toISOString()}', '{"text": "Raw and slow"}', 'en')`,
  );
  expect(await ids(['raw'])).toEqual([]);
  await store.team.catchUpWords();
  expect(await ids(['raw', 'slow'])).toEqual([raw, together[2].id].sort());
  await store.team.catchUpWords(); // nothing left to do: the same
  expect(await ids(['raw'])).toEqual([raw]);

  expect(await store.deleteOlderThan(at(9))).toBe(4);
  expect(await index()).toEqual([]);
}

describe('the word index on SQLite', () => {
  it('follows saves, deletion, the purge and a change of fields', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-words-')), 'feedback.sqlite');
    const opened = openSqliteStore(file);
    const raw = new Database(file);
    try {
      await followsTheRows(opened, async (sql) => {
        const statement = raw.prepare(sql);
        if (statement.reader) return statement.all() as { feedback_id: string; word: string }[];
        statement.run();
        return [];
      });
    } finally {
      raw.close();
      await opened.close();
    }
  });

  it('finds a response’s words by its time and id, not by its random id alone', async () => {
    // New responses come in time order: their entries go at the end of this index, and a
    // delete or the purge finds them through it.
    const file = join(mkdtempSync(join(tmpdir(), 'team-words-')), 'feedback.sqlite');
    await openSqliteStore(file).close();
    const raw = new Database(file);
    try {
      const indexes = (
        raw.pragma("index_list('feedback_word')") as { name: string; origin: string }[]
      )
        .filter((i) => i.origin === 'c')
        .map((i) =>
          (raw.pragma(`index_info('${i.name}')`) as { name: string }[]).map((c) => c.name),
        );
      expect(indexes).toEqual([['received_at', 'feedback_id']]);
    } finally {
      raw.close();
    }
  });

  it('leaves no copy of a deleted response’s words in the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-words-')), 'feedback.sqlite');
    const store = openSqliteStore(file);
    await store.team.keepWords(source(['text']));
    const { id } = await store.save({
      surveyId: 'one',
      definitionHash: 'h',
      receivedAt: at(1),
      answers: { text: 'Qwertyuiopzx complaint' },
      lang: 'en',
    });
    expect(readFileSync(`${file}-wal`).includes('qwertyuiopzx')).toBe(true);
    expect(await store.team.deleteFeedback(id)).toBe(true);
    await store.close();
    expect(readFileSync(file).includes('qwertyuiopzx')).toBe(false);
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('the word index on PostgreSQL', () => {
  it('follows saves, deletion, the purge and a change of fields', async () => {
    const url = await ownSchema(postgresUrl!, 'words_test');
    // The store's own schema, for the checks' queries.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const store = await openPostgresStore(url);
    try {
      await followsTheRows(store, async (sql) => (await admin.query(sql)).rows);
    } finally {
      await store.close();
      await admin.query('DROP SCHEMA ' + schemaFor('words_test') + ' CASCADE');
      await admin.end();
    }
  });
});
