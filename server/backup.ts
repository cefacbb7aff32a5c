// Backups of the SQLite store (`npm run backup` / `npm run restore`, docs/operations.md). A backup
// is `VACUUM INTO`: one read transaction, so a consistent copy of the database as it was at one
// moment, taken while the service keeps writing (WAL: readers and the writer do not wait on each
// other). It carries a manifest of its schema version and each table's row count, which the
// restore checks before the file goes into place. PostgreSQL is backed up with its own tools.
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './storage/sqlite';

export interface Manifest {
  schemaVersion: number;
  /** Rows in each table of the copy. */
  counts: Record<string, number>;
  takenAt: string;
}

const MANIFEST_TABLE = 'backup_manifest';

function tables(db: Database.Database): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[]
  ).filter((name) => name !== MANIFEST_TABLE);
}

function countsOf(db: Database.Database): Record<string, number> {
  return Object.fromEntries(
    tables(db).map((name) => [
      name,
      db
        .prepare(`SELECT COUNT(*) FROM "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number,
    ]),
  );
}

/** Creates `file` empty and readable by this user only (it holds personal data). */
function createPrivately(file: string): void {
  closeSync(openSync(file, 'wx', 0o600));
  chmodSync(file, 0o600);
}

/**
 * Copies the database at `source` (in use or not) to `target`, which must not exist, and records
 * the copy's manifest in it. Resolves to the manifest.
 */
export function backupSqlite(source: string, target: string, now = new Date()): Manifest {
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists already: give a new file name`);
  createPrivately(target);
  try {
    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(target);
    } finally {
      db.close();
    }
    const copy = new Database(target);
    try {
      const manifest: Manifest = {
        schemaVersion: copy.pragma('user_version', { simple: true }) as number,
        counts: countsOf(copy),
        takenAt: now.toISOString(),
      };
      copy.exec(`CREATE TABLE ${MANIFEST_TABLE} (manifest TEXT NOT NULL)`);
      copy
        .prepare(`INSERT INTO ${MANIFEST_TABLE} (manifest) VALUES (?)`)
        .run(JSON.stringify(manifest));
      return manifest;
    } finally {
      copy.close();
    }
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

/**
 * Restores `backup` as `dataDir`/feedback.sqlite. The folder must hold no database; the copy is
 * checked (integrity, schema version known to this release, every table's row count as the
 * manifest says) before it is moved into place, so a failed restore leaves nothing behind.
 */
export function restoreSqlite(backup: string, dataDir: string): Manifest {
  const target = join(dataDir, 'feedback.sqlite');
  if (
    existsSync(dataDir) &&
    readdirSync(dataDir).some((name) => name.startsWith('feedback.sqlite'))
  )
    throw new Error(`${dataDir} already holds a database: restore into an empty DATA_DIR`);
  const source = new Database(backup, { readonly: true, fileMustExist: true });
  let manifest: Manifest;
  try {
    const row = source.prepare(`SELECT manifest FROM ${MANIFEST_TABLE}`).pluck().get() as
      string | undefined;
    if (!row) throw new Error(`${backup} is not a backup made by npm run backup (no manifest)`);
    manifest = JSON.parse(row) as Manifest;
  } finally {
    source.close();
  }
  if (manifest.schemaVersion > MIGRATIONS.length)
    throw new Error(
      `the backup is schema version ${manifest.schemaVersion}, newer than this release (${MIGRATIONS.length}): restore it with the release that took it`,
    );
  // A new folder is made readable by the service's user only, as the server makes it.
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  createPrivately(partial);
  try {
    const db = new Database(backup, { readonly: true, fileMustExist: true });
    try {
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    const copy = new Database(partial);
    try {
      const problems = copy.pragma('integrity_check', { simple: true });
      if (problems !== 'ok') throw new Error(`the backup is damaged: ${String(problems)}`);
      const version = copy.pragma('user_version', { simple: true }) as number;
      if (version !== manifest.schemaVersion)
        throw new Error(`schema version ${version}, the manifest says ${manifest.schemaVersion}`);
      const counts = countsOf(copy);
      if (JSON.stringify(counts) !== JSON.stringify(manifest.counts))
        throw new Error(
          `row counts differ from the manifest: ${JSON.stringify(counts)} against ${JSON.stringify(manifest.counts)}`,
        );
      copy.exec(`DROP TABLE ${MANIFEST_TABLE}`);
      copy.pragma('journal_mode = WAL');
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    return manifest;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
