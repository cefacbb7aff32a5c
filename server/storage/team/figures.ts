// The counts the team's figures are made from: responses by language and day, and how often each
// answer occurs, from the per-day counts (./../tally-sql.ts) where they serve, else the rows.
import { periodOfSql, talliedAnswers } from '../tally-sql';
import type { Sql } from '../sql';
import type { FeedbackFilter, FeedbackTally } from './feedback-types';
import { ukDayGroups } from '../uk-day-sql';
import { where } from './filter';

/** The figures' counts for the responses the filter chooses, for these answer fields. */
export async function feedbackTally(
  sql: Sql,
  reads: Sql,
  filter: FeedbackFilter,
  fields: string[],
): Promise<FeedbackTally> {
  const { clause, params } = where(sql, filter);
  // Days are UK days (Europe/London), as the per-day counts' are.
  const { key: dayKey, dayOf } = ukDayGroups(sql.dialect, 'received_at');
  // Answers from the per-day counts where they can be, else from the responses themselves.
  const tallied = await talliedAnswers(reads, filter, fields);
  if (sql.dialect === 'sqlite' && !tallied && fields.length) {
    // SQLite, from the responses: one pass reads each one's language, day and answers (its
    // JSON parsed once, not once for the filter of each of two queries).
    const paths = fields.map((name) => `$."${name}"`);
    const rows = await reads.all<{ lang: string | null; day: string; v: string | null }>(
      `SELECT lang, ${dayKey} AS day, json_extract(answers, ${paths.map(() => '?').join(', ')}) AS v FROM feedback ${clause}`,
      [...paths, ...params],
    );
    const count = (key: (r: (typeof rows)[number]) => string | null) => {
      const totals = new Map<string | null, number>();
      for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + 1);
      return [...totals];
    };
    return {
      byLang: count((r) => r.lang).map(([lang, n]) => ({ lang, n })),
      byDay: count((r) => dayOf(r.day)).map(([day, n]) => ({ day: day!, n })),
      answers: countValues(
        fields,
        rows.map((r) => r.v),
      ),
    };
  }
  // One pass over the index (it covers language and time) for both counts.
  const groups = (
    await reads.all<{ lang: string | null; day: string; n: number | string }>(
      `SELECT lang, ${dayKey} AS day, COUNT(*) AS n FROM feedback ${clause} GROUP BY lang, ${dayKey}`,
      params,
    )
  ).map((g) => ({ lang: g.lang, day: dayOf(g.day), n: g.n }));
  const sum = (key: (g: (typeof groups)[number]) => string | null) => {
    const totals = new Map<string | null, number>();
    for (const g of groups) totals.set(key(g), (totals.get(key(g)) ?? 0) + Number(g.n));
    return [...totals];
  };
  return {
    byLang: sum((g) => g.lang).map(([lang, n]) => ({ lang, n })),
    byDay: sum((g) => g.day).map(([day, n]) => ({ day: day!, n })),
    answers: [
      ...(tallied?.answers[0] ?? []),
      ...((await answerCounts(sql, reads, filter, tallied?.missing ?? fields))[0] ?? []),
    ],
  };
}

/**
 * How often each sent answer of these fields occurs (`feedbackTally`'s answers alone): in the
 * filter's range, or with `cuts` (instants in order inside it) in each period they cut it into.
 */
export async function feedbackAnswers(
  sql: Sql,
  reads: Sql,
  filter: FeedbackFilter,
  fields: string[],
  cuts: Date[] = [],
): Promise<FeedbackTally['answers'][]> {
  const tallied = await talliedAnswers(reads, filter, fields, cuts);
  if (tallied && !tallied.missing.length) return tallied.answers;
  const counted = await answerCounts(sql, reads, filter, tallied?.missing ?? fields, cuts);
  return counted.map((answers, i) => [...(tallied?.answers[i] ?? []), ...answers]);
}

/** How often each sent answer of these fields occurs among the filtered responses, by period. */
async function answerCounts(
  sql: Sql,
  reads: Sql,
  filter: FeedbackFilter,
  fields: string[],
  cuts: Date[] = [],
): Promise<FeedbackTally['answers'][]> {
  const periods: FeedbackTally['answers'][] = [...cuts, undefined].map(() => []);
  if (!fields.length) return periods;
  // The period's parameters come first: its CASE is in the SELECT, before the WHERE.
  const periodParams: unknown[] = [];
  const period = periodOfSql('received_at', cuts, (at) => at.toISOString(), periodParams);
  const { clause, params } = where(sql, filter);
  if (sql.dialect === 'postgres') {
    const rows = await reads.all<{ period: number; field: string; value: string; n: string }>(
      `SELECT ${period} AS period, j.key AS field, j.value AS value, COUNT(*) AS n
       FROM feedback, jsonb_each_text(feedback.answers) j
       ${clause ? `${clause} AND` : 'WHERE'} j.key IN (${fields.map(() => '?').join(', ')})
         AND j.value <> ''
       GROUP BY 1, j.key, j.value`,
      [...periodParams, ...params, ...fields],
    );
    for (const r of rows)
      periods[Number(r.period)]!.push({ field: r.field, value: r.value, n: Number(r.n) });
    return periods;
  }
  // SQLite: one JSON parse per response (json_extract with every path at once), counted here;
  // several times faster than grouping json_each rows.
  const paths = fields.map((name) => `$."${name}"`);
  const rows = await reads.all<{ period: number; v: string | null }>(
    `SELECT ${period} AS period, json_extract(answers, ${paths.map(() => '?').join(', ')}) AS v
     FROM feedback ${clause}`,
    [...periodParams, ...paths, ...params],
  );
  const extracted = periods.map(() => [] as (string | null)[]);
  for (const r of rows) extracted[Number(r.period)]!.push(r.v);
  return extracted.map((values) => countValues(fields, values));
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
