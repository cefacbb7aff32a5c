// Counters for the rate limits, kept in the database so that every instance behind a load
// balancer counts against the same limit. Fixed windows: one row per key and window start,
// one upsert per request; rows of windows that have ended are deleted by the minute purge.
import type { Sql } from './sql';

/** Migration: the counters, on SQLite and PostgreSQL alike (window start in ms since 1970). */
export const LIMITS_MIGRATION = `CREATE TABLE rate_window (
    key TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
  );`;

/** On PostgreSQL the table is UNLOGGED: counts written without WAL, so a request does not wait
 *  for a WAL flush. A crash or failover empties it, which only resets the current windows. */
export const POSTGRES_LIMITS_MIGRATION = LIMITS_MIGRATION.replace(
  'CREATE TABLE',
  'CREATE UNLOGGED TABLE',
);

export interface LimitStore {
  /** Counts one hit for `key` in the window starting at `windowStart`; resolves to the hits so far in it. */
  hit(key: string, windowStart: number): Promise<number>;
  /** The hits counted so far for `key` in the window starting at `windowStart` (0 when none). */
  read(key: string, windowStart: number): Promise<number>;
  /** Counts one hit only while fewer than `max` are counted; resolves false (nothing counted) when full. */
  take(key: string, windowStart: number, max: number): Promise<boolean>;
  /** Deletes the windows that started before `windowStart`; resolves to how many went. */
  deleteBefore(windowStart: number): Promise<number>;
}

const UPSERT = `INSERT INTO rate_window (key, window_start, hits) VALUES (?, ?, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_window.hits + 1`;

export function limitStore(sql: Sql): LimitStore {
  return {
    async hit(key, windowStart) {
      const [row] = await sql.all<{ hits: number }>(`${UPSERT} RETURNING hits`, [key, windowStart]);
      return Number(row!.hits);
    },
    async read(key, windowStart) {
      const [row] = await sql.all<{ hits: number }>(
        'SELECT hits FROM rate_window WHERE key = ? AND window_start = ?',
        [key, windowStart],
      );
      return Number(row?.hits ?? 0);
    },
    async take(key, windowStart, max) {
      // A window's first hit is an INSERT, which the WHERE below does not check.
      if (max < 1) return false;
      // The WHERE leaves a full window's row alone, and then nothing is returned.
      const rows = await sql.all<{ hits: number }>(
        `${UPSERT} WHERE rate_window.hits < ? RETURNING hits`,
        [key, windowStart, max],
      );
      return rows.length > 0;
    },
    async deleteBefore(windowStart) {
      return sql.run('DELETE FROM rate_window WHERE window_start < ?', [windowStart]);
    },
  };
}
