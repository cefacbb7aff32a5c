// The word index of free-text answers, so the database counts a theme's responses: one row per
// word of a response's free-text answers (words as server/team/themes.ts cuts them, lower case).
// The service gives the words of each new response (`keepWords`), as only it knows which answers
// are free text; they are written in the same transaction as the response. A response's words
// go with it: a trigger (SQLite) or a cascading foreign key (PostgreSQL) deletes them in the
// same transaction as any delete, the retention purge included.
import type { Sql } from './sql';
import type { NewFeedback } from './record';
import type { FeedbackRow } from './team/feedback';
import { addTerms, encodeTerms, removeTerms, type KeptTerms } from './term-count-sql';

/** 1 once a response's words are in the index; the responses still without are indexed apart. */
const WORDS_CUT = `ALTER TABLE feedback ADD COLUMN words_cut SMALLINT;
  CREATE INDEX feedback_words_uncut ON feedback (id) WHERE words_cut IS NULL;`;

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
  END;
  ${WORDS_CUT}`;

/**
 * Migration (SQLite): a response's words found by its time and id, not by its id alone. New
 * responses come in time order, so their entries go at the end of this index instead of at
 * random places (ids are random): saved in time order, 100,000 responses' words cost about 7 µs
 * of CPU each instead of 35. Deletes (one response, or the purge of the oldest) read it the
 * same way.
 */
export const SQLITE_WORDS_BY_TIME_MIGRATION = `DROP INDEX feedback_word_feedback;
  CREATE INDEX feedback_word_time ON feedback_word (received_at, feedback_id);
  DROP TRIGGER feedback_word_delete;
  CREATE TRIGGER feedback_word_delete AFTER DELETE ON feedback BEGIN
    DELETE FROM feedback_word WHERE received_at = OLD.received_at AND feedback_id = OLD.id;
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
  );
  ${WORDS_CUT}`;

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
  /** What the response adds to the word counts (./term-count-sql.ts); undefined: nothing. */
  terms?(record: NewFeedback): KeptTerms | undefined;
}

/** A response's terms as `addTerms` takes them, or none. */
export const termsRow = (id: string, terms: KeptTerms | undefined) =>
  terms ? [[id, encodeTerms(terms)] as const] : [];

/** Words to look up: an entry equal to one of `exact`, or starting with one of `prefixes`. */
export interface WordGroup {
  exact: string[];
  prefixes: string[];
}

/**
 * What a filter looks up in the word index: the responses with a word of one group, or (a list
 * of alternatives, each a list of groups) the responses with a word of every group of one
 * alternative: a phrase's words are all in a response that holds the phrase.
 */
export type WordLookup = WordGroup | WordGroup[][];

/**
 * One group's rows in a period: one indexed lookup per word or prefix, put together (a response
 * may come more than once). Each reads the primary key's range of its word: a lookup written as
 * one OR of them let SQLite read the whole period through the time index instead (3.8 s instead
 * of 0.1 s for a prefix at 100,000 responses), so on SQLite the period is only checked (`+`).
 */
function groupRows(
  dialect: Sql['dialect'],
  words: WordGroup,
  from?: Date,
  to?: Date,
): { text: string; params: unknown[] } {
  const period = (time: string) =>
    [...(from ? [` AND ${time} >= ?`] : []), ...(to ? [` AND ${time} < ?`] : [])].join('');
  const dates = [from, to].filter((d) => d !== undefined).map((d) => d.toISOString());
  const lookups = [
    ...words.exact.map((word) => ({ text: `word = ?${period('received_at')}`, params: [word] })),
    // The highest code point sorts after any word that starts with the prefix.
    ...words.prefixes.map((p) => ({
      text: `word >= ? AND word < ?${period(dialect === 'sqlite' ? '+received_at' : 'received_at')}`,
      params: [p, `${p}\u{10FFFF}`],
    })),
  ];
  const parts = lookups.map((l) => ({
    text: `SELECT feedback_id, received_at FROM feedback_word WHERE ${l.text}`,
    params: [...l.params, ...dates],
  }));
  if (!parts.length)
    parts.push({
      text: 'SELECT feedback_id, received_at FROM feedback_word WHERE 1 = 0',
      params: [],
    });
  return parts.length === 1
    ? parts[0]!
    : {
        text: `SELECT feedback_id, received_at FROM (${parts.map((p) => p.text).join(' UNION ALL ')}) g`,
        params: parts.flatMap((p) => p.params),
      };
}

/**
 * The word index's rows for these words in a period: `SELECT feedback_id, received_at` (a
 * response once or more), read from the index alone.
 */
export function wordRows(
  dialect: Sql['dialect'],
  words: WordLookup,
  from?: Date,
  to?: Date,
): { text: string; params: unknown[] } {
  if (!Array.isArray(words)) return groupRows(dialect, words, from, to);
  const alternatives = words.filter((groups) => groups.length);
  if (!alternatives.length) return groupRows(dialect, { exact: [], prefixes: [] }, from, to);
  // Each alternative in its own subquery: SQLite reads compound operators left to right.
  const parts = alternatives.map((groups, i) => {
    const rows = groups.map((g) => groupRows(dialect, g, from, to));
    return {
      text: `SELECT feedback_id, received_at FROM (${rows.map((r) => r.text).join(' INTERSECT ')}) a${i}`,
      params: rows.flatMap((r) => r.params),
    };
  });
  return { text: parts.map((p) => p.text).join(' UNION '), params: parts.flatMap((p) => p.params) };
}

/** Responses cut a batch at a time (one transaction each), other work let in between: on
 *  SQLite each batch holds the thread that answers respondents while it runs. */
const CUT_BATCH = 100;

/** Where a batch starts: after the last row of the one before, in the order of an index. */
type Keyset = 'id' | 'time';
const KEYSET: Record<Keyset, { after: string; order: string }> = {
  // The rows without words, by the partial index of their ids.
  id: { after: 'id > ?', order: 'id' },
  // A survey's rows, by its (survey, time) index: a range from the last time (written so that
  // SQLite reads the index from there, not from the survey's first row every batch).
  time: { after: 'received_at >= ? AND (received_at > ? OR id > ?)', order: 'received_at, id' },
};

/**
 * Cuts again the words of the responses `condition` chooses, in batches by id, each in its own
 * transaction, yielding to the event loop between them: on SQLite a batch holds the thread
 * that answers respondents while it runs, so batches are small.
 */
async function cutWords(
  sql: Sql,
  source: WordSource,
  condition: string,
  params: unknown[],
  keyset: Keyset,
): Promise<void> {
  const inList =
    sql.dialect === 'sqlite'
      ? 'IN (SELECT value FROM json_each(?))'
      : 'IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)';
  // The words of these responses: on SQLite through the (time, id) index (see above).
  const theirWords =
    sql.dialect === 'sqlite'
      ? `DELETE FROM feedback_word WHERE (received_at, feedback_id) IN
           (SELECT received_at, id FROM feedback WHERE id ${inList})`
      : `DELETE FROM feedback_word WHERE feedback_id ${inList}`;
  const { after: later, order } = KEYSET[keyset];
  for (let last: { id: string; received_at: string | Date } | undefined; ;) {
    const rows = await sql.all<FeedbackRow>(
      `SELECT id, survey_id, definition_hash, received_at, answers, lang, test FROM feedback
        WHERE ${condition}${last ? ` AND ${later}` : ''} ORDER BY ${order} LIMIT ${CUT_BATCH}`,
      [
        ...params,
        ...(!last
          ? []
          : keyset === 'id'
            ? [last.id]
            : [last.received_at, last.received_at, last.id]),
      ],
    );
    if (!rows.length) return;
    const cut = rows.map((r) => {
      const record = {
        surveyId: r.survey_id,
        definitionHash: r.definition_hash,
        receivedAt: new Date(r.received_at),
        answers: typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers,
        lang: r.lang,
      };
      // A test submission is never searched nor counted (as when it is stored: ./team-sql.ts).
      if (r.test) return { id: String(r.id), words: [], terms: undefined };
      return { id: String(r.id), words: source.words(record), terms: source.terms?.(record) };
    });
    const batch = cut.map((c) => [c.id, c.words] as const);
    const ids = JSON.stringify(batch.map(([id]) => id));
    // Its words, and its word counts taken off and added again (./term-count-sql.ts).
    await sql.transaction([
      ...(sql.dialect === 'postgres' ? [{ text: 'SET LOCAL statement_timeout = 0' }] : []),
      { text: theirWords, params: [ids] },
      { text: removeTerms(sql.dialect), params: [ids] },
      { text: addWords(sql.dialect), params: [JSON.stringify(batch)] },
      {
        text: addTerms(sql.dialect),
        params: [JSON.stringify(cut.flatMap((c) => termsRow(c.id, c.terms)))],
      },
      { text: `UPDATE feedback SET words_cut = 1 WHERE id ${inList}`, params: [ids] },
    ]);
    last = rows.at(-1)!;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Responses stored without their words (by an instance of older code during an upgrade, or by
 * a process that had not started the service) get them now. Cheap when there are none: a
 * partial index holds only those.
 */
export const catchUpWords = (sql: Sql, source: WordSource) =>
  cutWords(sql, source, 'words_cut IS NULL', [], 'id');

/**
 * Cuts the words of any response stored without them, and again those of each survey whose
 * free-text fields or way of cutting changed (its key in `source.fields` differs from the one
 * its words were cut with). Resolves when every survey's words are cut as `source` cuts them;
 * the service does not wait for it to start (its theme pages read the answers meanwhile).
 */
export async function keepWords(sql: Sql, source: WordSource): Promise<void> {
  await catchUpWords(sql, source);
  const indexed = new Map(
    (
      await sql.all<{ survey_id: string; fields: string }>(
        'SELECT survey_id, fields FROM feedback_word_survey',
      )
    ).map((r) => [r.survey_id, r.fields]),
  );
  for (const [surveyId, fields] of Object.entries(source.fields)) {
    if (indexed.get(surveyId) === fields) continue;
    await cutWords(sql, source, 'survey_id = ?', [surveyId], 'time');
    // An upsert: two instances starting together may both get here.
    await sql.run(
      `INSERT INTO feedback_word_survey (survey_id, fields) VALUES (?, ?)
        ON CONFLICT (survey_id) DO UPDATE SET fields = excluded.fields`,
      [surveyId, fields],
    );
  }
}
