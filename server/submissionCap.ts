// The limits on respondents' posts, counted in the database (server/storage/limits.ts) so they
// hold in total across any number of instances on one database, not once per process.
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitStore } from './storage/limits';

const MINUTE = 60_000;

/**
 * A cap on accepted submissions per clock minute across all clients, so a flood from many
 * addresses cannot fill the disk. `take()` counts one submission and resolves to 0, or, when
 * the minute is full, counts nothing and resolves to the seconds to wait.
 */
export function submissionCap(limits: LimitStore, max: number | false, clock: () => Date) {
  return {
    async take(): Promise<number> {
      if (max === false) return 0;
      const now = clock().getTime();
      const start = Math.floor(now / MINUTE) * MINUTE;
      if (await limits.take('cap', start, max)) return 0;
      return Math.max(1, Math.ceil((start + MINUTE - now) / 1000));
    },
  };
}

export type SubmissionCap = ReturnType<typeof submissionCap>;

/**
 * A store for @fastify/rate-limit that counts each client's requests in fixed windows in the
 * database (the plugin's own store counts in this process's memory).
 */
export function databaseRateStore(
  limits: LimitStore,
  clock: () => Date,
): FastifyRateLimitStoreCtor {
  return class DatabaseRateStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock().getTime();
      const start = Math.floor(now / timeWindow) * timeWindow;
      limits.hit(`client:${key}`, start).then(
        (current) => callback(null, { current, ttl: start + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/** The oldest window start still worth keeping: windows that started before it have ended. */
export function oldestLiveWindow(now: Date, longestWindowMs: number): number {
  return now.getTime() - Math.max(longestWindowMs, MINUTE);
}
