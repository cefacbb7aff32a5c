// The team area's migrations, in the order they were added (each database lists them in its own
// order with the rest: server/storage/sqlite.ts, postgres.ts). Never edited once released.

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

/**
 * Migration: an audit entry may stand for several of the same event, counted instead of written
 * one row each (failed sign-ins, per member or unknown passkey and hour): how many times, and
 * the key the count is kept under (unique; other entries have none).
 */
export const AUDIT_COUNT_MIGRATION = `ALTER TABLE team_audit ADD COLUMN times INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE team_audit ADD COLUMN count_key TEXT;
  CREATE UNIQUE INDEX team_audit_count_key ON team_audit (count_key);`;

/** The same on PostgreSQL, with the order entries were written in (SQLite has its rowid), so
 *  entries of one moment are listed the same way every time. */
export const POSTGRES_AUDIT_COUNT_MIGRATION = `${AUDIT_COUNT_MIGRATION}
  ALTER TABLE team_audit ADD COLUMN seq BIGSERIAL;`;

/**
 * Migration: the team's dated notes ("New phone line opened"), shown on every trend: a UK day
 * (YYYY-MM-DD), the text, and the survey it is about (none: every survey).
 */
export const NOTES_MIGRATION = `CREATE TABLE team_note (
    id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    survey_id TEXT,
    text TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX team_note_day ON team_note (day);`;
