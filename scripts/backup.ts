// `npm run backup -- <file>`: a consistent copy of the SQLite store (DATA_DIR/feedback.sqlite),
// taken while the service runs, with a manifest of its schema version and row counts that
// `npm run restore` checks. PostgreSQL (DATABASE_URL) is backed up with pg_dump or base backups:
// docs/operations.md. Keep backups no longer than docs/operations.md says (they hold personal data).
import { join } from 'node:path';
import { storageFromEnv } from '../server/config';
import { backupSqlite } from '../server/backup';

const target = process.argv[2];
try {
  if (!target) throw new Error('usage: npm run backup -- <file>');
  const { databaseUrl, dataDir } = storageFromEnv();
  if (databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump or base backups (docs/operations.md)',
    );
  const manifest = backupSqlite(join(dataDir, 'feedback.sqlite'), target);
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up ${join(dataDir, 'feedback.sqlite')} to ${target}: schema version ${manifest.schemaVersion}, ${manifest.counts.feedback ?? 0} responses, ${rows} rows in ${Object.keys(manifest.counts).length} tables, as at ${manifest.takenAt}.`,
  );
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
