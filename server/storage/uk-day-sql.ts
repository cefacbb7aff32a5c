// The UK day (YYYY-MM-DD, Europe/London) of a stored time, as SQL for either database, so the
// per-day counts and the team's figures count days as the service's users live them.
//
// PostgreSQL knows the time zone. SQLite has no time zones (its 'localtime' is the process's),
// so the UK's rule is written out: British Summer Time runs from 01:00 UTC on the last Sunday of
// March to 01:00 UTC on the last Sunday of October (the first Sunday on or after the 25th), in
// force since 1996. tests/team/uk-days.test.ts checks it against Intl's Europe/London for every
// half hour of several years. Should the law change, this and that test change with it.

import { ukDay } from '../uk-time';

/** SQLite: the UK day of an ISO 8601 UTC text column ('2026-06-10T23:30:00.000Z'). */
export const sqliteUkDay = (column: string) => {
  const change = (month: string) =>
    `date(substr(${column}, 1, 4) || '-${month}-25', 'weekday 0') || 'T01:00:00.000Z'`;
  return `date(${column}, CASE WHEN ${column} >= ${change('03')} AND ${column} < ${change('10')} THEN '+1 hour' ELSE '+0 hours' END)`;
};

/** PostgreSQL: the UK day of a timestamptz column. */
export const postgresUkDay = (column: string) =>
  `to_char(${column} AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`;

/**
 * What to group rows by to count them by UK day, and the UK day of each group's key.
 * PostgreSQL works out the UK day itself, a few thousand groups rather than the tens of
 * thousands of hours the driver would parse. SQLite groups by the UTC hour, its ISO text's first
 * 13 characters (its date arithmetic for the UK day cost more than the rest of the query), and
 * each hour's day is worked out here, once an hour (UK time is UTC plus whole hours).
 */
export function ukDayGroups(
  dialect: 'sqlite' | 'postgres',
  column: string,
): { key: string; dayOf: (key: string) => string } {
  if (dialect === 'postgres') return { key: postgresUkDay(column), dayOf: (day) => day };
  const days = new Map<string, string>();
  return {
    key: `substr(${column}, 1, 13)`,
    dayOf: (hour) => {
      if (!days.has(hour)) days.set(hour, ukDay(new Date(`${hour}:00:00.000Z`)));
      return days.get(hour)!;
    },
  };
}
