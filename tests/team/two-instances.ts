// Checks of two instances of the service on one database, run on SQLite (stores on one file)
// and, with TEST_DATABASE_URL set, PostgreSQL (stores on one schema): each check gets a way to
// open another store on its own fresh database, and every store it opened is closed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from '../server/postgres-schema';

/** Opens one more store (one more instance) on the check's database. */
export type Open = () => Promise<StoreWithTeam>;
type Check = (open: Open) => Promise<void>;

export function onBothDatabases(subject: string, schema: string, checks: Record<string, Check>) {
  let opened: StoreWithTeam[] = [];
  let cleanUp: (() => void) | undefined;
  afterEach(async () => {
    for (const store of opened) await store.close();
    opened = [];
    cleanUp?.();
    cleanUp = undefined;
  });
  const tracked = async (store: StoreWithTeam | Promise<StoreWithTeam>) => {
    opened.push(await store);
    return opened.at(-1)!;
  };

  describe(`${subject} on SQLite`, () => {
    for (const [name, check] of Object.entries(checks))
      it(name, async () => {
        const dir = mkdtempSync(join(tmpdir(), 'two-instances-'));
        cleanUp = () => rmSync(dir, { recursive: true, force: true });
        const file = join(dir, 'feedback.sqlite');
        await check(() => tracked(openSqliteStore(file)));
      });
  });

  // Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!databaseUrl)(`${subject} on PostgreSQL`, () => {
    for (const [i, [name, check]] of Object.entries(checks).entries())
      it(name, async () => {
        const url = await ownSchema(databaseUrl!, `${schema}_${i}`);
        await check(() => tracked(openPostgresStore(url)));
      });
  });
}
