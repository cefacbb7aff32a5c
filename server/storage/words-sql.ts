// The word index of free-text answers, so the database counts a theme's responses: one row per
// word of a response's free-text answers (words as server/team/themes.ts cuts them, lower case).
// The service gives the words of each new response (`keepWords`), as only it knows which answers
// are free text; they are written in the same transaction as the response. A response's words
// go with it: a trigger (SQLite) or a cascading foreign key (PostgreSQL) deletes them in the
// same transaction as any delete, the retention purge included.
import type { Sql } from './team-sql';
import type { NewFeedback } from './types';

/** Migration (SQLite). Words in BINARY order, which is code point order (prefix ranges). */
export const SQLITE_WORDS_MIGRATION = `CREATE TABLE feedback_word (
    word TEXT NOT NULL,
    received_at TEXT NOT NULL, -- the response's, so a period's count reads this index only
    feedback_id TEXT NOT NULL,
    PRIMARY KEY (word, received_at, feedback_id)
  ) WITHOUT ROWID;
  CREATE INDEX feedback_word_feedback ON feedback_word (feedback_id);
  CREATE TABLE feedback_word_survey (
    survey_id TEXT PRIMARY KEY,
    fields TEXT NOT NULL
  );
  CREATE TRIGGER feedback_word_delete AFTER DELETE ON feedback BEGIN
    DELETE FROM feedback_word WHERE feedback_id = OLD.id;
  END;`;

/** Migration (PostgreSQL). COLLATE "C": byte order, which is code point order (prefix ranges). */
export const POSTGRES_WORDS_MIGRATION = `CREATE TABLE feedback_word (
    word TEXT COLLATE "C" NOT NULL,
    received_at TIMESTAMPTZ NOT NULL, -- the response's, so a period's count reads this index only
    feedback_id UUID NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    PRIMARY KEY (word, received_at, feedback_id)
  );
  CREATE INDEX feedback_word_feedback ON feedback_word (feedback_id);
  CREATE TABLE feedback_word_survey (
    survey_id TEXT PRIMARY KEY,
    fields TEXT NOT NULL
  );`;

/**
 * Adds the words of responses given as JSON [[id, [word, …]], …]; a response no longer there
 * gets none (so words never outlive their response).
 */
export const addWords = (dialect: Sql['dialect']) =>
  dialect === 'sqlite'
    ? `INSERT OR IGNORE INTO feedback_word (word, received_at, feedback_id)
       SELECT w.value, f.received_at, f.id FROM json_each(?) r
       JOIN feedback f ON f.id = json_extract(r.value, '$[0]')
       JOIN json_each(json_extract(r.value, '$[1]')) w`
    : `INSERT INTO feedback_word (word, received_at, feedback_id)
       SELECT w, f.received_at, f.id FROM jsonb_array_elements(?::jsonb) r
       JOIN feedback f ON f.id = (r->>0)::uuid
       CROSS JOIN LATERAL jsonb_array_elements_text(r->1) w
       ON CONFLICT DO NOTHING`;

/** What the service tells the store: each survey's free-text fields (a key), and how to cut. */
export interface WordSource {
  /** Survey id -> a text that changes when the survey's free-text fields change. */
  fields: Record<string, string>;
  words(record: NewFeedback): string[];
}

/**
 * The word index's rows for these words (or words starting with a prefix) in a period:
 * `SELECT feedback_id, received_at` (a response once per word it has), read from the index alone.
 */
export function wordRows(
  words: { exact: string[]; prefixes: string[] },
  from?: Date,
  to?: Date,
): { text: string; params: unknown[] } {
  const parts = [
    ...(words.exact.length ? [`word IN (${words.exact.map(() => '?').join(', ')})`] : []),
    ...words.prefixes.map(() => '(word >= ? AND word < ?)'),
  ];
  const period = [...(from ? ['received_at >= ?'] : []), ...(to ? ['received_at < ?'] : [])];
  return {
    text: `SELECT feedback_id, received_at FROM feedback_word WHERE (${parts.join(' OR ') || '1 = 0'})${period.map((p) => ` AND ${p}`).join('')}`,
    params: [
      ...words.exact,
      // The highest code point sorts after any word that starts with the prefix.
      ...words.prefixes.flatMap((p) => [p, `${p}\u{10FFFF}`]),
      ...[from, to].filter((d) => d !== undefined).map((d) => d.toISOString()),
    ],
  };
}

/**
 * Uses `source` for new responses from now on, and re-indexes the stored responses of each
 * survey whose free-text fields changed (or were never indexed), a thousand at a time.
 */
export async function keepWords(sql: Sql, source: WordSource): Promise<void> {
  const indexed = new Map(
    (
      await sql.all<{ survey_id: string; fields: string }>(
        'SELECT survey_id, fields FROM feedback_word_survey',
      )
    ).map((r) => [r.survey_id, r.fields]),
  );
  for (const [surveyId, fields] of Object.entries(source.fields)) {
    if (indexed.get(surveyId) === fields) continue;
    const rows = await sql.all<{
      id: string;
      definition_hash: string;
      received_at: string | Date;
      answers: string | Record<string, string>;
      lang: 'en' | 'cy' | null;
    }>('SELECT id, definition_hash, received_at, answers, lang FROM feedback WHERE survey_id = ?', [
      surveyId,
    ]);
    const statements: { text: string; params?: unknown[] }[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000).map((r) => {
        const answers = typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers;
        const words = source.words({
          surveyId,
          definitionHash: r.definition_hash,
          receivedAt: new Date(r.received_at),
          answers,
          lang: r.lang,
        });
        return [String(r.id), words];
      });
      const ids = JSON.stringify(batch.map(([id]) => id));
      statements.push(
        {
          text:
            sql.dialect === 'sqlite'
              ? 'DELETE FROM feedback_word WHERE feedback_id IN (SELECT value FROM json_each(?))'
              : 'DELETE FROM feedback_word WHERE feedback_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)',
          params: [ids],
        },
        { text: addWords(sql.dialect), params: [JSON.stringify(batch)] },
      );
    }
    // An upsert: two instances starting together may both get here.
    statements.push({
      text: `INSERT INTO feedback_word_survey (survey_id, fields) VALUES (?, ?)
        ON CONFLICT (survey_id) DO UPDATE SET fields = excluded.fields`,
      params: [surveyId, fields],
    });
    await sql.transaction(
      sql.dialect === 'postgres'
        ? [{ text: 'SET LOCAL statement_timeout = 0' }, ...statements]
        : statements,
    );
  }
}
