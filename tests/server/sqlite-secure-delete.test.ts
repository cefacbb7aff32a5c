// A deleted or purged response must not stay readable in the SQLite files (the database and
// its write-ahead log), where a copy of the disk or a backup would still find it.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/storage/sqlite';

const response = (text: string, second: number) => ({
  surveyId: 'survey',
  definitionHash: 'abc',
  receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
  answers: { howToImprove: text, serviceName: 'svc' },
});

/** Whether `marker` appears in the raw bytes of the database file or its -wal. */
function onDisk(file: string, marker: string): boolean {
  return [file, `${file}-wal`].some(
    (path) => existsSync(path) && readFileSync(path).includes(Buffer.from(marker)),
  );
}

function freshFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'feedback-secure-delete-')), 'feedback.sqlite');
}

describe('SQLite deletes leave no trace on disk', () => {
  it('a response deleted by the team is gone from the database file and the WAL', async () => {
    const file = freshFile();
    const store = openSqliteStore(file);
    const marker = `secret-${randomUUID()}`;
    const { id } = await store.save(response(marker, 1));
    await store.save(response('kept answer', 2));
    expect(onDisk(file, marker)).toBe(true); // so the search below can find it
    expect(await store.team.deleteFeedback(id)).toBe(true);
    expect(onDisk(file, marker)).toBe(false);
    expect(await store.count()).toBe(1);
    await store.close();
    expect(onDisk(file, marker)).toBe(false);
  });

  it('responses purged by the retention period are gone from the database file and the WAL', async () => {
    const file = freshFile();
    const store = openSqliteStore(file);
    const marker = `purged-${randomUUID()}`;
    for (let n = 0; n < 50; n++) await store.save(response(`${marker} ${n}`, n));
    await store.save(response('recent answer', 59));
    expect(onDisk(file, marker)).toBe(true);
    expect(await store.deleteOlderThan(new Date(Date.UTC(2026, 0, 1, 0, 0, 50)))).toBe(50);
    expect(onDisk(file, marker)).toBe(false);
    expect((await store.list()).map((r) => r.answers.howToImprove)).toEqual(['recent answer']);
    await store.close();
  });
});
