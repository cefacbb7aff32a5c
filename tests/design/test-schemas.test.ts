// Test files running side by side on one PostgreSQL database each work in a schema of their own
// (tests/server/postgres-schema.ts). Two files that picked the same name once dropped each
// other's tables; schemas named by hand could do it again, so only that module makes them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaName } from '../server/postgres-schema';

const OWNER = join('tests', 'server', 'postgres-schema.ts');
/** This file names what it looks for. */
const SELF = join('tests', 'design', 'test-schemas.test.ts');

describe('PostgreSQL schemas in tests', () => {
  it('are made and chosen only by ownSchema', () => {
    const files = readdirSync('tests', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join('tests', file));
    expect(files).toContain(OWNER);
    const byHand = files.filter(
      (file) =>
        ![OWNER, SELF].includes(file) &&
        /create\s+schema|search_path/i.test(readFileSync(file, 'utf8')),
    );
    expect(byHand).toEqual([]);
  });

  it('differ between files that give the same name, and not within one file', () => {
    const words = schemaName('words_test', 'tests/team/words.test.ts');
    expect(schemaName('words_test', 'tests/team/words-page.test.ts')).not.toBe(words);
    expect(schemaName('words_test', 'tests/team/words.test.ts')).toBe(words);
    expect(words).toMatch(/^words_test_[0-9a-f]{8}$/);
  });
});
