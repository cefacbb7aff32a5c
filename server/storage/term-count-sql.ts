// The words and two-word phrases respondents typed, counted per UK day, survey and language of
// the response, so the team's words page adds up a period's counts instead of reading and
// cutting every answer.
//
// Only the service knows what a response contributes (server/team/frequent-words.ts,
// `responseTerms`): it gives it with the response's words (./words-sql.ts, `WordSource.terms`),
// and it is kept per response in `feedback_terms` (written in the same transaction as the
// response, and again whenever its words are cut again: the masking pass, a change of how they
// are cut; the stored responses are counted so when the service's key of how it cuts changes,
// as it does with this table: ./words-sql.ts, keepWords). Triggers on `feedback_terms` keep `feedback_term_count` equal to the sum of its rows,
// in the same transaction as any insert or delete: a response's row goes with it (a cascading
// key), so the retention purge and an admin's delete take its counts off too. A response whose
// words are not cut yet (`feedback.words_cut` NULL) is not counted: the page says so.
import type { Sql } from './sql';
import { postgresUkDay, sqliteUkDay } from './uk-day-sql';

/** What a response contributes, as the service cuts it. */
export interface KeptTerms {
  words: string[];
  phrases: string[];
}

/** A kind of count: responses with typed text ('r', text ''), a word or a phrase. */
export type TermKind = 'r' | 'w' | 'p';

/** The stored form of a response's terms: 'r', then 'w word' and 'p two words'. */
export const encodeTerms = (terms: KeptTerms): string[] => [
  'r',
  ...terms.words.map((w) => `w ${w}`),
  ...terms.phrases.map((p) => `p ${p}`),
];

/** Each count's key, in the order a period's sum reads it (days first). */
const KEY = 'day, survey_id, lang, kind, text';

/** Migration (SQLite). Languages 'en', 'cy' or 'unknown'; text in BINARY (code point) order. */
export const SQLITE_TERM_COUNT_MIGRATION = `CREATE TABLE feedback_terms (
    feedback_id TEXT PRIMARY KEY REFERENCES feedback (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    survey_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    terms TEXT NOT NULL -- JSON list, encodeTerms
  );
  CREATE TABLE feedback_term_count (
    day TEXT NOT NULL, -- YYYY-MM-DD, UK
    survey_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    responses INTEGER NOT NULL,
    PRIMARY KEY (${KEY})
  ) WITHOUT ROWID;
  CREATE TRIGGER feedback_terms_add AFTER INSERT ON feedback_terms BEGIN
    INSERT INTO feedback_term_count (${KEY}, responses)
      SELECT NEW.day, NEW.survey_id, NEW.lang, substr(t.value, 1, 1), substr(t.value, 3), 1
      FROM json_each(NEW.terms) t WHERE 1
      ON CONFLICT (${KEY}) DO UPDATE SET responses = responses + 1;
  END;
  CREATE TRIGGER feedback_terms_remove AFTER DELETE ON feedback_terms BEGIN
    UPDATE feedback_term_count SET responses = responses - 1
      WHERE day = OLD.day AND survey_id = OLD.survey_id AND lang = OLD.lang
        AND (kind, text) IN (SELECT substr(value, 1, 1), substr(value, 3) FROM json_each(OLD.terms));
    DELETE FROM feedback_term_count
      WHERE day = OLD.day AND survey_id = OLD.survey_id AND lang = OLD.lang
        AND (kind, text) IN (SELECT substr(value, 1, 1), substr(value, 3) FROM json_each(OLD.terms))
        AND responses <= 0;
  END;`;

/** A statement's rows' counts (`rows`: a transition table), grouped by key, in key order. */
const pgCounts = (rows: string, sign: 1 | -1) => `
    SELECT r.day, r.survey_id, r.lang, substr(t, 1, 1) AS kind, substr(t, 3) AS text,
      ${sign} * COUNT(*) AS n
    FROM ${rows} r CROSS JOIN LATERAL jsonb_array_elements_text(r.terms) t
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5`;

/**
 * PostgreSQL's trigger functions: the daily counts' upserts, then whatever a later migration
 * keeps beside them (`addMore`, `removeMore`), in the same statement's transition table.
 */
const pgTermFunctions = (
  addMore = '',
  removeMore = '',
) => `  CREATE OR REPLACE FUNCTION feedback_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO feedback_term_count AS c (${KEY}, responses) ${pgCounts('added', 1)}
      ON CONFLICT (${KEY}) DO UPDATE SET responses = c.responses + EXCLUDED.responses;${addMore}
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION feedback_terms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO feedback_term_count AS c (${KEY}, responses) ${pgCounts('removed', -1)}
      ON CONFLICT (${KEY}) DO UPDATE SET responses = c.responses + EXCLUDED.responses;
    DELETE FROM feedback_term_count c USING (${pgCounts('removed', -1)}) r
      WHERE (c.day, c.survey_id, c.lang, c.kind, c.text) = (r.day, r.survey_id, r.lang, r.kind, r.text)
        AND c.responses <= 0;${removeMore}
    RETURN NULL;
  END $$;`;

/**
 * Migration (PostgreSQL): statement triggers with transition tables. Adding and taking off are
 * both one upsert locking the rows in key order (as the per-day tallies do, ./tally-sql.ts), so
 * two transactions cannot deadlock; the rows a delete then removes are rows it holds.
 */
export const POSTGRES_TERM_COUNT_MIGRATION = `CREATE TABLE feedback_terms (
    feedback_id UUID PRIMARY KEY REFERENCES feedback (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    survey_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    terms JSONB NOT NULL
  );
  CREATE TABLE feedback_term_count (
    day TEXT NOT NULL,
    survey_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT COLLATE "C" NOT NULL,
    responses INTEGER NOT NULL,
    PRIMARY KEY (${KEY})
  );
${pgTermFunctions()}
  CREATE TRIGGER feedback_terms_add AFTER INSERT ON feedback_terms
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION feedback_terms_add();
  CREATE TRIGGER feedback_terms_remove AFTER DELETE ON feedback_terms
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION feedback_terms_remove();`;

/**
 * Adds the terms of responses given as JSON [[id, [term, …]], …] (encodeTerms), with each
 * response's UK day, survey and language from its own row; a response no longer there, or
 * already counted, gets none.
 */
export const addTerms = (dialect: Sql['dialect']) =>
  dialect === 'sqlite'
    ? `INSERT OR IGNORE INTO feedback_terms (feedback_id, day, survey_id, lang, terms)
       SELECT f.id, ${sqliteUkDay('f.received_at')}, f.survey_id, COALESCE(f.lang, 'unknown'),
         json_extract(r.value, '$[1]')
       FROM json_each(?) r JOIN feedback f ON f.id = json_extract(r.value, '$[0]')`
    : `INSERT INTO feedback_terms (feedback_id, day, survey_id, lang, terms)
       SELECT f.id, ${postgresUkDay('f.received_at')}, f.survey_id, COALESCE(f.lang, 'unknown'),
         r->1
       FROM jsonb_array_elements(?::jsonb) r JOIN feedback f ON f.id = (r->>0)::uuid
       ON CONFLICT DO NOTHING`;

/** A response's terms, before they are cut again (its counts taken off). */
export const removeTerms = (dialect: Sql['dialect']) =>
  dialect === 'sqlite'
    ? 'DELETE FROM feedback_terms WHERE feedback_id IN (SELECT value FROM json_each(?))'
    : 'DELETE FROM feedback_terms WHERE feedback_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)';

/**
 * Each word's and phrase's count over every kept response, per language (`feedback_term_total`),
 * kept by the same triggers as the daily counts. It bounds a word's count in any period, survey
 * or set of surveys from above, so the words page asks the daily counts only for the words that
 * can rank (./team/term-counts.ts) instead of adding up every word of the period: real text has a
 * long tail, and most of its words and phrases come up once. Also an index of the daily counts
 * by word, for those few words' sums.
 */
const TOTAL_KEY = 'lang, kind, text';

export const SQLITE_TERM_TOTAL_MIGRATION = `CREATE TABLE feedback_term_total (
    lang TEXT NOT NULL,
    kind TEXT NOT NULL, -- 'w' or 'p'
    text TEXT NOT NULL,
    responses INTEGER NOT NULL,
    PRIMARY KEY (${TOTAL_KEY})
  ) WITHOUT ROWID;
  INSERT INTO feedback_term_total (${TOTAL_KEY}, responses)
    SELECT lang, kind, text, SUM(responses) FROM feedback_term_count WHERE kind <> 'r'
    GROUP BY lang, kind, text;
  CREATE INDEX feedback_term_total_rank ON feedback_term_total (lang, kind, responses DESC, text);
  CREATE INDEX feedback_term_count_text
    ON feedback_term_count (lang, kind, text, day, survey_id, responses);
  CREATE TRIGGER feedback_terms_add_total AFTER INSERT ON feedback_terms BEGIN
    INSERT INTO feedback_term_total (${TOTAL_KEY}, responses)
      SELECT NEW.lang, substr(t.value, 1, 1), substr(t.value, 3), 1
      FROM json_each(NEW.terms) t WHERE substr(t.value, 1, 1) <> 'r'
      ON CONFLICT (${TOTAL_KEY}) DO UPDATE SET responses = responses + 1;
  END;
  CREATE TRIGGER feedback_terms_remove_total AFTER DELETE ON feedback_terms BEGIN
    UPDATE feedback_term_total SET responses = responses - 1
      WHERE lang = OLD.lang
        AND (kind, text) IN (SELECT substr(value, 1, 1), substr(value, 3) FROM json_each(OLD.terms));
    DELETE FROM feedback_term_total
      WHERE lang = OLD.lang
        AND (kind, text) IN (SELECT substr(value, 1, 1), substr(value, 3) FROM json_each(OLD.terms))
        AND responses <= 0;
  END;`;

/** A statement's rows' totals (`rows`: a transition table), grouped by word, in key order. */
const pgTotals = (rows: string, sign: 1 | -1) => `
    SELECT r.lang, substr(t, 1, 1) AS kind, substr(t, 3) AS text, ${sign} * COUNT(*) AS n
    FROM ${rows} r CROSS JOIN LATERAL jsonb_array_elements_text(r.terms) t
    WHERE substr(t, 1, 1) <> 'r'
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`;

/**
 * PostgreSQL: filled while the responses' terms are locked against change (an instance of the
 * last release storing meanwhile waits for the migration, so none is counted twice or missed).
 * The totals are locked after the daily counts, each in key order, by every transaction alike.
 */
export const POSTGRES_TERM_TOTAL_MIGRATION = `LOCK TABLE feedback_terms IN SHARE MODE;
  CREATE TABLE feedback_term_total (
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT COLLATE "C" NOT NULL,
    responses INTEGER NOT NULL,
    PRIMARY KEY (${TOTAL_KEY})
  );
  INSERT INTO feedback_term_total (${TOTAL_KEY}, responses)
    SELECT lang, kind, text, SUM(responses) FROM feedback_term_count WHERE kind <> 'r'
    GROUP BY lang, kind, text;
  CREATE INDEX feedback_term_total_rank ON feedback_term_total (lang, kind, responses DESC, text);
  CREATE INDEX feedback_term_count_text ON feedback_term_count (lang, kind, text, day)
    INCLUDE (survey_id, responses);
${pgTermFunctions(
  `
    INSERT INTO feedback_term_total AS c (${TOTAL_KEY}, responses) ${pgTotals('added', 1)}
      ON CONFLICT (${TOTAL_KEY}) DO UPDATE SET responses = c.responses + EXCLUDED.responses;`,
  `
    INSERT INTO feedback_term_total AS c (${TOTAL_KEY}, responses) ${pgTotals('removed', -1)}
      ON CONFLICT (${TOTAL_KEY}) DO UPDATE SET responses = c.responses + EXCLUDED.responses;
    DELETE FROM feedback_term_total c USING (${pgTotals('removed', -1)}) r
      WHERE (c.lang, c.kind, c.text) = (r.lang, r.kind, r.text) AND c.responses <= 0;`,
)}`;
