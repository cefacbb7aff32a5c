// The team area's store, written once for SQLite and PostgreSQL: its parts by area (./team/*.ts)
// put together. Times are kept as ISO 8601 UTC text in the team tables (text order is time order
// on both databases).
import { maskStored } from './mask-sql';
import { UUID, type Sql } from './sql';
import { keepTallies } from './tally-sql';
import { auditStore } from './team/audit';
import { crossReads } from './team/crosstab';
import { feedbackReads } from './team/feedback';
import { memberStore } from './team/members';
import { noteStore } from './team/notes';
import { sessionStore } from './team/sessions';
import { tagStore } from './team/tags';
import { termReads } from './team/term-counts';
import { themeStore } from './team/themes';
import type { TeamStore } from './team-types';
import { catchUpWords, keepWords, type WordSource } from './words-sql';
import { themeMatching } from './theme-match-store';

export { SearchTimeout, type Sql } from './sql';
export { FEEDBACK_COLUMNS, feedbackRecord } from './team/feedback';
export * from './team/migrations';

/**
 * The team's store over `sql`. The heavy reads of responses (lists, searches, counts, the
 * export's pages, figures) go through `reads`, which may be another connection or pool so that
 * they do not hold up respondents (server/storage/sqlite-reader.ts, server/storage/postgres.ts).
 */
export function teamStore(sql: Sql, reads: Sql = sql): TeamStore {
  const matching = themeMatching(sql);
  let source: WordSource | undefined;
  // True once this service's word index is cut as `source` cuts it (see keepWords).
  let wordsReady = false;
  return {
    ...memberStore(sql),
    ...sessionStore(sql),
    ...auditStore(sql),
    ...tagStore(sql, reads),
    ...matching.refreshing(themeStore(sql)),
    keepThemes: matching.keep,
    themesOf: matching.themesOf,
    themesReady: matching.ready,
    ...noteStore(sql),
    ...feedbackReads(sql, reads),
    ...crossReads(sql, reads),
    ...termReads(sql, reads),
    keepTallies: (fields) => keepTallies(sql, fields),
    async keepWords(given) {
      source = given;
      wordsReady = false;
      await keepWords(sql, given);
      if (source === given) wordsReady = true;
    },
    wordsReady: () => wordsReady,
    maskStored: (pass, mask, options) => maskStored(sql, pass, mask, options),
    // A test submission is never searched or themed: no words, and none to catch up on.
    wordsOf: (record) => (record.test ? [] : source?.words(record)),
    // Counted only with its words: a response stored before `keepWords` is counted by the catch-up.
    termsOf: (record) => (record.test || !source ? undefined : source.terms?.(record)),
    async catchUpWords() {
      if (source && wordsReady) await catchUpWords(sql, source);
    },
    async deleteFeedback(id) {
      if (!UUID.test(id)) return false;
      await sql.run('DELETE FROM team_response_tag WHERE feedback_id = ?', [id]);
      return (await sql.run('DELETE FROM feedback WHERE id = ?', [id])) === 1;
    },
  };
}
