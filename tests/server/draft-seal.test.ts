// A draft's typed text is stored sealed with a key derived from its token, which the database
// never holds (only the token's SHA-256): the stored row does not contain the text, and without
// the token it cannot be read back (server/storage/draft-seal.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../server/storage/draft-seal';
import { draftHash } from '../../server/storage/drafts';
import { openSqliteStore } from '../../server/storage/sqlite';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER = 'BBBBBBBBBBBBBBBBBBBBBB';
const TEXT = '{"comments":"ring 07700 900123"}';

describe('sealing a draft', () => {
  it('reads back with its token only', () => {
    const sealed = seal(TOKEN, TEXT);
    expect(sealed).not.toContain('07700');
    expect(unseal(TOKEN, sealed)).toBe(TEXT);
    expect(() => unseal(OTHER, sealed)).toThrow();
    // Nor with the token's hash, which is what the database keeps.
    expect(() => unseal(draftHash(TOKEN), sealed)).toThrow();
  });

  it('seals the same text differently each time, and refuses a changed one', () => {
    expect(seal(TOKEN, TEXT)).not.toBe(seal(TOKEN, TEXT));
    const sealed = seal(TOKEN, TEXT);
    const changed = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => unseal(TOKEN, changed)).toThrow();
  });

  it('reads a draft stored before drafts were sealed as it is', () => {
    expect(unseal(TOKEN, TEXT)).toBe(TEXT);
  });
});

describe('a stored draft (SQLite)', () => {
  it('holds its answers and a page posted with errors sealed, and reads them back', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'feedback-seal-')), 'feedback.sqlite');
    const store = openSqliteStore(file);
    const now = new Date();
    const token = await store.drafts.create('survey', now);
    await store.drafts.save(token, { comments: 'ring 07700 900123' }, now);
    const posted = { at: '/en/survey/q1', posted: { answers: { comments: 'jo@example.com' } } };
    await store.drafts.hold(token, posted);
    const db = new Database(file, { readonly: true });
    const row = db.prepare('SELECT answers, posted FROM draft').get() as Record<string, string>;
    db.close();
    expect(row.answers).not.toContain('07700');
    expect(row.posted).not.toContain('example');
    expect(await store.drafts.read(token)).toEqual({
      surveyId: 'survey',
      answers: { comments: 'ring 07700 900123' },
      lastActivity: now,
      posted,
    });
    await store.close();
  });
});
