// The per-day answer counts (server/storage/tally-sql.ts) against a count of the stored rows,
// through saves, deletion, the retention purge and a change of the counted fields.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { ownSchema, schemaFor } from '../server/postgres-schema';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { FeedbackFilter } from '../../server/storage/team-types';
import type { StoreWithTeam } from '../../server/storage/types';

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour));
const LONG_OTHER = `Other, ${'a very long answer '.repeat(200)}`; // over PostgreSQL's index entry limit

type Row = { survey_id: string; day: string; field: string; value: string; n: number };
/** Reads feedback_tally straight from the database. */
type Peek = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** What the counts must be: the stored rows counted one by one. */
async function expected(store: StoreWithTeam, filter: FeedbackFilter, fields: string[]) {
  const counts = new Map<string, number>();
  for (const r of await store.list()) {
    if (r.surveyId !== filter.surveyId) continue;
    if ((filter.from && r.receivedAt < filter.from) || (filter.to && r.receivedAt >= filter.to))
      continue;
    if (filter.lang && r.lang !== filter.lang) continue;
    for (const field of fields) {
      const value = r.answers[field];
      if (value) counts.set(`${field}=${value}`, (counts.get(`${field}=${value}`) ?? 0) + 1);
    }
  }
  return [...counts].sort();
}

async function counted(store: StoreWithTeam, filter: FeedbackFilter, fields: string[]) {
  const tally = await store.team.tallyFeedback(filter, fields);
  return tally.answers.map((a) => [`${a.field}=${a.value}`, a.n] as [string, number]).sort();
}

async function staysExact(store: StoreWithTeam, peek: Peek) {
  const save = (surveyId: string, day: number, answers: Record<string, string>, hour = 12) =>
    store.save({
      surveyId,
      definitionHash: 'h',
      receivedAt: at(day, hour),
      answers: { serviceName: surveyId, ...answers },
      lang: day % 2 ? 'en' : 'cy',
    });
  // Stored before the fields are listed: counted when they are.
  await save('one', 1, { howSatisfied: '5', howFindOut: 'Web' });
  await save('one', 2, { howSatisfied: '4', howToImprove: 'Faster please' });
  await save('two', 2, { howSatisfied: '1' });

  await store.team.keepTallies({ one: ['howSatisfied', 'howFindOut'], two: ['howSatisfied'] });
  const saved = [
    await save('one', 2, { howSatisfied: '4', howFindOut: 'Web, Yes, a friend' }, 0),
    await save('one', 2, { howSatisfied: '', howFindOut: LONG_OTHER }, 23),
    await save('one', 3, { howSatisfied: '5', howEasy: '2' }),
    await save('one', 4, { howSatisfied: '5', howFindOut: LONG_OTHER }),
    await save('two', 3, { howSatisfied: '5' }),
  ];
  // Several saves at once (SQLite commits them together).
  await Promise.all([1, 2, 3, 4].map((day) => save('one', day, { howSatisfied: '3' })));

  const fields = ['howSatisfied', 'howFindOut'];
  const whole = { surveyId: 'one', from: at(1, 0), to: at(5, 0) };
  const check = async () => {
    for (const filter of [
      whole,
      { surveyId: 'one', from: at(2, 0), to: at(3, 0) },
      { surveyId: 'one', from: at(3, 0) },
      { surveyId: 'one', to: at(3, 0) },
      { surveyId: 'two', from: at(1, 0), to: at(5, 0) },
      // Not whole days, or not only survey and days: counted from the responses.
      { surveyId: 'one', from: at(2, 6), to: at(5, 0) },
      { surveyId: 'one', from: at(1, 0), to: at(5, 0), lang: 'cy' as const },
    ]) {
      expect(await counted(store, filter, fields), JSON.stringify(filter)).toEqual(
        await expected(store, filter, fields),
      );
    }
    // Several periods in one query: from the table over whole days, else from the responses.
    for (const [filter, cuts] of [
      [whole, [at(2, 0), at(4, 0)]],
      [{ surveyId: 'one', from: at(2, 0) }, [at(3, 0)]],
      [{ surveyId: 'one', to: at(4, 0) }, [at(2, 0), at(3, 0)]],
      [whole, [at(2, 6), at(4, 0)]],
      [{ ...whole, lang: 'en' as const }, [at(3, 0)]],
    ] as [FeedbackFilter, Date[]][]) {
      const periods = await store.team.answerTallyByPeriod(filter, fields, cuts);
      const bounds = [filter.from, ...cuts, filter.to];
      expect(periods).toHaveLength(cuts.length + 1);
      for (const [i, answers] of periods.entries())
        expect(
          answers.map((a) => [`${a.field}=${a.value}`, a.n]).sort(),
          `${JSON.stringify(filter)} period ${i}`,
        ).toEqual(await expected(store, { ...filter, from: bounds[i], to: bounds[i + 1] }, fields));
    }
    // The table itself: every day, field and value, with nothing left at zero.
    const table = await peek(
      'SELECT survey_id, day, field, value, n FROM feedback_tally ORDER BY 1, 2, 3, 4',
    );
    expect(table.every((r) => Number(r.n) > 0)).toBe(true);
    for (const surveyId of ['one', 'two'])
      for (let day = 1; day <= 4; day++) {
        const filter = { surveyId, from: at(day, 0), to: at(day + 1, 0) };
        const listed = surveyId === 'one' ? fields : ['howSatisfied'];
        expect(
          table
            .filter((r) => r.survey_id === surveyId && r.day === `2026-03-0${day}`)
            .map((r) => [`${r.field}=${r.value}`, Number(r.n)])
            .sort(),
        ).toEqual(await expected(store, filter, listed));
      }
  };
  await check();
  expect(await counted(store, whole, ['howSatisfied'])).toContainEqual(['howSatisfied=3', 4]);

  // The whole-day answer comes from the table (a changed count shows), the others do not.
  await peek("UPDATE feedback_tally SET n = n + 100 WHERE field = 'howSatisfied' AND value = '3'");
  expect(await counted(store, whole, ['howSatisfied'])).toContainEqual(['howSatisfied=3', 404]);
  const [, , last] = await store.team.answerTallyByPeriod(
    whole,
    ['howSatisfied'],
    [at(2, 0), at(4, 0)],
  );
  expect(last).toContainEqual({ field: 'howSatisfied', value: '3', n: 101 });
  await peek("UPDATE feedback_tally SET n = n - 100 WHERE field = 'howSatisfied' AND value = '3'");

  // A field not listed is counted from the responses.
  expect(await counted(store, whole, ['howEasy'])).toEqual([['howEasy=2', 1]]);

  // Deletion by an admin and the retention purge.
  expect(await store.team.deleteFeedback(saved[1]!.id)).toBe(true);
  await check();
  expect(await store.deleteOlderThan(at(2, 12))).toBe(3);
  await check();

  // A changed list is recounted; the same list again changes nothing.
  await store.team.keepTallies({ one: ['howSatisfied', 'howEasy'], two: ['howSatisfied'] });
  await store.team.keepTallies({ one: ['howEasy', 'howSatisfied'], two: ['howSatisfied'] });
  expect(await peek("SELECT * FROM feedback_tally WHERE field = 'howFindOut'")).toEqual([]);
  expect(await counted(store, whole, ['howEasy', 'howSatisfied'])).toEqual(
    await expected(store, whole, ['howEasy', 'howSatisfied']),
  );
  await save('one', 4, { howEasy: '2', howFindOut: 'Web' });
  expect(await counted(store, whole, ['howEasy', 'howFindOut'])).toEqual(
    await expected(store, whole, ['howEasy', 'howFindOut']),
  );
  expect(await store.deleteOlderThan(at(9))).toBeGreaterThan(0);
  expect(await peek('SELECT * FROM feedback_tally')).toEqual([]);
}

describe('per-day answer counts on SQLite', () => {
  it('stay exact through saves, deletion, the purge and a change of fields', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-tally-')), 'feedback.sqlite');
    const store = openSqliteStore(file);
    const raw = new Database(file);
    try {
      await staysExact(store, async (sql, params = []) => {
        const statement = raw.prepare(sql);
        if (statement.reader) return statement.all(...params) as Row[];
        statement.run(...params);
        return [];
      });
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('reads a survey’s days from the key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-tally-')), 'feedback.sqlite');
    await openSqliteStore(file).close();
    const raw = new Database(file);
    const plan = raw
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM feedback_tally WHERE survey_id = ? AND day >= ? AND day < ?',
      )
      .all('s', '2026-03-01', '2026-03-02') as { detail: string }[];
    raw.close();
    expect(plan.map((p) => p.detail).join('\n')).toContain('feedback_tally_key');
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
// A schema of its own, so other test files using the same database are not disturbed.
const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('per-day answer counts on PostgreSQL', () => {
  it('stay exact through saves, deletion, the purge and a change of fields', async () => {
    const url = await ownSchema(postgresUrl!, 'tally_test');
    // The store's own schema, for the checks' queries.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const store = await openPostgresStore(url);
    try {
      await staysExact(store, async (sql, params = []) => {
        let n = 0;
        const numbered = sql.replace(/\?/g, () => `$${++n}`);
        return (await admin.query<Row>(numbered, params)).rows;
      });
    } finally {
      await store.close();
      await admin.query('DROP SCHEMA ' + schemaFor('tally_test') + ' CASCADE');
      await admin.end();
    }
  });
});
