// `npm run restore -- <file>`: puts a backup made by `npm run backup` in place as
// DATA_DIR/feedback.sqlite, into a DATA_DIR that holds no database, after checking its integrity,
// schema version and every table's row count against its manifest; then deletes what the
// retention period (RETENTION_MONTHS) has expired since the backup was taken.
import { storageFromEnv, configFromEnv } from '../server/config';
import { restoreSqlite } from '../server/backup';
import { purgeExpired } from '../server/retention';
import { openSqliteStore } from '../server/storage/sqlite';
import { join } from 'node:path';

const backup = process.argv[2];
try {
  if (!backup) throw new Error('usage: npm run restore -- <file>');
  const { databaseUrl, dataDir } = storageFromEnv();
  if (databaseUrl)
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md)');
  const manifest = restoreSqlite(backup, dataDir);
  console.log(
    `Restored ${backup} into ${dataDir}: schema version ${manifest.schemaVersion} and the row counts of its ${Object.keys(manifest.counts).length} tables match the backup's (${manifest.counts.feedback ?? 0} responses, taken ${manifest.takenAt}).`,
  );
  const months = configFromEnv({ RETENTION_MONTHS: process.env.RETENTION_MONTHS }).retentionMonths;
  const store = openSqliteStore(join(dataDir, 'feedback.sqlite'));
  try {
    const expired = await purgeExpired(store, months, new Date());
    console.log(`Deleted ${expired} response(s) past the retention period since the backup.`);
  } finally {
    await store.close();
  }
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
