// `npm run release:record -- <ref>`, run on the commit being released: records it as the previous
// release for the next one's checks (server/storage/released-migrations.json): the ref that
// tests/server/two-releases.test.ts builds and runs beside this code, and a hash of each of its
// migrations, which tests/server/migrations.test.ts then holds unchanged and after which a
// migration may only add (docs/operations.md, "Migrations only add").
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { MIGRATIONS as POSTGRES } from '../server/storage/postgres';
import { MIGRATIONS as SQLITE } from '../server/storage/sqlite';
import { commitOf } from './preview-ref';

export const RELEASED_FILE = 'server/storage/released-migrations.json';

export const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

const ref = process.argv[2];
if (!ref) {
  console.error('usage: npm run release:record -- <ref of the release>');
  process.exit(2);
}
const record = {
  release: commitOf(ref).slice(0, 12),
  postgres: POSTGRES.map(hashOf),
  sqlite: SQLITE.map(hashOf),
};
writeFileSync(RELEASED_FILE, `${JSON.stringify(record, null, 2)}\n`);
console.log(
  `Recorded ${ref} (${record.release}): PostgreSQL schema ${record.postgres.length}, SQLite ${record.sqlite.length}.`,
);
