import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  DRAFT_POSTED_MIGRATION,
  DRAFT_SENT_MIGRATION,
  DRAFTS_MIGRATION,
  SEND_DRAFT,
  TOKEN,
  draftHash,
  draftStore,
  type DraftStore,
} from './drafts';
import { LIMITS_MIGRATION, limitStore } from './limits';
import { MASK_PASS_MIGRATION, MASK_PROGRESS_MIGRATION } from './mask-sql';
import { FORGET_EVERY_MS, walForgetting } from './sqlite-forget';
import { sqliteReader } from './sqlite-reader';
import { KEY_LOOKUP, keyLookupParams, storedKey, SUBMISSION_KEY_MIGRATION } from './submission-key';
import { SQLITE_TALLY_MIGRATION, SQLITE_TALLY_UK_DAYS } from './tally-sql';
import { SQLITE_TESTS_MIGRATION } from './tests-sql';
import {
  addWords,
  SQLITE_WORDS_BY_TIME_MIGRATION,
  SQLITE_WORDS_MIGRATION,
  termsRow,
} from './words-sql';
import { addMatches, SQLITE_THEME_MATCH_MIGRATION } from './theme-match-sql';
import {
  addTerms,
  SQLITE_TERM_COUNT_MIGRATION,
  SQLITE_TERM_TOTAL_MIGRATION,
  type KeptTerms,
} from './term-count-sql';
import {
  AUDIT_ACTOR_MIGRATION,
  AUDIT_COUNT_MIGRATION,
  feedbackRecord,
  LANG_MIGRATION,
  NOTES_MIGRATION,
  teamStore,
  teamTablesMigration,
  SSO_PENDING_MIGRATION,
  SearchTimeout,
  SSO_NEXT_MIGRATION,
  SSO_SESSION_MIGRATION,
  THEMES_MIGRATION,
  USED_CHALLENGES_MIGRATION,
  type Sql,
} from './team-sql';
import type { StoreWithTeam, Lang, NewFeedback } from './types';

const BUSY_TIMEOUT_MS = 5000;

// Each entry moves the schema one version on; `user_version` remembers how far a file has got.
export const MIGRATIONS = [
  `CREATE TABLE feedback (
     id TEXT PRIMARY KEY,
     survey_id TEXT NOT NULL,
     definition_hash TEXT NOT NULL,
     received_at TEXT NOT NULL, -- ISO 8601 UTC, so text order is time order
     answers TEXT NOT NULL      -- JSON object of strings
   );
   CREATE INDEX feedback_received_at ON feedback (received_at);`,
  LANG_MIGRATION,
  teamTablesMigration('TEXT'),
  DRAFTS_MIGRATION,
  USED_CHALLENGES_MIGRATION,
  SSO_PENDING_MIGRATION,
  SQLITE_TALLY_MIGRATION,
  SSO_SESSION_MIGRATION,
  LIMITS_MIGRATION,
  THEMES_MIGRATION,
  AUDIT_ACTOR_MIGRATION,
  DRAFT_SENT_MIGRATION,
  SQLITE_WORDS_MIGRATION,
  SQLITE_TESTS_MIGRATION,
  MASK_PASS_MIGRATION,
  SSO_NEXT_MIGRATION,
  SUBMISSION_KEY_MIGRATION,
  DRAFT_POSTED_MIGRATION,
  SQLITE_WORDS_BY_TIME_MIGRATION,
  AUDIT_COUNT_MIGRATION,
  MASK_PROGRESS_MIGRATION,
  SQLITE_TALLY_UK_DAYS,
  NOTES_MIGRATION,
  SQLITE_THEME_MATCH_MIGRATION,
  SQLITE_TERM_COUNT_MIGRATION,
  SQLITE_TERM_TOTAL_MIGRATION,
];

interface Row {
  id: string;
  survey_id: string;
  definition_hash: string;
  received_at: string;
  answers: string;
  lang: Lang | null;
  test: 0 | 1;
  submission_key: string | null;
}

interface Pending {
  row: Row;
  /** The response's words for the word index (server/storage/words-sql.ts), if known yet. */
  words: string[] | undefined;
  /** The themes it matches, and the counter they were matched at (./theme-match-sql.ts). */
  themes: { gen: number; ids: string[] };
  /** What it adds to the word counts (./term-count-sql.ts), stored with its words. */
  terms: KeptTerms | undefined;
  resolve: (value: { id: string }) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite store: one file, WAL journal, `synchronous = FULL`.
 * FULL makes every commit fsync the WAL, so a 201 survives a power cut or kernel crash,
 * not only a process crash (NORMAL in WAL mode may lose the last commits on power loss).
 * To keep that affordable under load, saves arriving in the same event-loop turn share
 * one transaction (group commit) and so one fsync.
 */
export function openSqliteStore(
  file: string,
  options: {
    /** How soon a sent or deleted draft leaves the write-ahead log (./sqlite-forget.ts). */
    forgetEveryMs?: number;
  } = {},
): StoreWithTeam {
  if (file !== ':memory:') createPrivately(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // So deleting a response (or purging old ones) also removes its tags.
  db.pragma('foreign_keys = ON');
  // A deleted row's bytes are overwritten with zeros, not left in a free page or cell.
  db.pragma('secure_delete = ON');
  migrate(db);
  // SQLite gives -wal and -shm the database file's mode; this also tightens older files.
  if (file !== ':memory:')
    for (const extra of [`${file}-wal`, `${file}-shm`])
      if (existsSync(extra)) chmodSync(extra, 0o600);

  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang, words_cut, test, submission_key, themes_gen) VALUES (@id, @survey_id, @definition_hash, @received_at, @answers, @lang, @words_cut, @test, @submission_key, @themes_gen)',
  );
  const insertWords = db.prepare(addWords('sqlite'));
  const insertMatches = db.prepare(addMatches('sqlite'));
  const insertTerms = db.prepare(addTerms('sqlite'));
  const storedWithKey = db.prepare(KEY_LOOKUP).pluck();
  const idOfKey = (surveyId: string, key: string) =>
    storedWithKey.get(...keyLookupParams(surveyId, key)) as string | undefined;
  // Resolves each to the id it is stored under: a row whose key is stored already (earlier, or
  // earlier in this batch) adds nothing and takes that row's id.
  const insertAll = db.transaction(
    (pending: Pick<Pending, 'row' | 'words' | 'themes' | 'terms'>[]) => {
      const added: Pick<Pending, 'row' | 'words' | 'themes' | 'terms'>[] = [];
      const ids = pending.map((p) => {
        const { survey_id: survey, submission_key: stored } = p.row;
        const earlier = stored ? idOfKey(survey, stored.slice(survey.length + 1)) : undefined;
        if (earlier) return earlier;
        insert.run({ ...p.row, words_cut: p.words ? 1 : null, themes_gen: p.themes.gen });
        added.push(p);
        return p.row.id;
      });
      const words = added.filter((p) => p.words?.length).map((p) => [p.row.id, p.words]);
      if (words.length) insertWords.run(JSON.stringify(words));
      const terms = added.flatMap((p) => (p.words ? termsRow(p.row.id, p.terms) : []));
      if (terms.length) insertTerms.run(JSON.stringify(terms));
      const matches = added.flatMap((p) => p.themes.ids.map((theme) => [p.row.id, theme]));
      if (matches.length) insertMatches.run(JSON.stringify(matches));
      return ids;
    },
  );

  let queue: Pending[] = [];
  let scheduled = false;
  const flush = () => {
    const batch = queue;
    queue = [];
    scheduled = false;
    try {
      const ids = insertAll(batch);
      batch.forEach((p, i) => p.resolve({ id: ids[i]! }));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };

  // The WAL still holds the pages as they were before a delete: copied into the database file
  // (whose pages secure_delete has zeroed) and cut to nothing, so deleted text leaves no trace.
  // A response deleted by the team or the retention period goes at once (rare); a sent or
  // deleted draft within FORGET_EVERY_MS.
  const forgetting = walForgetting(db, options.forgetEveryMs ?? FORGET_EVERY_MS, BUSY_TIMEOUT_MS);
  const forgetDeleted = () => forgetting.now() || forgetting.soon();

  // The search's time budget: a query is synchronous here, so one deadline at a time.
  let deadline = Infinity;
  db.function('search_budget', { deterministic: false }, () => {
    if (performance.now() > deadline) throw new SearchTimeout();
    return 1;
  });
  const sql: Sql = {
    dialect: 'sqlite',
    all: async <T>(text: string, params: unknown[] = []) => db.prepare(text).all(...params) as T[],
    within: async <T>(ms: number, text: string, params: unknown[] = []) => {
      // Other requests (a respondent's page) go first: searches arriving together then take
      // turns with them instead of running back to back.
      await new Promise((resolve) => setImmediate(resolve));
      deadline = performance.now() + ms;
      try {
        return db.prepare(text).all(...params) as T[];
      } catch (error) {
        throw error instanceof SearchTimeout || String(error).includes('search took longer')
          ? new SearchTimeout()
          : error;
      } finally {
        deadline = Infinity;
      }
    },
    run: async (text: string, params: unknown[] = []) => db.prepare(text).run(...params).changes,
    transaction: async (statements) =>
      db
        .transaction(() => {
          for (const s of statements) db.prepare(s.text).run(...(s.params ?? []));
        })
        .immediate(),
  };

  // The team's heavy reads in a worker thread with its own connection (./sqlite-reader.ts); an
  // in-memory database cannot be opened twice, so its reads stay here.
  const reader = file === ':memory:' ? undefined : sqliteReader(file);
  const team = teamStore(sql, reader);
  // The rate limits' counters go through a second connection that commits without waiting for
  // the disk (synchronous = NORMAL; the WAL still keeps the file consistent): a count lost to a
  // power cut is harmless, and an fsync per request (about 3 ms here, blocking the event loop)
  // would cost more than the submission itself. Feedback keeps FULL.
  const limitsDb = file === ':memory:' ? db : new Database(file);
  if (limitsDb !== db) {
    limitsDb.pragma('synchronous = NORMAL');
    limitsDb.pragma('busy_timeout = 5000');
  }
  const limitSql: Sql = {
    ...sql,
    all: async <T>(text: string, params: unknown[] = []) =>
      limitsDb.prepare(text).all(...params) as T[],
    run: async (text: string, params: unknown[] = []) =>
      limitsDb.prepare(text).run(...params).changes,
  };
  const consumeDraft = db.prepare(SEND_DRAFT);
  // The row and its words (as `save` writes them) only if the draft was still open.
  const sendDraft = db.transaction(
    (hash: string, p: Pick<Pending, 'row' | 'words' | 'themes' | 'terms'>) => {
      if (consumeDraft.run(p.row.received_at, hash).changes === 0) return false;
      insertAll([p]);
      return true;
    },
  );

  return {
    save(record: NewFeedback) {
      const row = rowOf(record);
      return new Promise((resolve, reject) => {
        queue.push({
          row,
          words: team.wordsOf(record),
          themes: team.themesOf(record),
          terms: team.termsOf(record),
          resolve,
          reject,
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async deleteOlderThan(cutoff, testsBefore) {
      let { changes } = db
        .prepare('DELETE FROM feedback WHERE received_at < ?')
        .run(cutoff.toISOString());
      if (testsBefore)
        changes += db
          .prepare('DELETE FROM feedback WHERE test AND received_at < ?')
          .run(testsBefore.toISOString()).changes;
      if (changes > 0) forgetDeleted();
      return changes;
    },
    async count() {
      return (db.prepare('SELECT COUNT(*) AS n FROM feedback').get() as { n: number }).n;
    },
    async list(options = {}) {
      const rows = db
        .prepare('SELECT * FROM feedback ORDER BY received_at, id LIMIT ?')
        .all(options.limit ?? -1) as Row[];
      return rows.map(feedbackRecord);
    },
    async has(id) {
      return db.prepare('SELECT 1 FROM feedback WHERE id = ?').get(id) !== undefined;
    },
    async idOfKey(surveyId, key) {
      return idOfKey(surveyId, key);
    },
    async close() {
      if (scheduled) flush();
      forgetting.stop();
      await reader?.close();
      if (limitsDb !== db) limitsDb.close();
      db.close();
    },
    async sendDraft(token, record) {
      if (!TOKEN.test(token)) return null;
      const row = rowOf(record);
      // IMMEDIATE: the write lock is taken before the draft is read, so two Sends cannot both see it.
      const words = team.wordsOf(record);
      const themes = team.themesOf(record);
      const terms = team.termsOf(record);
      if (!sendDraft.immediate(draftHash(token), { row, words, themes, terms })) return null;
      forgetting.soon();
      return { id: row.id };
    },
    team: {
      ...team,
      async deleteFeedback(id) {
        const deleted = await team.deleteFeedback(id);
        if (deleted) forgetDeleted();
        return deleted;
      },
    },
    drafts: forgettingDrafts(draftStore(sql), forgetting.soon),
    limits: limitStore(limitSql),
    async ping() {
      await sql.all('SELECT 1');
    },
  };
}

/** A deleted draft (expired, or removed on reading) leaves the log soon. */
function forgettingDrafts(drafts: DraftStore, soon: () => void): DraftStore {
  return {
    ...drafts,
    async remove(token) {
      await drafts.remove(token);
      soon();
    },
    async deleteIdle(cutoff) {
      const deleted = await drafts.deleteIdle(cutoff);
      if (deleted > 0) soon();
      return deleted;
    },
  };
}

function rowOf(record: NewFeedback): Row {
  return {
    id: randomUUID(),
    survey_id: record.surveyId,
    definition_hash: record.definitionHash,
    received_at: record.receivedAt.toISOString(),
    answers: JSON.stringify(record.answers),
    lang: record.lang ?? null,
    test: record.test ? 1 : 0,
    submission_key: record.key ? storedKey(record.surveyId, record.key) : null,
  };
}

/**
 * Answers include names and email addresses: the folder is created 0700 and the file 0600,
 * whatever the umask (chmod after creating, as the umask narrows a mode given at creation).
 * A folder that already exists is left as the operator set it.
 */
function createPrivately(file: string): void {
  const created = mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (created) chmodSync(dirname(file), 0o700);
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length)
    throw new Error(`feedback database is schema version ${version}, newer than this code`);
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
}
