// The responses each theme matches, kept in a table so that a theme's counts read its own rows
// only (the rows of its matching responses in the period), never every response.
//
// Only the service can tell whether a response matches a theme (its terms, the Welsh mutated
// forms, the typed answers: server/team/themes.ts), so it gives the matching (`ThemeSource`).
// Each change of a theme's terms takes a new number from a counter (`team_theme_gen`) as its
// revision (`team_theme.rev`). Each response carries the counter's value its matches were
// worked out with (`feedback.themes_gen`; 0: never, -1: its answers were masked again since):
// its rows are right for every theme whose revision is at most that. So a theme's rows are
// complete once no response has a lower value than its revision, whatever instance stored
// what and when; `catchUpThemes` brings the others up to date, a batch at a time.
//
// A response stored by the service is matched as it is stored (same transaction), with the
// themes the instance knows. A theme added or changed is matched against the stored responses
// by the catch-up: at once when few are waiting, else in the background, its page saying its
// counts are being worked out. A response's rows go with it (a cascading key: the retention
// purge too); a theme's rows go when it is deleted.
import type { Sql } from './sql';
import type { NewFeedback } from './record';
import type { FeedbackRow } from './team/feedback';

/**
 * The revisions and the counter; and an index covering a period's responses by language (the
 * themes' share is of them: a count read from the index alone, not from each row).
 */
const THEME_COLUMNS = `ALTER TABLE team_theme ADD COLUMN rev INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE team_theme_gen (gen INTEGER NOT NULL);
  INSERT INTO team_theme_gen (gen) VALUES (1);
  ALTER TABLE feedback ADD COLUMN themes_gen INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX feedback_themes_gen ON feedback (themes_gen);
  CREATE INDEX feedback_received_test ON feedback (received_at, test, lang);`;

/**
 * Migration (SQLite): one row per theme and matching response, in the order a period's count
 * reads (the theme, then time), with what the common filters ask (survey, language).
 */
export const SQLITE_THEME_MATCH_MIGRATION = `CREATE TABLE theme_match (
    theme_id TEXT NOT NULL,
    received_at TEXT NOT NULL,
    feedback_id TEXT NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    survey_id TEXT NOT NULL,
    lang TEXT,
    PRIMARY KEY (theme_id, received_at, feedback_id)
  ) WITHOUT ROWID;
  CREATE INDEX theme_match_feedback ON theme_match (feedback_id);
  ${THEME_COLUMNS}`;

/** Migration (PostgreSQL); the survey and language in the key's index, so counts read it only. */
export const POSTGRES_THEME_MATCH_MIGRATION = `CREATE TABLE theme_match (
    theme_id TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    feedback_id UUID NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    survey_id TEXT NOT NULL,
    lang TEXT,
    PRIMARY KEY (theme_id, received_at, feedback_id) INCLUDE (survey_id, lang)
  );
  CREATE INDEX theme_match_feedback ON theme_match (feedback_id);
  ${THEME_COLUMNS}`;

/** A theme as the matching needs it. */
export interface MatchedTheme {
  id: string;
  rev: number;
  terms: { en: string[]; cy: string[] };
}

/** What the service tells the store: which of these themes a response matches. */
export interface ThemeSource {
  matches(record: NewFeedback, themes: MatchedTheme[]): string[];
}

/** The themes and the counter, read counter first (the themes are then at least that new). */
export async function currentThemes(sql: Sql): Promise<{ gen: number; themes: MatchedTheme[] }> {
  const [row] = await sql.all<{ gen: number | string }>('SELECT gen FROM team_theme_gen');
  const themes = await sql.all<{ id: string; rev: number | string; en: string; cy: string }>(
    'SELECT id, rev, terms_en AS en, terms_cy AS cy FROM team_theme',
  );
  return {
    gen: Number(row?.gen ?? 0),
    themes: themes.map((t) => ({
      id: t.id,
      rev: Number(t.rev),
      terms: { en: JSON.parse(t.en) as string[], cy: JSON.parse(t.cy) as string[] },
    })),
  };
}

/**
 * Adds matches given as JSON [[response id, theme id], …]: a response or theme no longer there
 * gets none (so no row outlives either).
 */
export const addMatches = (dialect: Sql['dialect']) =>
  dialect === 'sqlite'
    ? `INSERT OR IGNORE INTO theme_match (theme_id, received_at, feedback_id, survey_id, lang)
       SELECT t.id, f.received_at, f.id, f.survey_id, f.lang FROM json_each(?) r
       JOIN feedback f ON f.id = json_extract(r.value, '$[0]')
       JOIN team_theme t ON t.id = json_extract(r.value, '$[1]')`
    : `INSERT INTO theme_match (theme_id, received_at, feedback_id, survey_id, lang)
       SELECT t.id, f.received_at, f.id, f.survey_id, f.lang FROM jsonb_array_elements(?::jsonb) r
       JOIN feedback f ON f.id = (r->>0)::uuid
       JOIN team_theme t ON t.id = r->>1
       ON CONFLICT DO NOTHING`;

/** Responses matched a batch at a time (one transaction each), other work let in between. */
const BATCH = 200;

/** How many responses a read may wait to see matched; with more it says counts are being worked out. */
export const CATCH_UP_NOW = 1000;

/** The lowest revision every response is matched for (its themes are complete up to it). */
export async function matchedUpTo(sql: Sql): Promise<number> {
  const [row] = await sql.all<{ low: number | string | null }>(
    'SELECT MIN(themes_gen) AS low FROM feedback',
  );
  return row?.low === null || row?.low === undefined ? Infinity : Number(row.low);
}

/** How many responses (up to `limit` + 1) are not yet matched for revision `rev`. */
export async function waiting(sql: Sql, rev: number, limit: number): Promise<number> {
  const [row] = await sql.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM feedback WHERE themes_gen < ? LIMIT ${limit + 1}) w`,
    [rev],
  );
  return Number(row?.n ?? 0);
}

/**
 * Matches every response not yet matched for the newest theme, a batch at a time; for each,
 * only the themes changed since its matches were worked out. Safe to run on several instances
 * at once (they then do some work twice), and against masking (a response masked meanwhile is
 * not marked done, so it is matched again).
 */
export async function catchUpThemes(sql: Sql, source: ThemeSource): Promise<void> {
  const inPairs =
    sql.dialect === 'sqlite'
      ? `(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`
      : `(SELECT (r->>0)::uuid, (r->>1)::int FROM jsonb_array_elements(?::jsonb) r)`;
  for (;;) {
    const { gen, themes } = await currentThemes(sql);
    const newest = Math.max(0, ...themes.map((t) => t.rev));
    const rows = await sql.all<Required<FeedbackRow> & { themes_gen: number | string }>(
      `SELECT id, survey_id, definition_hash, received_at, answers, lang, test, themes_gen
         FROM feedback WHERE themes_gen < ? ORDER BY themes_gen LIMIT ${BATCH}`,
      [newest],
    );
    if (!rows.length) return;
    const stale: [string, string | Date, string][] = [];
    const matched: [string, string][] = [];
    for (const r of rows) {
      const id = String(r.id);
      const changed = themes.filter((t) => t.rev > Number(r.themes_gen));
      for (const t of changed) stale.push([t.id, r.received_at, id]);
      if (r.test) continue;
      const record: NewFeedback = {
        surveyId: r.survey_id,
        definitionHash: r.definition_hash,
        receivedAt: new Date(r.received_at),
        answers: typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers,
        lang: r.lang,
      };
      for (const themeId of source.matches(record, changed)) matched.push([id, themeId]);
    }
    const staleRows =
      sql.dialect === 'sqlite'
        ? `(theme_id, received_at, feedback_id) IN (SELECT json_extract(value, '$[0]'),
             json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`
        : `(theme_id, received_at, feedback_id) IN (SELECT r->>0, (r->>1)::timestamptz,
             (r->>2)::uuid FROM jsonb_array_elements(?::jsonb) r)`;
    await sql.transaction([
      ...(sql.dialect === 'postgres' ? [{ text: 'SET LOCAL statement_timeout = 0' }] : []),
      {
        text: `DELETE FROM theme_match WHERE ${staleRows}`,
        params: [
          JSON.stringify(
            stale.map(([t, at, id]) => [t, at instanceof Date ? at.toISOString() : at, id]),
          ),
        ],
      },
      { text: addMatches(sql.dialect), params: [JSON.stringify(matched)] },
      // Done only if not masked again meanwhile (its value is then -1, not the one read).
      {
        text: `UPDATE feedback SET themes_gen = ? WHERE (id, themes_gen) IN ${inPairs}`,
        params: [gen, JSON.stringify(rows.map((r) => [String(r.id), Number(r.themes_gen)]))],
      },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A theme's rows go with it. */
export const deleteMatches = 'DELETE FROM theme_match WHERE theme_id = ?';
