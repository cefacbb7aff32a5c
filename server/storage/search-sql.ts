// The team's free-text search of answers ("contains", any case, values only, never the field
// names). SQLite folds the case of ASCII letters only (not Ŵ to ŵ); PostgreSQL folds as its
// locale does. SQLite first looks for the text in each row's stored JSON, which is cheap, and
// reads the values of only the rows where it is found: a page of results for a word in no answer
// went from 400 to 203 ms at 100,000 responses. PostgreSQL joins a row's values into one
// lower-case text, one value per line, which a trigram index (pg_trgm) can search without
// reading every row: at 100,000 responses a rare word was found in 0.05 ms instead of 345 ms.

/** PostgreSQL migration: a row's answer values as one lower-case text, one per line. */
export const ANSWER_TEXT_MIGRATION = `CREATE OR REPLACE FUNCTION feedback_answer_text(answers JSONB)
  RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT lower(string_agg(value, E'\\n')) FROM jsonb_each_text(answers) WHERE key <> 'serviceName'
  $$;`;

/**
 * Run at every start: the trigram index, when pg_trgm is there or may be created (a trusted
 * extension since PostgreSQL 13: the database owner may). Without it, search reads every row, as
 * before; an administrator's later CREATE EXTENSION pg_trgm takes effect at the next start.
 */
export const ENSURE_SEARCH_INDEX = `DO $$
DECLARE
  trgm_schema TEXT;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    NULL; -- not allowed here: search works without the index
  END;
  SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS feedback_answer_text_trgm ON feedback USING gin (feedback_answer_text(answers) %s.gin_trgm_ops)',
      trgm_schema);
  END IF;
END $$;`;

/** A LIKE pattern's own characters, escaped (the default escape character is a backslash). */
const LIKE_LITERAL = "replace(replace(replace(lower(?), '\\', '\\\\'), '%', '\\%'), '_', '\\_')";

/** What each row's answers hold: SQLite per value; PostgreSQL per value too, used as a check. */
const PER_VALUE = {
  sqlite:
    "EXISTS (SELECT 1 FROM json_each(answers) WHERE key <> 'serviceName' AND instr(lower(value), lower(?)) > 0)",
  postgres:
    "EXISTS (SELECT 1 FROM jsonb_each_text(answers) e WHERE e.key <> 'serviceName' AND strpos(lower(e.value), lower(?)) > 0)",
};

/** The WHERE condition for answers containing `text`, and its parameters. */
export function answersContain(
  dialect: 'sqlite' | 'postgres',
  text: string,
): { clause: string; params: unknown[] } {
  if (dialect === 'sqlite') {
    // A value holding the text puts it in the row's JSON (stored by JSON.stringify) as it is,
    // unless the text has a character JSON escapes (a quote, a line break); SQLite's LIKE and
    // lower() both fold ASCII only, so the JSON is found whenever a value is. The JSON's keys
    // may match too: each value is checked after.
    const escaped = JSON.stringify(text) !== `"${text}"`;
    if (escaped) return { clause: PER_VALUE.sqlite, params: [text] };
    return {
      clause: `answers LIKE '%' || ${LIKE_LITERAL} || '%' ESCAPE '\\' AND ${PER_VALUE.sqlite}`,
      params: [text, text],
    };
  }
  const joined = `feedback_answer_text(answers) LIKE '%' || ${LIKE_LITERAL} || '%'`;
  // Values are joined by line breaks: text without one can only match within a single value.
  // Text with one could also match across two, so each value is then checked as well.
  return text.includes('\n')
    ? { clause: `${joined} AND ${PER_VALUE.postgres}`, params: [text, text] }
    : { clause: joined, params: [text] };
}
