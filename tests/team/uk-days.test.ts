// Days and weeks in UK time (Europe/London), and responses of no known language counted, on
// SQLite and PostgreSQL: a response at 00:30 BST belongs to that UK day in the date filter, the
// per-day counts behind the scores, the weekly trend and a theme's weeks; All = English + Welsh
// + Not known. Every figure is worked out by hand here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore } from '../../server/storage/sqlite';
import { NOTES_MIGRATION } from '../../server/storage/team/migrations';
import { SQLITE_TALLY_UK_DAYS } from '../../server/storage/tally-sql';
import {
  SQLITE_TERM_COUNT_MIGRATION,
  SQLITE_TERM_TOTAL_MIGRATION,
} from '../../server/storage/term-count-sql';
import { SQLITE_THEME_MATCH_MIGRATION } from '../../server/storage/theme-match-sql';
import { sqliteUkDay } from '../../server/storage/uk-day-sql';
import { databases, tableRows, world } from './trends-world';

/** How to undo each SQLite migration after the UK-day recount, newest last. */
const UNDO_LATER = new Map([
  [NOTES_MIGRATION, 'DROP TABLE team_note'],
  [
    SQLITE_THEME_MATCH_MIGRATION,
    `DROP TABLE theme_match; DROP TABLE team_theme_gen; DROP INDEX feedback_themes_gen;
     DROP INDEX feedback_received_test; ALTER TABLE feedback DROP COLUMN themes_gen;
     ALTER TABLE team_theme DROP COLUMN rev`,
  ],
  [SQLITE_TERM_COUNT_MIGRATION, 'DROP TABLE feedback_terms; DROP TABLE feedback_term_count'],
  // Its triggers and index go with the tables above.
  [SQLITE_TERM_TOTAL_MIGRATION, 'DROP TABLE feedback_term_total'],
]);

const now = new Date('2026-11-20T09:00:00Z');
const counts = (body: string) => tableRows(body, 'Responses')[0];

describe('the UK day of a stored time in SQLite', () => {
  it('is Europe/London’s for every half hour of 2024 to 2030', () => {
    const db = new Database(':memory:');
    const sql = db.prepare(`SELECT ${sqliteUkDay('at')} AS day FROM (SELECT ? AS at)`);
    const uk = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
    const wrong: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += 30 * 60 * 1000) {
      const at = new Date(t);
      const day = (sql.get(at.toISOString()) as { day: string }).day;
      if (day !== uk.format(at)) wrong.push(at.toISOString());
    }
    db.close();
    expect(wrong).toEqual([]);
  });
});

describe('the per-day counts of a database kept by UTC day', () => {
  it('are counted again by UK day when the migration runs', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'uk-days-')), 'feedback.sqlite');
    const store = openSqliteStore(file);
    await store.team.keepTallies({ 'fixture-pages': ['howSatisfied'] });
    // 00:30 BST on 11 June.
    await store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'h',
      receivedAt: new Date('2026-06-10T23:30:00Z'),
      answers: { howSatisfied: '5' },
      lang: 'en',
    });
    await store.close();
    // As the release before left it: counted on the UTC day, the recount and every migration
    // after it not run (each undone here; one added later must say how, or this fails).
    const raw = new Database(file);
    const days = () => raw.prepare('SELECT day, n FROM feedback_tally').all();
    expect(days()).toEqual([{ day: '2026-06-11', n: 1 }]);
    const recount = MIGRATIONS.indexOf(SQLITE_TALLY_UK_DAYS);
    for (const later of MIGRATIONS.slice(recount + 1).reverse()) {
      const undo = UNDO_LATER.get(later);
      if (!undo) throw new Error(`no undo for migration ${MIGRATIONS.indexOf(later) + 1}`);
      raw.exec(undo);
    }
    raw.exec(`UPDATE feedback_tally SET day = '2026-06-10'; PRAGMA user_version = ${recount};`);
    await openSqliteStore(file).close();
    expect(days()).toEqual([{ day: '2026-06-11', n: 1 }]);
    raw.close();
  });
});

describe.each(databases)('UK days and unknown language on %s', (_name, open) => {
  it('counts a response at 00:30 BST on its UK day, in the filter, the scores and the week', async () => {
    const w = await world(await open('uk_days_bst'), now);
    // 00:30 BST on Thursday 11 June 2026 is 23:30 UTC on the 10th.
    await w.save('2026-06-10T23:30:00Z', { howSatisfied: '5' });
    // 00:30 BST on Monday 15 June is 23:30 UTC on Sunday the 14th: the week of 15 June.
    await w.save('2026-06-14T23:30:00Z', { howSatisfied: '1' });
    // Winter (GMT): 23:30 UTC on 10 January is 23:30 on 10 January in the UK.
    await w.save('2026-01-10T23:30:00Z', { howSatisfied: '4' });
    const viewer = await w.member('viewer');
    const day = async (d: string) =>
      (await viewer.get(`/team?survey=fixture-pages&from=${d}&to=${d}`)).body;
    // All | English | Welsh | Not known
    expect(counts(await day('2026-06-11'))).toBe('1 | 1 | 0 | 0');
    expect(counts(await day('2026-06-10'))).toBe('0 | 0 | 0 | 0');
    expect(counts(await day('2026-01-10'))).toBe('1 | 1 | 0 | 0');
    expect(counts(await day('2026-01-11'))).toBe('0 | 0 | 0 | 0');
    // The score of 11 June (from the per-day counts): its one answer, "Very satisfied".
    expect(tableRows(await day('2026-06-11'), 'Headline scores')[0]).toMatch(
      /^How satisfied\? \| Satisfied \(CSAT\) \| 100% \| 1/,
    );
    expect(tableRows(await day('2026-06-14'), 'Headline scores')[0]).toMatch(
      /\| No answers yet \| 0/,
    );
    // Monday 8 to Sunday 21 June: the second week holds the response of Monday 00:30.
    const weeks = await viewer.get('/team?survey=fixture-pages&from=2026-06-08&to=2026-06-21');
    expect(tableRows(weeks.body, 'Responses each week')).toEqual([
      '8 June 2026 | 1',
      '15 June 2026 | 1',
    ]);
    expect(weeks.body).toContain('Days are UK time.');
    const cy = await viewer.get('/team?survey=fixture-pages&from=2026-06-08&to=2026-06-21&lang=cy');
    expect(cy.body).toContain('Mae’r dyddiau yn ôl amser y DU.');
  });

  it('counts a theme’s weeks by UK day', async () => {
    const w = await world(await open('uk_days_theme'), now);
    const theme = (await w.store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }))!;
    // 00:30 BST on Monday 15 June is 23:30 UTC on Sunday the 14th: the week of 15 June.
    await w.save('2026-06-14T23:30:00Z', { howToImprove: 'Too slow' });
    // 00:30 BST on Sunday 14 June: the week of 8 June.
    await w.save('2026-06-13T23:30:00Z', { howToImprove: 'Fine as it is' });
    while (!(await w.store.team.themesReady())(theme.id))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const viewer = await w.member('viewer');
    const page = await viewer.get(
      `/team/themes/${theme.id}?survey=fixture-pages&from=2026-06-08&to=2026-06-21`,
    );
    expect(tableRows(page.body, 'Matching responses each week')).toEqual([
      '8 June 2026 | 0 / 1 | 0%',
      '15 June 2026 | 1 / 1 | 100%',
    ]);
  });

  it('counts the days the clocks change on as UK days', async () => {
    const w = await world(await open('uk_days_change'), now);
    // Clocks go forward at 01:00 UTC on Sunday 29 March 2026 and back on Sunday 25 October.
    await w.save('2026-03-28T23:30:00Z', { howSatisfied: '5' }); // GMT: Saturday 28 March
    await w.save('2026-03-29T23:30:00Z', { howSatisfied: '5' }, 'en', 2); // BST: Monday 30 March
    await w.save('2026-10-24T23:30:00Z', { howSatisfied: '5' }, 'en', 3); // BST: Sunday 25 October
    await w.save('2026-10-25T23:30:00Z', { howSatisfied: '5' }, 'en', 4); // GMT: Sunday 25 October
    const viewer = await w.member('viewer');
    const all = async (from: string, to: string) =>
      counts((await viewer.get(`/team?survey=fixture-pages&from=${from}&to=${to}`)).body)!.split(
        ' | ',
      )[0];
    expect(await all('2026-03-28', '2026-03-28')).toBe('1');
    expect(await all('2026-03-29', '2026-03-29')).toBe('0');
    expect(await all('2026-03-30', '2026-03-30')).toBe('2');
    expect(await all('2026-10-24', '2026-10-24')).toBe('0');
    expect(await all('2026-10-25', '2026-10-25')).toBe('7');
    expect(await all('2026-10-26', '2026-10-26')).toBe('0');
  });

  it('shows responses of no known language: All = English + Welsh + Not known', async () => {
    const w = await world(await open('uk_days_lang'), now);
    await w.save('2026-11-02T10:00:00Z', { howSatisfied: '5' }, 'en', 3);
    await w.save('2026-11-03T10:00:00Z', { howSatisfied: '4' }, 'cy', 2);
    await w.save('2026-11-04T10:00:00Z', { howSatisfied: '1' }, null, 4);
    const viewer = await w.member('viewer');
    const en = await viewer.get('/team?survey=fixture-pages&from=2026-11-01&to=2026-11-10');
    expect(en.body).toContain('Not known</th>');
    expect(counts(en.body)).toBe('9 | 3 | 2 | 4');
    const cy = await viewer.get('/team?survey=fixture-pages&from=2026-11-01&to=2026-11-10&lang=cy');
    expect(cy.body).toContain('Anhysbys</th>');
    expect(tableRows(cy.body, 'Ymatebion')[0]).toBe('9 | 3 | 2 | 4');
  });
});
