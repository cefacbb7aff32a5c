// Test submissions: answers sent from a page opened through the editors' preview (PREVIEW=true,
// server/preview). They are stored like any other, marked `test`, so a reviewer can see the
// whole journey work, but the team never sees them: every team query reads `NOT test`
// (team-sql.ts `where`), the per-day counts skip them, they get no word index rows, and the
// purge deletes them after a day (server/retention.ts).
import { POSTGRES_TALLY_SKIP_TESTS, SQLITE_TALLY_SKIP_TESTS } from './tally-sql';

/** How long a test submission is kept. */
export const TEST_RETENTION_MS = 24 * 60 * 60 * 1000;

// The overview's covering index gains the column every team query now reads, so it still
// covers them (a partial index WHERE NOT test would not: SQLite then reads each row); the
// purge finds test rows through their own small index. A draft made by the preview is marked
// too, so the answers sent from it (without JavaScript) are stored as tests.
const INDEXES = `
  DROP INDEX feedback_survey_received;
  CREATE INDEX feedback_survey_received ON feedback (survey_id, received_at, lang, test);
  CREATE INDEX feedback_test_received ON feedback (received_at) WHERE test;`;

/** Migration (SQLite). */
export const SQLITE_TESTS_MIGRATION = `
  ALTER TABLE feedback ADD COLUMN test INTEGER NOT NULL DEFAULT 0 CHECK (test IN (0, 1));
  ALTER TABLE draft ADD COLUMN test INTEGER NOT NULL DEFAULT 0 CHECK (test IN (0, 1));
  ${INDEXES}
  ${SQLITE_TALLY_SKIP_TESTS}`;

/** Migration (PostgreSQL). */
export const POSTGRES_TESTS_MIGRATION = `
  ALTER TABLE feedback ADD COLUMN test BOOLEAN NOT NULL DEFAULT false;
  ALTER TABLE draft ADD COLUMN test BOOLEAN NOT NULL DEFAULT false;
  ${INDEXES}
  ${POSTGRES_TALLY_SKIP_TESTS}`;
