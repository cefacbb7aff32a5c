// A database kept from the release before the word totals (server/storage/term-count-sql.ts,
// `feedback_term_total`) gets them when it migrates: each word's total is the sum of its kept
// daily counts, and responses stored afterwards keep them so. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { comment } from '../../scripts/bench-text';
import {
  MIGRATIONS as POSTGRES_MIGRATIONS,
  openPostgresStore,
} from '../../server/storage/postgres';
import { MIGRATIONS as SQLITE_MIGRATIONS, openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { wordSource } from '../../server/team/word-source';
import { ownSchema } from '../server/postgres-schema';
import { crosstabSurveys, XTAB_ONE } from './fixtures/crosstab-surveys';

const surveys = crosstabSurveys();

/** Undoes the totals' migration: what a database of the release before holds. */
const BEFORE_TOTALS = `DROP TRIGGER IF EXISTS feedback_terms_add_total;
  DROP TRIGGER IF EXISTS feedback_terms_remove_total;
  DROP INDEX feedback_term_count_text;
  DROP TABLE feedback_term_total;`;

/** Each word's total, and the sum of its daily counts, as [lang, kind, text, n] in one order. */
const TOTALS = `SELECT lang, kind, text, responses AS n FROM feedback_term_total
  ORDER BY lang, kind, text`;
const SUMS = `SELECT lang, kind, text, SUM(responses) AS n FROM feedback_term_count
  WHERE kind <> 'r' GROUP BY lang, kind, text ORDER BY lang, kind, text`;

async function send(store: StoreWithTeam, count: number, start: number) {
  let seed = start;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < count; i++) {
    const welsh = random() < 0.4;
    await store.save({
      surveyId: XTAB_ONE,
      definitionHash: 'h',
      receivedAt: new Date(Date.UTC(2026, 2, 1 + (i % 20), 10)),
      answers: { howToImprove: comment(random, welsh) },
      lang: welsh ? 'cy' : 'en',
    });
  }
}

const rows = (found: { lang: string; kind: string; text: string; n: unknown }[]) =>
  found.map((r) => [r.lang, r.kind, r.text, Number(r.n)]);

describe('the word totals, for a database kept from the release before them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'term-totals-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SQLite: are filled from the daily counts when it migrates, and kept after', async () => {
    const file = join(dir, 'feedback.sqlite');
    const old = openSqliteStore(file);
    await old.team.keepWords(wordSource(surveys));
    await send(old, 120, 7);
    await old.close();
    const db = new Database(file);
    db.exec(BEFORE_TOTALS);
    db.pragma(`user_version = ${SQLITE_MIGRATIONS.length - 1}`);
    db.close();

    const store = openSqliteStore(file);
    await store.team.keepWords(wordSource(surveys));
    await send(store, 30, 8);
    await store.close();
    const check = new Database(file, { readonly: true });
    try {
      const totals = rows(check.prepare(TOTALS).all() as never);
      expect(totals.length).toBeGreaterThan(500);
      expect(totals).toEqual(rows(check.prepare(SUMS).all() as never));
    } finally {
      check.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: are filled from the daily counts when it migrates, and kept after',
    async () => {
      const url = await ownSchema(process.env.TEST_DATABASE_URL!, 'term_totals_migration');
      const old = await openPostgresStore(url);
      await old.team.keepWords(wordSource(surveys));
      await send(old, 120, 7);
      await old.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(BEFORE_TOTALS.replace(/DROP TRIGGER[^;]*;/g, ''));
        await client.query('UPDATE schema_version SET version = $1', [
          POSTGRES_MIGRATIONS.length - 1,
        ]);
        const store = await openPostgresStore(url);
        await store.team.keepWords(wordSource(surveys));
        await send(store, 30, 8);
        await store.close();
        const totals = rows((await client.query(TOTALS)).rows);
        expect(totals.length).toBeGreaterThan(500);
        expect(totals).toEqual(rows((await client.query(SUMS)).rows));
      } finally {
        await client.end();
      }
    },
    30_000,
  );
});
