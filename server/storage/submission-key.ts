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

// A key belongs to its survey: a run of another survey sending the same key (by chance or on
// purpose) is another run, stored as its own row, never answered with the first row's id. The
// column holds the survey's id with the key (no schema change: the unique index on the column
// now holds per survey); rows stored before hold the key alone and are still found for their
// own survey.

/** The key as stored: the survey's id, then the run's key. */
export const storedKey = (surveyId: string, key: string) => `${surveyId}/${key}`;

/** The stored row of a survey's run, with the parameters of `keyLookupParams`. */
export const KEY_LOOKUP =
  'SELECT id FROM feedback WHERE survey_id = ? AND submission_key IN (?, ?)';

export const keyLookupParams = (surveyId: string, key: string) => [
  surveyId,
  storedKey(surveyId, key),
  key,
];
