// The counts the team's figures are made from: responses by language and day, and how often each
// answer occurs, from the per-day counts (./../tally-sql.ts) where they serve, else the rows.
import { talliedAnswers } from '../tally-sql';
import type { Sql } from '../sql';
import type { FeedbackFilter, FeedbackTally } from './feedback-types';
import { ukDay } from '../../uk-time';
import { utcHourSql, utcHourText } from '../uk-day-sql';
import { where } from './filter';

/** The figures' counts for the responses the filter chooses, for these answer fields. */
export async function feedbackTally(
  sql: Sql,
  reads: Sql,
  filter: FeedbackFilter,
  fields: string[],
): Promise<FeedbackTally> {
  const { clause, params } = where(sql, filter);
  // Days are UK days (Europe/London), as the per-day counts' are: counted by UTC hour in the
  // database and each hour's UK day worked out here, once an hour rather than once a response
  // (SQLite's date arithmetic for it cost more than the rest of the query; UK time is UTC plus
  // whole hours).
  const hour = utcHourSql(sql.dialect, 'received_at');
  const days = new Map<string, string>();
  const dayOf = (at: string) => {
    if (!days.has(at)) days.set(at, ukDay(new Date(at)));
    return days.get(at)!;
  };
  // Answers from the per-day counts where they can be, else from the responses themselves.
  const tallied = await talliedAnswers(reads, filter, fields);
  if (sql.dialect === 'sqlite' && !tallied && fields.length) {
    // SQLite, from the responses: one pass reads each one's language, day and answers (its
    // JSON parsed once, not once for the filter of each of two queries).
    const paths = fields.map((name) => `$."${name}"`);
    const rows = await reads.all<{ lang: string | null; hour: string; v: string | null }>(
      `SELECT lang, ${hour} AS hour, json_extract(answers, ${paths.map(() => '?').join(', ')}) AS v FROM feedback ${clause}`,
      [...paths, ...params],
    );
    const count = (key: (r: (typeof rows)[number]) => string | null) => {
      const totals = new Map<string | null, number>();
      for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + 1);
      return [...totals];
    };
    return {
      byLang: count((r) => r.lang).map(([lang, n]) => ({ lang, n })),
      byDay: count((r) => dayOf(r.hour)).map(([day, n]) => ({ day: day!, n })),
      answers: countValues(
        fields,
        rows.map((r) => r.v),
      ),
    };
  }
  // One pass over the index (it covers language and time) for both counts, grouped by the hour;
  // each group's hour is written out as text.
  const hours = await reads.all<{ lang: string | null; hour: string; n: number | string }>(
    `SELECT lang, ${utcHourText(sql.dialect, hour)} AS hour, COUNT(*) AS n
     FROM feedback ${clause} GROUP BY lang, ${hour}`,
    params,
  );
  const groups = hours.map((h) => ({ lang: h.lang, day: dayOf(h.hour), n: h.n }));
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
}

/** How often each sent answer of these fields occurs (`feedbackTally`'s answers alone). */
export async function feedbackAnswers(
  sql: Sql,
  reads: Sql,
  filter: FeedbackFilter,
  fields: string[],
): Promise<FeedbackTally['answers']> {
  const tallied = await talliedAnswers(reads, filter, fields);
  if (tallied && !tallied.missing.length) return tallied.answers;
  const { clause, params } = where(sql, filter);
  return [
    ...(tallied?.answers ?? []),
    ...(await answerCounts(reads, clause, params, tallied?.missing ?? fields)),
  ];
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
