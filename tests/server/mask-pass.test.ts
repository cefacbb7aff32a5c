// The masking pass over stored rows (server/storage/mask-sql.ts), on SQLite and PostgreSQL: two
// instances starting together mask each row once (one holds the pass, the other waits), and an
// instance killed mid-pass leaves its progress for its successor, who masks only what is left.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

/** More than two of the pass's batches (500 rows each). */
const ROWS = 1_200;
const PASS = 901;

const opened: StoreWithTeam[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function seed(store: StoreWithTeam) {
  for (let from = 0; from < ROWS; from += 100)
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        store.save({
          surveyId: 'masking',
          definitionHash: 'h',
          receivedAt: new Date(),
          answers: { howToImprove: `row ${from + i} ring 07700 900123`, serviceName: 's' },
        }),
      ),
    );
}

/** A mask that hides digits, counting the stored rows it is given (not the per-day counts'). */
function countingMask(options: { failAfter?: number } = {}) {
  const seen: string[] = [];
  const mask = (_survey: string, answers: Record<string, string>) => {
    if (answers.howToImprove === undefined) return answers;
    if (options.failAfter !== undefined && seen.length >= options.failAfter)
      throw new Error('the instance was killed');
    seen.push(answers.howToImprove);
    return { ...answers, howToImprove: answers.howToImprove.replace(/\d{4,}/g, '[hidden]') };
  };
  return { mask, seen };
}

async function everyRowMasked(store: StoreWithTeam) {
  const rows = await store.list();
  expect(rows).toHaveLength(ROWS);
  expect(rows.filter((r) => /07700/.test(r.answers.howToImprove ?? ''))).toEqual([]);
}

const databaseUrl = process.env.TEST_DATABASE_URL;
const kinds: [string, boolean, () => Promise<() => Promise<StoreWithTeam>>][] = [
  [
    'SQLite',
    false,
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'feedback-mask-')), 'feedback.sqlite');
      return async () => openSqliteStore(file);
    },
  ],
  [
    'PostgreSQL',
    !databaseUrl,
    async () => {
      const url = await ownSchema(databaseUrl!, 'test_mask_pass');
      return () => openPostgresStore(url, { poolMax: 3, teamPoolMax: 1 });
    },
  ],
];

describe.each(kinds)('the masking pass on %s', (_name, skip, database) => {
  it.skipIf(skip)(
    'two instances at once mask each row once',
    async () => {
      const instance = await database();
      const [a, b] = [await instance(), await instance()];
      opened.push(a, b);
      await seed(a);
      const first = countingMask();
      const second = countingMask();
      // A lease far longer than a batch takes, as in service (30 s): nobody takes over.
      const reported: string[] = [];
      const options = (name: string) => ({
        leaseMs: 10_000,
        onProgress: () => reported.push(name),
      });
      await Promise.all([
        a.team.maskStored(PASS, first.mask, options('a')),
        b.team.maskStored(PASS, second.mask, options('b')),
      ]);
      // One instance held the pass and did it all; every stored row was looked at once.
      expect(new Set(reported).size).toBe(1);
      expect(first.seen.length + second.seen.length).toBe(ROWS);
      expect(new Set([...first.seen, ...second.seen]).size).toBe(ROWS);
      await everyRowMasked(a);
    },
    60_000,
  );

  it.skipIf(skip)(
    "an instance killed mid-pass: its successor continues from the killed one's progress",
    async () => {
      const instance = await database();
      const killed = await instance();
      opened.push(killed);
      await seed(killed);
      // Dies in its third batch: two batches (1,000 rows) were masked and recorded.
      const dying = countingMask({ failAfter: 1_100 });
      await expect(killed.team.maskStored(PASS, dying.mask, { leaseMs: 1_500 })).rejects.toThrow(
        /killed/,
      );
      const successor = await instance();
      opened.push(successor);
      const progress: number[] = [];
      const after = countingMask();
      await successor.team.maskStored(PASS, after.mask, {
        leaseMs: 1_500,
        onProgress: (p) => progress.push(p.done),
      });
      // It waited for the lease to lapse, then masked only the rows not yet masked.
      expect(after.seen).toHaveLength(ROWS - 1_000);
      expect(after.seen.filter((text) => dying.seen.slice(0, 1_000).includes(text))).toEqual([]);
      expect(progress.at(-1)).toBe(ROWS);
      await everyRowMasked(successor);
      // And the pass is recorded: a later start does nothing.
      const later = countingMask();
      expect(await successor.team.maskStored(PASS, later.mask)).toBe(0);
      expect(later.seen).toEqual([]);
    },
    60_000,
  );
});
