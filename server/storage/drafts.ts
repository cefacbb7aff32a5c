// Answers in progress of a respondent without JavaScript, kept on the server between pages.
// The draft is named by a random 128-bit token carried in the page address (never a cookie);
// only its SHA-256 is stored, so the database alone cannot be used to open someone's draft. What
// it holds of what was typed is sealed with a key only the token gives (./draft-seal.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Answers } from '../../engine';
import { seal, unseal } from './draft-seal';
import type { Sql } from './sql';

/** Migration: the drafts table, on SQLite and PostgreSQL alike. */
export const DRAFTS_MIGRATION = `CREATE TABLE draft (
    id_hash TEXT PRIMARY KEY,
    survey_id TEXT NOT NULL,
    answers TEXT NOT NULL,      -- JSON object
    last_activity TEXT NOT NULL -- ISO 8601 UTC
  );
  CREATE INDEX draft_last_activity ON draft (last_activity);`;

/** Migration: a sent draft is kept, emptied, until it is purged, so its pages can say it was sent. */
export const DRAFT_SENT_MIGRATION = `ALTER TABLE draft ADD COLUMN sent_at TEXT;`;

/** Migration: a page posted with errors, kept until the page is next shown (Post/Redirect/Get). */
export const DRAFT_POSTED_MIGRATION = `ALTER TABLE draft ADD COLUMN posted TEXT;`;

export interface Draft {
  surveyId: string;
  answers: Answers;
  /** When it was last written (sent, for a sent draft): the engine judges whether the run is
   *  still under way (engine/session.ts), the store only keeps the time. */
  lastActivity: Date;
  /** The answers were sent (the draft is kept, emptied, to say so). */
  sent?: true;
  /** Made by the editors' preview: what is sent from it is a test submission. */
  test?: true;
  /** A page posted with errors (what was typed, the errors), to show once. */
  posted?: unknown;
}

/** Marks a draft sent and empties it, if it was not sent already; every store runs it in the
 *  same transaction as the row's INSERT (UPDATE locks the row, so a second Send waits, then
 *  changes nothing). */
export const SEND_DRAFT =
  "UPDATE draft SET answers = '{}', posted = NULL, sent_at = ? WHERE id_hash = ? AND sent_at IS NULL";

export interface DraftStore {
  /** A new empty draft for a survey (`test` when the preview makes it); resolves to its token. */
  create(surveyId: string, now: Date, options?: { test?: boolean }): Promise<string>;
  /** The draft as stored, or null when there is none (however long it has been idle: the
   *  engine's rule judges that; the purge deletes what the hour has ended). */
  read(token: string): Promise<Draft | null>;
  /** Replaces the draft's answers and records the activity; a held posted page is then shown. */
  save(token: string, answers: Answers, now: Date): Promise<void>;
  /** Holds a page posted with errors until the page is next shown. */
  hold(token: string, posted: unknown): Promise<void>;
  remove(token: string): Promise<void>;
  /** Deletes drafts idle (or sent) since before `cutoff`; resolves to how many went. */
  deleteIdle(cutoff: Date): Promise<number>;
  /** How many drafts are under way (not sent), for the metrics. */
  openCount(): Promise<number>;
}

/** Tokens are 22 base64url characters; anything else is not looked up. */
export const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** What the database keeps of a draft's token. */
export const draftHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function draftStore(sql: Sql): DraftStore {
  return {
    async create(surveyId, now, options = {}) {
      const token = randomBytes(16).toString('base64url');
      await sql.run(
        'INSERT INTO draft (id_hash, survey_id, answers, last_activity, test) VALUES (?, ?, ?, ?, ?)',
        // 1 or 0: SQLite binds no booleans, and PostgreSQL reads '1' as true.
        [draftHash(token), surveyId, seal(token, '{}'), now.toISOString(), options.test ? 1 : 0],
      );
      return token;
    },
    async read(token) {
      if (!TOKEN.test(token)) return null;
      const [row] = await sql.all<{
        survey_id: string;
        answers: string;
        last_activity: string;
        sent_at: string | null;
        test: number | boolean;
        posted: string | null;
      }>(
        'SELECT survey_id, answers, last_activity, sent_at, test, posted FROM draft WHERE id_hash = ?',
        [draftHash(token)],
      );
      if (!row) return null;
      const answers = JSON.parse(unseal(token, row.answers)) as Answers;
      return {
        surveyId: row.survey_id,
        answers,
        lastActivity: new Date(row.sent_at ?? row.last_activity),
        ...(row.sent_at ? { sent: true as const } : {}),
        ...(row.test ? { test: true as const } : {}),
        ...(row.posted ? { posted: JSON.parse(unseal(token, row.posted)) as unknown } : {}),
      };
    },
    async save(token, answers, now) {
      await sql.run(
        'UPDATE draft SET answers = ?, last_activity = ?, posted = NULL WHERE id_hash = ?',
        [seal(token, JSON.stringify(answers)), now.toISOString(), draftHash(token)],
      );
    },
    async hold(token, posted) {
      await sql.run('UPDATE draft SET posted = ? WHERE id_hash = ?', [
        seal(token, JSON.stringify(posted)),
        draftHash(token),
      ]);
    },
    async remove(token) {
      await sql.run('DELETE FROM draft WHERE id_hash = ?', [draftHash(token)]);
    },
    async deleteIdle(cutoff) {
      // A sent draft's hour runs from its sending (its pages say it was sent until then), which
      // is never before its last activity: the index on last_activity still finds them.
      const before = cutoff.toISOString();
      return sql.run(
        'DELETE FROM draft WHERE last_activity < ? AND (sent_at IS NULL OR sent_at < ?)',
        [before, before],
      );
    },
    async openCount() {
      const [row] = await sql.all<{ n: number | string }>(
        'SELECT COUNT(*) AS n FROM draft WHERE sent_at IS NULL',
      );
      return Number(row?.n ?? 0);
    },
  };
}
