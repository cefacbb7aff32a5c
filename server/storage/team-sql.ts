// The team area's tables and queries, written once for SQLite and PostgreSQL. Times are kept as
// ISO 8601 UTC text in the team tables (text order is time order on both databases).
import { randomUUID } from 'node:crypto';
import { answersContain, answersMayHold } from './search-sql';
import { maskStored } from './mask-sql';
import { keepTallies, talliedAnswers } from './tally-sql';
import { catchUpWords, keepWords, wordRows, type WordSource } from './words-sql';
import type { FeedbackRecord, Lang } from './types';
import type {
  AuditEntry,
  Credential,
  FeedbackFilter,
  FeedbackTally,
  Member,
  Role,
  Tag,
  TeamStore,
  Theme,
} from './team-types';

/** The little a query needs from a database; SQL uses `?` placeholders on both. */
export interface Sql {
  dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * As `all`, stopped with a SearchTimeout after `ms` (PostgreSQL: statement_timeout; SQLite:
   * the search's per-row check `search_budget()` fails once the time is up, so a slow search
   * does not hold the event loop, which SQLite shares with every request).
   */
  within<T>(ms: number, sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Runs statements in one transaction: all of them or none. */
  transaction(statements: { text: string; params?: unknown[] }[]): Promise<void>;
}

/** Migration: the respondent's language (existing rows stay unknown) and the index the team's pages use. */
export const LANG_MIGRATION = `ALTER TABLE feedback ADD COLUMN lang TEXT CHECK (lang IN ('en', 'cy'));
  CREATE INDEX feedback_survey_received ON feedback (survey_id, received_at, lang);`;

/** Migration: the team's tables. `feedbackId` is the type of feedback.id on that database. */
export const teamTablesMigration = (feedbackId: string) => `
  CREATE TABLE team_member (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('viewer', 'analyst', 'admin')),
    created TEXT NOT NULL
  );
  CREATE TABLE team_credential (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES team_member (id) ON DELETE CASCADE,
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL
  );
  CREATE INDEX team_credential_member ON team_credential (member_id);
  CREATE TABLE team_invitation (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('viewer', 'analyst', 'admin')),
    expires TEXT NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE team_session (
    id_hash TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES team_member (id) ON DELETE CASCADE,
    created TEXT NOT NULL,
    last_seen TEXT NOT NULL
  );
  CREATE INDEX team_session_member ON team_session (member_id);
  CREATE TABLE team_audit (
    member_id TEXT,
    action TEXT NOT NULL,
    at TEXT NOT NULL,
    target TEXT
  );
  CREATE INDEX team_audit_at ON team_audit (at);
  CREATE TABLE team_tag (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
  );
  CREATE TABLE team_response_tag (
    feedback_id ${feedbackId} NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    tag_id TEXT NOT NULL REFERENCES team_tag (id) ON DELETE CASCADE,
    PRIMARY KEY (tag_id, feedback_id)
  );
  CREATE INDEX team_response_tag_feedback ON team_response_tag (feedback_id);`;

/**
 * Migration: WebAuthn challenges already answered (their sha-256), kept until they expire, so a
 * signed challenge works once even with several instances.
 */
export const USED_CHALLENGES_MIGRATION = `CREATE TABLE team_used_challenge (
    hash TEXT PRIMARY KEY,
    expires TEXT NOT NULL
  );
  CREATE INDEX team_used_challenge_expires ON team_used_challenge (expires);`;

/**
 * Migration: single sign-ons under way, each keyed by the sha-256 of the random value the
 * browser that started it carries in the team cookie; deleted when used, or once expired.
 */
export const SSO_PENDING_MIGRATION = `CREATE TABLE team_sso_pending (
    id_hash TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    nonce TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    lang TEXT NOT NULL,
    expires TEXT NOT NULL
  );
  CREATE INDEX team_sso_pending_expires ON team_sso_pending (expires);`;

/** Migration: the team page a single sign-on under way returns to (its path and query). */
export const SSO_NEXT_MIGRATION = 'ALTER TABLE team_sso_pending ADD COLUMN next TEXT';

/**
 * Migration: whether a session began with single sign-on, so signing out of it also goes to
 * the provider to end the organisation account's session there (a shared computer).
 */
export const SSO_SESSION_MIGRATION = `ALTER TABLE team_session ADD COLUMN sso INTEGER NOT NULL DEFAULT 0;`;

/** Migration: the team's themes, each a name and its terms in English and in Welsh (JSON lists). */
export const THEMES_MIGRATION = `CREATE TABLE team_theme (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    terms_en TEXT NOT NULL,
    terms_cy TEXT NOT NULL
  );`;

/**
 * Migration: who did it, as they were then (their email address), so the audit log still names
 * a member after they are removed or their address changes.
 */
export const AUDIT_ACTOR_MIGRATION = `ALTER TABLE team_audit ADD COLUMN actor TEXT;`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface FeedbackRow {
  id: string;
  survey_id: string;
  definition_hash: string;
  received_at: string | Date;
  answers: string | Record<string, string>;
  lang: Lang | null;
  test?: boolean | number;
}

/** The columns a record is made of (not the search's copy of the text, nor words_cut). */
export const FEEDBACK_COLUMNS = 'id, survey_id, definition_hash, received_at, answers, lang, test';

/** A feedback row from either database as a record. */
export function feedbackRecord(row: FeedbackRow): FeedbackRecord {
  return {
    id: row.id,
    surveyId: row.survey_id,
    definitionHash: row.definition_hash,
    receivedAt: new Date(row.received_at),
    answers:
      typeof row.answers === 'string'
        ? (JSON.parse(row.answers) as Record<string, string>)
        : row.answers,
    lang: row.lang ?? null,
    ...(row.test ? { test: true } : {}),
  };
}

/**
 * How long a search of the answers may take before it is stopped (SearchTimeout). SQLite's
 * default is short: a file's team reads run in a worker thread (./sqlite-reader.ts) where each
 * search holds up the team's other reads, and an in-memory database's run on the one thread
 * every request shares. PostgreSQL's run in the database server.
 */
const searchBudget = (sql: Sql) =>
  Number(process.env.SEARCH_BUDGET_MS ?? (sql.dialect === 'sqlite' ? 150 : 2000));

/** A search that went past its time budget. */
export class SearchTimeout extends Error {
  constructor() {
    super('search took longer than its time budget');
  }
}

/** Queries with a text search run within the search budget; others as they are. */
const bounded =
  (sql: Sql, filter: FeedbackFilter) =>
  <T>(text: string, params: unknown[]) =>
    filter.text ? sql.within<T>(searchBudget(sql), text, params) : sql.all<T>(text, params);

/** `WHERE` clause and parameters for a filter. */
function where(sql: Sql, filter: FeedbackFilter): { clause: string; params: unknown[] } {
  // Test submissions (server/storage/tests-sql.ts) are never the team's.
  const parts: string[] = ['NOT test'];
  const params: unknown[] = [];
  const answer = (name: string) => {
    params.push(sql.dialect === 'sqlite' ? `$."${name}"` : name);
    return sql.dialect === 'sqlite' ? 'json_extract(answers, ?)' : 'answers->>?';
  };
  if (filter.surveyId) {
    parts.push('survey_id = ?');
    params.push(filter.surveyId);
  }
  if (filter.from) {
    parts.push('received_at >= ?');
    params.push(filter.from.toISOString());
  }
  if (filter.to) {
    parts.push('received_at < ?');
    params.push(filter.to.toISOString());
  }
  if (filter.lang === 'unknown') parts.push('lang IS NULL');
  else if (filter.lang) {
    parts.push('lang = ?');
    params.push(filter.lang);
  }
  for (const [name, value] of Object.entries(filter.answers ?? {})) {
    parts.push(`${answer(name)} = ?`);
    params.push(value);
  }
  for (const [name, other] of Object.entries(filter.otherAnswers ?? {})) {
    if ('notIn' in other) {
      parts.push(
        `COALESCE(${answer(name)}, '') NOT IN ('', ${other.notIn.map(() => '?').join(', ') || "''"})`,
      );
      params.push(...other.notIn);
    } else {
      // The option's label, then its text, somewhere in the list (engine/fields/choice.ts).
      const find = sql.dialect === 'sqlite' ? 'instr' : 'strpos';
      parts.push(`${find}(COALESCE(${answer(name)}, ''), ?) > 0`);
      params.push(other.label);
    }
  }
  for (const [name, ticked] of Object.entries(filter.ticked ?? {})) {
    // Each instr() reads its own copy of the wrapped list (parameters are positional).
    const find = sql.dialect === 'sqlite' ? 'instr' : 'strpos';
    const at = (pattern: string) => {
      params.push(ticked.join);
      const wrapped = `(? || COALESCE(${answer(name)}, '') || ?)`;
      params.push(ticked.join, pattern);
      return `${find}(${wrapped}, ?)`;
    };
    const one = (pattern: string) =>
      [
        `${at(pattern)} > 0`,
        ...ticked.stops.map((stop) => {
          const found = at(stop);
          return `(${found} = 0 OR ${at(pattern)} < ${at(stop)})`;
        }),
      ].join(' AND ');
    parts.push(`(${ticked.patterns.map((p) => `(${one(p)})`).join(' OR ') || '1 = 0'})`);
  }
  if (filter.anyOf?.length) {
    parts.push(
      `(${filter.anyOf.map((name) => `COALESCE(${answer(name)}, '') <> ''`).join(' OR ')})`,
    );
  }
  if (filter.text) {
    // Values only: a key such as "email" is not a match.
    const search = answersContain(sql.dialect, filter.text, filter.textIn, filter.textNotIn);
    parts.push(search.clause);
    params.push(...search.params);
  }
  if (filter.anyText?.length) {
    const found = filter.anyText.map((text) => answersMayHold(sql.dialect, text));
    parts.push(`(${found.map((f) => `(${f.clause})`).join(' OR ')})`);
    params.push(...found.flatMap((f) => f.params));
  }
  if (filter.ids) {
    const ids = filter.ids.filter((id) => UUID.test(id));
    parts.push(ids.length ? `feedback.id IN (${ids.map(() => '?').join(', ')})` : '1 = 0');
    params.push(...ids);
  }
  if (filter.words) {
    const found = wordRows(filter.words, filter.from, filter.to);
    parts.push(`feedback.id IN (SELECT feedback_id FROM (${found.text}) w)`);
    params.push(...found.params);
  }
  if (filter.tagId) {
    parts.push('feedback.id IN (SELECT feedback_id FROM team_response_tag WHERE tag_id = ?)');
    params.push(filter.tagId);
  }
  return { clause: `WHERE ${parts.join(' AND ')}`, params };
}

/** A filter of words and dates only, as rows of the word index alone (no feedback row read). */
function wordsOnly(filter: FeedbackFilter) {
  const { words, from, to, ...rest } = filter;
  if (!words || Object.values(rest).some((v) => v !== undefined)) return undefined;
  return wordRows(words, from, to);
}

const member = (r: { id: string; email: string; role: Role; created: string }): Member => ({
  id: r.id,
  email: r.email,
  role: r.role,
  created: new Date(r.created),
});

/**
 * The team's store over `sql`. The heavy reads of responses (lists, searches, counts, the
 * export's pages, figures) go through `reads`, which may be another connection or pool so that
 * they do not hold up respondents (server/storage/sqlite-reader.ts, server/storage/postgres.ts).
 */
export function teamStore(sql: Sql, reads: Sql = sql): TeamStore {
  const one = async <T>(query: string, params: unknown[]) => (await sql.all<T>(query, params))[0];
  const readOne = async <T>(query: string, params: unknown[]) =>
    (await reads.all<T>(query, params))[0];
  let source: WordSource | undefined;
  return {
    async addMember(email, role, now) {
      const m = { id: randomUUID(), email: email.toLowerCase(), role, created: now };
      await sql.run('INSERT INTO team_member (id, email, role, created) VALUES (?, ?, ?, ?)', [
        m.id,
        m.email,
        role,
        now.toISOString(),
      ]);
      return m;
    },
    async getMember(id) {
      const r = await one<Parameters<typeof member>[0]>('SELECT * FROM team_member WHERE id = ?', [
        id,
      ]);
      return r && member(r);
    },
    async memberByEmail(email) {
      const r = await one<Parameters<typeof member>[0]>(
        'SELECT * FROM team_member WHERE email = ?',
        [email.toLowerCase()],
      );
      return r && member(r);
    },
    async listMembers() {
      return (
        await sql.all<Parameters<typeof member>[0]>('SELECT * FROM team_member ORDER BY email')
      ).map(member);
    },
    async setRole(memberId, role) {
      await sql.run('UPDATE team_member SET role = ? WHERE id = ?', [role, memberId]);
    },
    async removeMember(memberId) {
      // Explicit as well as cascaded: SQLite enforces foreign keys only when asked to.
      await sql.run('DELETE FROM team_session WHERE member_id = ?', [memberId]);
      await sql.run('DELETE FROM team_credential WHERE member_id = ?', [memberId]);
      await sql.run('DELETE FROM team_member WHERE id = ?', [memberId]);
    },

    async addCredential(c) {
      await sql.run(
        'INSERT INTO team_credential (id, member_id, public_key, counter, transports) VALUES (?, ?, ?, ?, ?)',
        [c.id, c.memberId, c.publicKey, c.counter, JSON.stringify(c.transports)],
      );
    },
    async credential(id) {
      const r = await one<CredentialRow>('SELECT * FROM team_credential WHERE id = ?', [id]);
      return r && credential(r);
    },
    async credentialsOf(memberId) {
      return (
        await sql.all<CredentialRow>('SELECT * FROM team_credential WHERE member_id = ?', [
          memberId,
        ])
      ).map(credential);
    },
    async setCounter(id, counter) {
      await sql.run('UPDATE team_credential SET counter = ? WHERE id = ?', [counter, id]);
    },

    async addInvitation(i) {
      await sql.run(
        'INSERT INTO team_invitation (token_hash, email, role, expires) VALUES (?, ?, ?, ?)',
        [i.tokenHash, i.email.toLowerCase(), i.role, i.expires.toISOString()],
      );
    },
    async invitation(tokenHash) {
      const r = await one<{
        token_hash: string;
        email: string;
        role: Role;
        expires: string;
        used: number;
      }>('SELECT * FROM team_invitation WHERE token_hash = ?', [tokenHash]);
      return (
        r && {
          tokenHash: r.token_hash,
          email: r.email,
          role: r.role,
          expires: new Date(r.expires),
          used: Number(r.used) === 1,
        }
      );
    },
    async pendingInvitations(now) {
      const rows = await sql.all<{
        token_hash: string;
        email: string;
        role: Role;
        expires: string;
      }>(
        'SELECT token_hash, email, role, expires FROM team_invitation WHERE used = 0 AND expires > ? ORDER BY expires',
        [now.toISOString()],
      );
      return rows.map((r) => ({
        tokenHash: r.token_hash,
        email: r.email,
        role: r.role,
        expires: new Date(r.expires),
        used: false,
      }));
    },
    async withdrawInvitation(tokenHash) {
      const changed = await sql.run(
        'DELETE FROM team_invitation WHERE token_hash = ? AND used = 0',
        [tokenHash],
      );
      return changed === 1;
    },
    async cancelInvitations(email) {
      return sql.run('DELETE FROM team_invitation WHERE email = ? AND used = 0', [
        email.toLowerCase(),
      ]);
    },
    async useInvitation(tokenHash, now) {
      // One statement, so two enrolments racing for the same link cannot both win.
      const changed = await sql.run(
        'UPDATE team_invitation SET used = 1 WHERE token_hash = ? AND used = 0 AND expires > ?',
        [tokenHash, now.toISOString()],
      );
      return changed === 1;
    },

    async addSession(s) {
      await sql.run(
        'INSERT INTO team_session (id_hash, member_id, created, last_seen, sso) VALUES (?, ?, ?, ?, ?)',
        [s.idHash, s.memberId, s.created.toISOString(), s.lastSeen.toISOString(), s.sso ? 1 : 0],
      );
    },
    async session(idHash) {
      const r = await one<{
        id_hash: string;
        member_id: string;
        created: string;
        last_seen: string;
        sso: number;
      }>('SELECT * FROM team_session WHERE id_hash = ?', [idHash]);
      return (
        r && {
          idHash: r.id_hash,
          memberId: r.member_id,
          created: new Date(r.created),
          lastSeen: new Date(r.last_seen),
          sso: r.sso === 1,
        }
      );
    },
    async touchSession(idHash, now) {
      await sql.run('UPDATE team_session SET last_seen = ? WHERE id_hash = ?', [
        now.toISOString(),
        idHash,
      ]);
    },
    async removeSession(idHash) {
      await sql.run('DELETE FROM team_session WHERE id_hash = ?', [idHash]);
    },
    async removeExpiredSessions(idleCutoff, absoluteCutoff) {
      return sql.run('DELETE FROM team_session WHERE last_seen < ? OR created < ?', [
        idleCutoff.toISOString(),
        absoluteCutoff.toISOString(),
      ]);
    },

    async useChallenge(hash, expires) {
      // One statement: of two requests racing with the same challenge, only one inserts.
      const changed = await sql.run(
        'INSERT INTO team_used_challenge (hash, expires) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [hash, expires.toISOString()],
      );
      return changed === 1;
    },
    async purgeUsedChallenges(now) {
      return sql.run('DELETE FROM team_used_challenge WHERE expires < ?', [now.toISOString()]);
    },

    async addSsoPending(p) {
      await sql.run(
        'INSERT INTO team_sso_pending (id_hash, state, nonce, code_verifier, lang, next, expires) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [
          p.idHash,
          p.state,
          p.nonce,
          p.codeVerifier,
          p.lang,
          p.next ?? null,
          p.expires.toISOString(),
        ],
      );
    },
    async takeSsoPending(idHash, now) {
      // Read and deleted in one statement, so two callbacks racing cannot both use it.
      const r = await one<{
        state: string;
        nonce: string;
        code_verifier: string;
        lang: string;
        next: string | null;
        expires: string;
      }>(
        'DELETE FROM team_sso_pending WHERE id_hash = ? RETURNING state, nonce, code_verifier, lang, next, expires',
        [idHash],
      );
      if (!r || new Date(r.expires) <= now) return undefined;
      return {
        idHash,
        state: r.state,
        nonce: r.nonce,
        codeVerifier: r.code_verifier,
        lang: r.lang === 'cy' ? 'cy' : 'en',
        ...(r.next ? { next: r.next } : {}),
        expires: new Date(r.expires),
      };
    },
    async purgeSsoPending(now) {
      return sql.run('DELETE FROM team_sso_pending WHERE expires < ?', [now.toISOString()]);
    },

    async audit(e) {
      await sql.run(
        'INSERT INTO team_audit (member_id, action, at, target, actor) VALUES (?, ?, ?, ?, ?)',
        [e.memberId, e.action, e.at.toISOString(), e.target, e.actor ?? null],
      );
    },
    async auditLog({ limit, offset }) {
      const rows = await sql.all<{
        member_id: string | null;
        action: string;
        at: string;
        target: string | null;
        actor: string | null;
      }>('SELECT * FROM team_audit ORDER BY at DESC LIMIT ? OFFSET ?', [limit, offset]);
      return rows.map((r): AuditEntry => ({
        memberId: r.member_id,
        action: r.action,
        at: new Date(r.at),
        target: r.target,
        actor: r.actor ?? undefined,
      }));
    },
    async purgeAudit(cutoff) {
      return sql.run('DELETE FROM team_audit WHERE at < ?', [cutoff.toISOString()]);
    },

    async addTag(name) {
      const tag: Tag = { id: randomUUID(), name: name.trim() };
      await sql.run('INSERT INTO team_tag (id, name) VALUES (?, ?)', [tag.id, tag.name]);
      return tag;
    },
    async listTags() {
      return sql.all<Tag>('SELECT id, name FROM team_tag ORDER BY lower(name), name');
    },
    async renameTag(id, name) {
      return (await sql.run('UPDATE team_tag SET name = ? WHERE id = ?', [name.trim(), id])) === 1;
    },
    async removeTag(id) {
      await sql.run('DELETE FROM team_response_tag WHERE tag_id = ?', [id]);
      await sql.run('DELETE FROM team_tag WHERE id = ?', [id]);
    },
    async tag(feedbackId, tagId) {
      if (!UUID.test(feedbackId)) return;
      await sql.run(
        'INSERT INTO team_response_tag (feedback_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [feedbackId, tagId],
      );
    },
    async untag(feedbackId, tagId) {
      if (!UUID.test(feedbackId)) return;
      await sql.run('DELETE FROM team_response_tag WHERE feedback_id = ? AND tag_id = ?', [
        feedbackId,
        tagId,
      ]);
    },
    async tagsOf(feedbackIds) {
      const ids = feedbackIds.filter((id) => UUID.test(id));
      const result = new Map<string, string[]>(ids.map((id) => [id, []]));
      if (!ids.length) return result;
      // A read of up to an export page's ids: with the heavy reads.
      const rows = await reads.all<{ feedback_id: string; tag_id: string }>(
        `SELECT feedback_id, tag_id FROM team_response_tag WHERE feedback_id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      for (const r of rows) result.get(String(r.feedback_id))?.push(r.tag_id);
      return result;
    },

    async listThemes() {
      const rows = await sql.all<ThemeRow>(
        'SELECT id, name, terms_en, terms_cy FROM team_theme ORDER BY lower(name), name',
      );
      return rows.map(theme);
    },
    async addTheme(t) {
      const id = randomUUID();
      const added = await sql.run(
        'INSERT INTO team_theme (id, name, terms_en, terms_cy) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [id, t.name, JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy)],
      );
      return added ? { ...t, id } : undefined;
    },
    async updateTheme(t) {
      const others = await sql.all<{ id: string }>(
        'SELECT id FROM team_theme WHERE name = ? AND id <> ?',
        [t.name, t.id],
      );
      if (others.length) return false;
      const changed = await sql.run(
        'UPDATE team_theme SET name = ?, terms_en = ?, terms_cy = ? WHERE id = ?',
        [t.name, JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy), t.id],
      );
      return changed === 1;
    },
    async removeTheme(id) {
      return (await sql.run('DELETE FROM team_theme WHERE id = ?', [id])) === 1;
    },

    async findFeedback(filter, { limit, offset }) {
      const { clause, params } = where(sql, filter);
      const rows = await bounded(reads, filter)<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback ${clause} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      );
      return rows.map(feedbackRecord);
    },
    async feedbackAfter(filter, after, limit) {
      const { clause, params } = where(sql, filter);
      // In a form the index on received_at can serve: a range scan from the last time read.
      const keyset = after ? '(received_at >= ? AND (received_at > ? OR id > ?))' : '';
      const at = after?.receivedAt.toISOString();
      const rows = await reads.all<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback ${keyset ? (clause ? `${clause} AND ${keyset}` : `WHERE ${keyset}`) : clause} ORDER BY received_at, id LIMIT ?`,
        [...params, ...(after ? [at, at, after.id] : []), limit],
      );
      return rows.map(feedbackRecord);
    },
    async countFeedback(filter) {
      const only = wordsOnly(filter);
      if (only) {
        const r = await readOne<{ n: number | string }>(
          `SELECT COUNT(DISTINCT feedback_id) AS n FROM (${only.text}) w`,
          only.params,
        );
        return Number(r?.n ?? 0);
      }
      const { clause, params } = where(sql, filter);
      const [r] = await bounded(reads, filter)<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM feedback ${clause}`,
        params,
      );
      return Number(r?.n ?? 0);
    },
    async wordMatches(filter) {
      const only = wordsOnly(filter);
      const found = only
        ? await reads.all<{ id: string; received_at: string | Date }>(
            `SELECT DISTINCT feedback_id AS id, received_at FROM (${only.text}) w`,
            only.params,
          )
        : await (async () => {
            const { clause, params } = where(sql, filter);
            return reads.all<{ id: string; received_at: string | Date }>(
              `SELECT id, received_at FROM feedback ${clause}`,
              params,
            );
          })();
      return found.map((r) => ({ id: String(r.id), receivedAt: new Date(r.received_at) }));
    },
    async answersOf(filter, fields) {
      const { clause, params } = where(sql, filter);
      const rows = await reads.all<{
        id: string;
        survey_id: string;
        received_at: string | Date;
        lang: 'en' | 'cy' | null;
        v: string | null | (string | null)[];
      }>(
        sql.dialect === 'sqlite'
          ? // One JSON parse per row for all the fields (a list when there are several).
            `SELECT id, survey_id, received_at, lang, ${fields.length ? `json_extract(answers, ${fields.map(() => '?').join(', ')})` : 'NULL'} AS v FROM feedback ${clause}`
          : `SELECT id, survey_id, received_at, lang, ARRAY[${fields.map(() => 'answers->>?').join(', ')}]::text[] AS v FROM feedback ${clause}`,
        [...fields.map((name) => (sql.dialect === 'sqlite' ? `$."${name}"` : name)), ...params],
      );
      return rows.map((r) => ({
        id: String(r.id),
        surveyId: r.survey_id,
        receivedAt: new Date(r.received_at),
        lang: r.lang ?? null,
        values: Array.isArray(r.v)
          ? r.v
          : fields.length === 1
            ? [r.v]
            : fields.length
              ? (JSON.parse(r.v ?? '[]') as (string | null)[])
              : [],
      }));
    },
    async tallyFeedback(filter, fields) {
      const { clause, params } = where(sql, filter);
      const day =
        sql.dialect === 'sqlite'
          ? 'substr(received_at, 1, 10)'
          : "to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')";
      // Answers from the per-day counts where they can be, else from the responses themselves.
      const tallied = await talliedAnswers(reads, filter, fields);
      if (sql.dialect === 'sqlite' && !tallied && fields.length) {
        // SQLite, from the responses: one pass reads each one's language, day and answers (its
        // JSON parsed once, not once for the filter of each of two queries).
        const paths = fields.map((name) => `$."${name}"`);
        const rows = await reads.all<{ lang: string | null; day: string; v: string | null }>(
          `SELECT lang, ${day} AS day, json_extract(answers, ${paths.map(() => '?').join(', ')}) AS v FROM feedback ${clause}`,
          [...paths, ...params],
        );
        const count = (key: (r: (typeof rows)[number]) => string | null) => {
          const totals = new Map<string | null, number>();
          for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + 1);
          return [...totals];
        };
        return {
          byLang: count((r) => r.lang).map(([lang, n]) => ({ lang, n })),
          byDay: count((r) => r.day).map(([day, n]) => ({ day: day!, n })),
          answers: countValues(
            fields,
            rows.map((r) => r.v),
          ),
        };
      }
      // One pass over the index (it covers language and time) for both counts.
      const groups = await reads.all<{ lang: string | null; day: string; n: number | string }>(
        `SELECT lang, ${day} AS day, COUNT(*) AS n FROM feedback ${clause} GROUP BY lang, 2`,
        params,
      );
      const sum = (key: (g: (typeof groups)[number]) => string | null) => {
        const totals = new Map<string | null, number>();
        for (const g of groups) totals.set(key(g), (totals.get(key(g)) ?? 0) + Number(g.n));
        return [...totals];
      };
      return {
        byLang: sum((g) => g.lang).map(([lang, n]) => ({ lang, n })),
        byDay: sum((g) => g.day).map(([day, n]) => ({ day: day!, n })),
        answers: [
          ...(tallied?.answers ?? []),
          ...(await answerCounts(reads, clause, params, tallied?.missing ?? fields)),
        ],
      };
    },
    keepTallies: (fields) => keepTallies(sql, fields),
    async keepWords(given) {
      source = given;
      await keepWords(sql, given);
    },
    maskStored: (pass, mask, options) => maskStored(sql, pass, mask, options),
    // A test submission is never searched or themed: no words, and none to catch up on.
    wordsOf: (record) => (record.test ? [] : source?.words(record)),
    async catchUpWords() {
      if (source) await catchUpWords(sql, source);
    },
    async getFeedback(id) {
      if (!UUID.test(id)) return undefined;
      const r = await one<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback WHERE id = ? AND NOT test`,
        [id],
      );
      return r && feedbackRecord(r);
    },
    async deleteFeedback(id) {
      if (!UUID.test(id)) return false;
      await sql.run('DELETE FROM team_response_tag WHERE feedback_id = ?', [id]);
      return (await sql.run('DELETE FROM feedback WHERE id = ?', [id])) === 1;
    },
  };
}

/** How often each sent answer of these fields occurs among the filtered responses. */
async function answerCounts(
  sql: Sql,
  clause: string,
  params: unknown[],
  fields: string[],
): Promise<FeedbackTally['answers']> {
  if (!fields.length) return [];
  if (sql.dialect === 'postgres') {
    const rows = await sql.all<{ field: string; value: string; n: string }>(
      `SELECT j.key AS field, j.value AS value, COUNT(*) AS n
       FROM feedback, jsonb_each_text(feedback.answers) j
       ${clause ? `${clause} AND` : 'WHERE'} j.key IN (${fields.map(() => '?').join(', ')})
         AND j.value <> ''
       GROUP BY j.key, j.value`,
      [...params, ...fields],
    );
    return rows.map((r) => ({ field: r.field, value: r.value, n: Number(r.n) }));
  }
  // SQLite: one JSON parse per response (json_extract with every path at once), counted here;
  // several times faster than grouping json_each rows.
  const paths = fields.map((name) => `$."${name}"`);
  const rows = await sql.all<{ v: string | null }>(
    `SELECT json_extract(answers, ${paths.map(() => '?').join(', ')}) AS v FROM feedback ${clause}`,
    [...paths, ...params],
  );
  return countValues(
    fields,
    rows.map((r) => r.v),
  );
}

/** Counts of each field's values, from SQLite's json_extract of the fields (a list if several). */
function countValues(fields: string[], extracted: (string | null)[]): FeedbackTally['answers'] {
  const counts = new Map<string, number>();
  for (const v of extracted) {
    const values = (fields.length === 1 ? [v] : JSON.parse(v ?? '[]')) as (string | null)[];
    values.forEach((value, i) => {
      if (value === null || value === '') return;
      const key = `${i}\u0000${value}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  }
  return [...counts].map(([key, n]) => {
    const [i, value] = key.split('\u0000') as [string, string];
    return { field: fields[Number(i)]!, value, n };
  });
}

interface ThemeRow {
  id: string;
  name: string;
  terms_en: string;
  terms_cy: string;
}

const theme = (r: ThemeRow): Theme => ({
  id: r.id,
  name: r.name,
  terms: { en: JSON.parse(r.terms_en) as string[], cy: JSON.parse(r.terms_cy) as string[] },
});

interface CredentialRow {
  id: string;
  member_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
}

const credential = (r: CredentialRow): Credential => ({
  id: r.id,
  memberId: r.member_id,
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: JSON.parse(r.transports) as string[],
});
