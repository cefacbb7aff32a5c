// One run of a survey is stored once: the app makes a random key when the run starts and sends
// it with the answers (`Idempotency-Key`); a second submission with the same key (a double tap,
// two tabs, a retry) finds the first row instead of adding one. The key lives in the row, so it
// goes when the row does (three months, or the team's deletion); it says nothing about anyone.
// Without JavaScript a one-page survey's form carries a key the server made when it drew the form
// (a hidden field, server/nojs): posted twice, it is stored once the same way.

/** Migration (SQLite and PostgreSQL alike): the key column, unique where present. */
export const SUBMISSION_KEY_MIGRATION = `ALTER TABLE feedback ADD COLUMN submission_key TEXT;
  CREATE UNIQUE INDEX feedback_submission_key ON feedback (submission_key);`;

/** What a key may look like: 16 to 64 URL-safe characters (the app sends 22). */
export const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,64}$/;
