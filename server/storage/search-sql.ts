// The team's free-text search of answers ("contains", any case, Ŵ as ŵ too, values only, never
// the field names). SQLite first looks for the text in each row's stored JSON, which is cheap,
// and reads the values of only the rows where it is found: a page of results for a word in no
// answer went from 400 to 199 ms at 100,000 responses. PostgreSQL joins a row's values into one
// lower-case text, one value per line, which a trigram index (pg_trgm) can search without
// reading every row: at 100,000 responses a rare word was found in 0.05 ms instead of 345 ms.
// (PostgreSQL's lower() folds letters beyond ASCII as the database's locale does.)

/** PostgreSQL migration: a row's answer values as one lower-case text, one per line. */
export const ANSWER_TEXT_MIGRATION = `CREATE OR REPLACE FUNCTION feedback_answer_text(answers JSONB)
  RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT lower(string_agg(value, E'\\n')) FROM jsonb_each_text(answers) WHERE key <> 'serviceName'
  $$;`;

/**
 * PostgreSQL migration: the joined text kept in the row. Looking for a word in a third of the
 * answers, the trigram index gives 33,000 candidates at 100,000 responses, and each must be
 * checked against the text: worked out again from the JSON each time, that took most of the
 * count's time (EXPLAIN ANALYZE, load average near 21: 643 to 746 ms, kept: 137 to 330 ms).
 */
export const ANSWER_TEXT_COLUMN_MIGRATION = `ALTER TABLE feedback
  ADD COLUMN answer_text TEXT GENERATED ALWAYS AS (feedback_answer_text(answers)) STORED;
  DROP INDEX IF EXISTS feedback_answer_text_trgm;`;

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
      'CREATE INDEX IF NOT EXISTS feedback_answer_text_trgm_kept ON feedback USING gin (answer_text %s.gin_trgm_ops)',
      trgm_schema);
  END IF;
END $$;`;

/** A LIKE pattern's own characters, escaped (the default escape character is a backslash). */
const LIKE_LITERAL = "replace(replace(replace(lower(?), '\\', '\\\\'), '%', '\\%'), '_', '\\_')";

/**
 * Which answers are searched: every one but the service's name and those in `except`, or the
 * one field given (unless excepted).
 */
const keys = (field: string | undefined, except: string[] = []) => {
  const not = except.length ? ` AND key NOT IN (${except.map(() => '?').join(', ')})` : '';
  return field === undefined
    ? { clause: `key <> 'serviceName'${not}`, params: [...except] }
    : { clause: `key = ?${not}`, params: [field, ...except] };
};

/** A letter beyond ASCII (which SQLite's lower() and LIKE leave alone) whose capital is one letter. */
const hasOneLetterCapital = (c: string) =>
  c > '\x7f' && c.toUpperCase() !== c && [...c.toUpperCase()].length === 1;

/** SQLite: whether `column` holds the text in any case. */
function sqliteHolds(column: string, text: string): { clause: string; params: unknown[] } {
  const lower = text.toLowerCase();
  // SQLite's lower() folds ASCII letters only: the text's other letters (ŵ, ŷ) are folded from
  // their capitals here.
  const folded = [...new Set(lower)].filter(hasOneLetterCapital);
  const value = folded.reduce((inner) => `replace(${inner}, ?, ?)`, `lower(${column})`);
  return {
    clause: `instr(${value}, ?) > 0`,
    params: [...folded.flatMap((c) => [c.toUpperCase(), c]), lower],
  };
}

/** A LIKE pattern's own characters escaped (escape character: backslash). */
const likeEscaped = (c: string) => (c === '%' || c === '_' || c === '\\' ? `\\${c}` : c);

/** Beyond this many spellings (two for each letter LIKE cannot fold), text is looked for more loosely. */
const MOST_SPELLINGS = 8;

/**
 * LIKE patterns (escape character: backslash), one of which any JSON holding `text` in any case
 * matches. LIKE folds ASCII letters only, so each other letter with a capital is written both
 * ways ('dŵr' as '%dŵr%' and '%dŴr%'): rows are found by the letters themselves, not by any
 * one character in their place, which in Welsh text let most rows through to be checked one by
 * one ('d_r'). Past MOST_SPELLINGS, and for letters whose capital is not one letter, a letter
 * stands for any one character ('_') and each value is checked after.
 */
function anyCasePatterns(text: string): { patterns: string[]; exact: boolean } {
  const lower = [...text.toLowerCase()];
  const loose = (c: string) => c > '\x7f' && c.toUpperCase() !== c && !hasOneLetterCapital(c);
  const spellings = 2 ** lower.filter(hasOneLetterCapital).length;
  if (lower.some(loose) || spellings > MOST_SPELLINGS)
    return {
      patterns: [`%${lower.map((c) => (c > '\x7f' ? '_' : likeEscaped(c))).join('')}%`],
      exact: false,
    };
  let patterns = [''];
  for (const c of lower) {
    const ways = hasOneLetterCapital(c) ? [c, c.toUpperCase()] : [likeEscaped(c)];
    patterns = patterns.flatMap((p) => ways.map((w) => p + w));
  }
  return { patterns: [...new Set(patterns)].map((p) => `%${p}%`), exact: true };
}

/** Whether `column` may hold `text` in any case, by LIKE (exactly so when `exact`). */
function likeAnyCase(
  column: string,
  text: string,
): { clause: string; params: unknown[]; exact: boolean } {
  const { patterns, exact } = anyCasePatterns(text);
  const clause = patterns.map(() => `${column} LIKE ? ESCAPE '\\'`).join(' OR ');
  return { clause: patterns.length > 1 ? `(${clause})` : clause, params: patterns, exact };
}

/**
 * The WHERE condition for answers (or the answer to `field`) containing `text`, leaving out the
 * fields in `except`, and its parameters.
 */
export function answersContain(
  dialect: 'sqlite' | 'postgres',
  text: string,
  field?: string,
  except: string[] = [],
): { clause: string; params: unknown[] } {
  const searched = keys(field, except);
  if (dialect === 'sqlite') {
    const value = sqliteHolds('value', text);
    // search_budget() fails the query once its time is up (SQLite's stand-in for a timeout).
    const values = {
      clause: `search_budget() AND EXISTS (SELECT 1 FROM json_each(answers) WHERE ${searched.clause} AND ${value.clause})`,
      params: [...searched.params, ...value.params],
    };
    // A value holding the text puts it in the row's JSON (stored by JSON.stringify) as it is,
    // unless the text has a character JSON escapes (a quote, a line break): then every row's
    // values are read. Otherwise only those of rows whose JSON has it (keys may match too):
    // LIKE finds them fast, but for ASCII letters only; text with others is looked for again.
    if (JSON.stringify(text) !== `"${text}"`) return values;
    const like = likeAnyCase('answers', text);
    const checks: { clause: string; params: unknown[] }[] = [like];
    if (!like.exact) checks.push(sqliteHolds('answers', text));
    checks.push(values);
    return {
      clause: checks.map((c) => c.clause).join(' AND '),
      params: checks.flatMap((c) => c.params),
    };
  }
  const joined = `answer_text LIKE '%' || ${LIKE_LITERAL} || '%'`;
  // Values are joined by line breaks: text without one can only match within a single value.
  // Text with one could also match across two, and a field's text could be in another field,
  // so each value is then checked as well.
  if (!text.includes('\n') && field === undefined && except.length === 0)
    return { clause: joined, params: [text] };
  return {
    clause: `${joined} AND EXISTS (SELECT 1 FROM jsonb_each_text(answers) WHERE ${searched.clause} AND strpos(lower(value), lower(?)) > 0)`,
    params: [text, ...searched.params, text],
  };
}

/**
 * A first look for any of several texts (a theme's words): rows whose answers may hold `text`,
 * a superset the caller checks word by word. SQLite looks in the stored JSON only (keys may
 * match too), which is what makes counting a common word over every row fast; PostgreSQL's
 * joined values and their trigram index are already cheap.
 */
export function answersMayHold(
  dialect: 'sqlite' | 'postgres',
  text: string,
): { clause: string; params: unknown[] } {
  if (dialect === 'sqlite' && JSON.stringify(text) === `"${text}"`)
    return likeAnyCase('answers', text);
  return answersContain(dialect, text);
}
