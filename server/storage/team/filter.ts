// Which rows a filter chooses, as a WHERE clause for either database, and the time budget of a
// search among them.
import { answersContain, answersMayHold } from '../search-sql';
import { UUID, type Sql } from '../sql';
import { wordRows } from '../words-sql';
import type { AnswerMatch, FeedbackFilter } from './feedback-types';

/**
 * How long a search of the answers may take before it is stopped (SearchTimeout). SQLite's
 * default is short: a file's team reads run in a worker thread (./sqlite-reader.ts) where each
 * search holds up the team's other reads, and an in-memory database's run on the one thread
 * every request shares. PostgreSQL's run in the database server.
 */
const searchBudget = (sql: Sql) =>
  Number(process.env.SEARCH_BUDGET_MS ?? (sql.dialect === 'sqlite' ? 150 : 2000));

/** Queries with a text search run within the search budget; others as they are. */
export const bounded =
  (sql: Sql, filter: FeedbackFilter) =>
  <T>(text: string, params: unknown[]) =>
    filter.text ? sql.within<T>(searchBudget(sql), text, params) : sql.all<T>(text, params);

/** `WHERE` clause and parameters for a filter. */
export function where(sql: Sql, filter: FeedbackFilter): { clause: string; params: unknown[] } {
  // Test submissions (server/storage/tests-sql.ts) are never the team's.
  const parts: string[] = ['NOT test'];
  const params: unknown[] = [];
  const answer = (name: string) => {
    params.push(sql.dialect === 'sqlite' ? `$."${name}"` : name);
    return sql.dialect === 'sqlite' ? 'json_extract(answers, ?)' : 'answers->>?';
  };
  // A theme's matches are read first, for its period, survey and language (below): the
  // responses' own indexes on survey and time are then not used on SQLite (`+`), which would
  // read every response of the survey or the period.
  const unindexed = (column: string) =>
    filter.theme && sql.dialect === 'sqlite' ? `+${column}` : column;
  if (filter.surveyId) {
    parts.push(`${unindexed('survey_id')} = ?`);
    params.push(filter.surveyId);
  }
  const time = unindexed('received_at');
  if (filter.from) {
    parts.push(`${time} >= ?`);
    params.push(filter.from.toISOString());
  }
  if (filter.to) {
    parts.push(`${time} < ?`);
    params.push(filter.to.toISOString());
  }
  if (filter.lang === 'unknown') parts.push('lang IS NULL');
  else if (filter.lang) {
    parts.push('lang = ?');
    params.push(filter.lang);
  }
  const find = sql.dialect === 'sqlite' ? 'instr' : 'strpos';
  const answerClause = (match: AnswerMatch): string => {
    if ('is' in match) {
      const clause = `${answer(match.field)} = ?`;
      params.push(match.is);
      return clause;
    }
    if ('otherThan' in match) {
      const clause = `COALESCE(${answer(match.field)}, '') NOT IN ('', ${match.otherThan.map(() => '?').join(', ') || "''"})`;
      params.push(...match.otherThan);
      return clause;
    }
    if ('holds' in match) {
      // The option's label, then its text, somewhere in the list (engine/fields/choice.ts).
      const clause = `${find}(COALESCE(${answer(match.field)}, ''), ?) > 0`;
      params.push(match.holds);
      return clause;
    }
    // Each instr() reads its own copy of the wrapped list (parameters are positional).
    const { join, patterns, stops } = match.ticked;
    const at = (pattern: string) => {
      params.push(join);
      const wrapped = `(? || COALESCE(${answer(match.field)}, '') || ?)`;
      params.push(join, pattern);
      return `${find}(${wrapped}, ?)`;
    };
    const one = (pattern: string) =>
      [
        `${at(pattern)} > 0`,
        ...stops.map((stop) => {
          const found = at(stop);
          return `(${found} = 0 OR ${at(pattern)} < ${at(stop)})`;
        }),
      ].join(' AND ');
    return `(${patterns.map((p) => `(${one(p)})`).join(' OR ') || '1 = 0'})`;
  };
  for (const match of filter.answers ?? []) parts.push(answerClause(match));
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
    const found = wordRows(sql.dialect, filter.words, filter.from, filter.to);
    parts.push(`feedback.id IN (SELECT feedback_id FROM (${found.text}) w)`);
    params.push(...found.params);
  }
  if (filter.theme) {
    const found = themeOnly({
      theme: filter.theme,
      from: filter.from,
      to: filter.to,
      surveyId: filter.surveyId,
      lang: filter.lang,
    })!;
    parts.push(`feedback.id IN (SELECT feedback_id FROM (${found.text}) m)`);
    params.push(...found.params);
  }
  if (filter.tagId) {
    parts.push('feedback.id IN (SELECT feedback_id FROM team_response_tag WHERE tag_id = ?)');
    params.push(filter.tagId);
  }
  return { clause: `WHERE ${parts.join(' AND ')}`, params };
}

/** A theme's kept matches in a period (`SELECT feedback_id, received_at`), from its rows only. */
function themeRows(theme: string, from?: Date, to?: Date, more = '') {
  const dates = [from, to].filter((d) => d !== undefined).map((d) => d.toISOString());
  return {
    text: `SELECT feedback_id, received_at FROM theme_match WHERE theme_id = ?${from ? ' AND received_at >= ?' : ''}${to ? ' AND received_at < ?' : ''}${more}`,
    params: [theme, ...dates],
  };
}

/**
 * A filter of a theme, dates, survey and language only, as its rows of the theme's matches alone
 * (no response read): they hold the survey and language.
 */
export function themeOnly(filter: FeedbackFilter) {
  const { theme, from, to, surveyId, lang, ...rest } = filter;
  if (!theme || Object.values(rest).some((v) => v !== undefined)) return undefined;
  const found = themeRows(
    theme,
    from,
    to,
    `${surveyId ? ' AND survey_id = ?' : ''}${lang === 'unknown' ? ' AND lang IS NULL' : lang ? ' AND lang = ?' : ''}`,
  );
  return {
    text: found.text,
    params: [
      ...found.params,
      ...(surveyId ? [surveyId] : []),
      ...(lang && lang !== 'unknown' ? [lang] : []),
    ],
  };
}

/** A filter of words and dates only, as rows of the word index alone (no feedback row read). */
export function wordsOnly(sql: Sql, filter: FeedbackFilter) {
  const { words, from, to, ...rest } = filter;
  if (!words || Object.values(rest).some((v) => v !== undefined)) return undefined;
  return wordRows(sql.dialect, words, from, to);
}
