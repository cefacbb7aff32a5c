import type { FastifyBaseLogger } from 'fastify';
import { TEST_RETENTION_MS } from './storage/tests-sql';
import type { FeedbackStore } from './storage/types';

/**
 * "Kept for three months, then deleted": calendar months in UTC. The cutoff is the same
 * day-of-month and time `months` earlier, clamped to the end of shorter months
 * (31 May minus 3 months is 28/29 February). Feedback received strictly before it goes.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = now.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0),
  ).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

export async function purgeExpired(
  store: FeedbackStore,
  months: number,
  now: Date,
): Promise<number> {
  // Test submissions from the editors' preview go after a day.
  return store.deleteOlderThan(
    retentionCutoff(now, months),
    new Date(now.getTime() - TEST_RETENTION_MS),
  );
}

export interface RetentionOptions {
  months: number;
  /** How often to purge while running (default hourly). */
  intervalMs?: number;
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Purges now and then every interval; the returned function stops it. The timer never keeps the process alive. */
export function startRetention(store: FeedbackStore, options: RetentionOptions): () => void {
  const clock = options.clock ?? (() => new Date());
  const run = async () => {
    try {
      const deleted = await purgeExpired(store, options.months, clock());
      if (deleted > 0) options.log?.info({ deleted }, 'expired feedback deleted');
    } catch (error) {
      options.log?.error({ err: error }, 'retention purge failed');
    }
  };
  void run();
  const timer = setInterval(run, options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
