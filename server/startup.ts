// What an instance does at start besides opening its port: wait for the database and migrate it
// (the store does that, ./storage/postgres-start.ts), then the work over stored responses (the
// per-day counts, the masking pass, the word index), one step after another, in the background
// and logged. The port is open all the while: /healthz answers at once, /readyz once the schema
// is ready (the work after it changes no table the requests need, so it does not hold
// readiness back).
import type { FastifyBaseLogger } from 'fastify';
import type { MaskProgress } from './storage/mask-sql';
import type { StoreWithTeam } from './storage/types';

export interface StartupStep {
  name: string;
  run: () => Promise<unknown>;
}

export interface Startup {
  /** 'starting' until the database is reached and migrated; 'failed' if it never was. */
  state(): 'starting' | 'ready' | 'failed';
  /** Settles when the schema is ready (or rejects when the database was never reached). */
  opened: Promise<void>;
  /** Settles when every step has run; in the background a failed step is tried again later. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Starts the work. `retryAfterMs`: a step that fails (the database lost mid-step) is logged and
 * tried again after this long, until it succeeds; each step is safe to repeat and resumes where
 * it stopped. Without it (a caller that waits for the work, as tests do), a failure rejects.
 */
export function startUp(
  store: StoreWithTeam,
  steps: StartupStep[],
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  retryAfterMs?: number,
): Startup {
  let state: 'starting' | 'ready' | 'failed' = store.opened ? 'starting' : 'ready';
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const opened = (store.opened ?? Promise.resolve()).then(
    () => {
      state = 'ready';
    },
    (error: unknown) => {
      state = 'failed';
      throw error;
    },
  );
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
  const runStep = async (step: StartupStep): Promise<void> => {
    for (;;) {
      if (stopped) return;
      const began = performance.now();
      log.info({ step: step.name }, 'start-up work began');
      try {
        await step.run();
        const seconds = Number(((performance.now() - began) / 1000).toFixed(1));
        log.info({ step: step.name, seconds }, 'start-up work done');
        return;
      } catch (error) {
        if (stopped) return;
        if (retryAfterMs === undefined) throw error;
        log.error({ err: error, step: step.name, retryInMs: retryAfterMs }, 'start-up work failed');
        await later(retryAfterMs);
      }
    }
  };
  const done = opened.then(async () => {
    for (const step of steps) await runStep(step);
  });
  // A failure is reported through `opened` and `done` to whoever waits for them.
  opened.catch(() => undefined);
  done.catch(() => undefined);
  return {
    state: () => state,
    opened,
    done,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Logs the masking pass's progress each time it passes another tenth of the way. */
export function maskProgressLog(log: Pick<FastifyBaseLogger, 'info'>) {
  let logged = -1;
  return (progress: MaskProgress) => {
    const tenth = Math.floor((10 * progress.done) / Math.max(1, progress.total));
    if (tenth === logged) return;
    logged = tenth;
    log.info(progress, 'masking pass progress');
  };
}
