// Migrations only add until the release after (docs/operations.md): during a rolling deploy the
// previous release runs on the schema this one migrated, so a migration newer than the previous
// release (server/storage/released-migrations.json, recorded when it shipped) may add tables,
// columns with a default or nullable, and indexes, but never drop, rename, retype, tighten a
// column the previous release writes, or delete rows; and the released migrations never change
// (a database that ran them would not run them again). Checked over every migration of both
// stores, so the next one added is checked too.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as POSTGRES } from '../../server/storage/postgres';
import { MIGRATIONS as SQLITE } from '../../server/storage/sqlite';

const released = JSON.parse(
  readFileSync('server/storage/released-migrations.json', 'utf8'),
) as Record<'postgres' | 'sqlite', string[]> & { release: string };

const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

/** What a release's queries may stop working on: each with why. */
const CONTRACTING: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|INDEX|TRIGGER|FUNCTION|TYPE|SCHEMA|CONSTRAINT)\b/i, 'drops'],
  [/\bRENAME\b/i, 'renames'],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a type'],
  [/\bSET\s+NOT\s+NULL\b/i, 'makes a column required'],
  [
    /\bADD\s+COLUMN\s+[^,;]*\bNOT\s+NULL\b(?![^,;]*\bDEFAULT\b)/i,
    'adds a required column with no default',
  ],
  [/\b(DELETE\s+FROM|TRUNCATE)\b/i, 'deletes rows'],
];

/** Contracting statements this code allows, each with the release after which it was safe. */
const ALLOWED: { store: string; version: number; reason: string }[] = [
  // The per-day counts keyed by UK day instead of UTC (issue 35): the triggers are made again and
  // the counts recounted. Derived data only, kept by the database for both releases; during a
  // deploy the previous release reads a UK day's count as the UTC day's (figures only, an hour's
  // responses at most on another day; nothing stored or lost). docs/operations.md says so.
  {
    store: 'sqlite',
    version: 22,
    reason: 'per-day counts recounted by UK day (triggers remade)',
  },
  { store: 'postgres', version: 24, reason: 'per-day counts recounted by UK day' },
];

/**
 * The contracting changes in a migration, by what they do. A trigger's or function's body is not
 * run by the migration (it runs later, on the rows its own statement touches), so it is left out.
 */
function contracting(sql: string): string[] {
  const code = sql
    .replace(/--[^\n]*/g, '')
    .replace(/\$\$[\s\S]*?\$\$/g, '')
    .replace(/\bBEGIN\b[\s\S]*?\bEND\b/gi, '');
  return CONTRACTING.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
}

describe.each([
  ['postgres', POSTGRES],
  ['sqlite', SQLITE],
] as const)('%s migrations', (store, migrations) => {
  it('the released ones are unchanged', () => {
    expect(migrations.length).toBeGreaterThanOrEqual(released[store].length);
    expect(migrations.slice(0, released[store].length).map(hashOf)).toEqual(released[store]);
  });

  it(`the ones after release ${released.release} only add`, () => {
    const problems = migrations
      .map((sql, index) => ({ version: index + 1, sql }))
      .slice(released[store].length)
      .filter(({ version }) => !ALLOWED.some((a) => a.store === store && a.version === version))
      .flatMap(({ version, sql }) => contracting(sql).map((what) => `version ${version} ${what}`));
    expect(problems).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds what would break the previous release, and lets additions through', () => {
    expect(contracting('ALTER TABLE feedback DROP COLUMN lang')).toEqual(['drops']);
    expect(contracting('ALTER TABLE draft RENAME COLUMN answers TO saved')).toEqual(['renames']);
    expect(contracting('ALTER TABLE feedback ALTER COLUMN lang TYPE INTEGER')).toEqual([
      'changes a type',
    ]);
    expect(contracting('ALTER TABLE feedback ALTER COLUMN lang SET NOT NULL')).toEqual([
      'makes a column required',
    ]);
    expect(contracting('ALTER TABLE feedback ADD COLUMN region TEXT NOT NULL')).toEqual([
      'adds a required column with no default',
    ]);
    expect(contracting('DELETE FROM draft')).toEqual(['deletes rows']);
    expect(contracting("ALTER TABLE feedback ADD COLUMN region TEXT NOT NULL DEFAULT ''")).toEqual(
      [],
    );
    expect(
      contracting('CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE INDEX i ON t (id)'),
    ).toEqual([]);
    expect(
      contracting('-- an old name: DROP TABLE nothing\nALTER TABLE d ADD COLUMN x TEXT'),
    ).toEqual([]);
  });
});
