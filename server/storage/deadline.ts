// How long a request may wait on the database (DB_WAIT_MS). The budget belongs to the request,
// not to a statement: waiting for a pooled connection, every statement and every retry's pause
// all count against it, from the request's first use of the database. When it is spent the
// store gives up with DatabaseUnavailable, which the server answers with its service-unavailable
// page (or 503 JSON on the API). Work outside a request (start-up, the purge, scripts) has none.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The database could not answer within the request's budget, is still starting (migrations),
 *  or stayed out of reach through the retries. Always a 503: try again later. */
export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  constructor(
    readonly reason: 'timeout' | 'starting' | 'unreachable',
    options?: ErrorOptions,
  ) {
    super(`the database is unavailable (${reason})`, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** An error that means "the database is out of reach now": typed, or marked 503 by the retries. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    error instanceof DatabaseUnavailable ||
    (error as { statusCode?: unknown } | null)?.statusCode === 503
  );
}

interface Budget {
  ms: number;
  /** Set at the first use of the database. */
  until?: number;
}

const budgets = new AsyncLocalStorage<Budget>();

/** Runs `work` (and everything it starts) with a budget of `ms` on the database. */
export function withDatabaseBudget<T>(ms: number, work: () => T): T {
  return budgets.run({ ms }, work);
}

/** Milliseconds left of the current request's budget (starting it if this is its first use);
 *  undefined outside a request. */
export function timeLeft(): number | undefined {
  const budget = budgets.getStore();
  if (!budget) return undefined;
  budget.until ??= Date.now() + budget.ms;
  return budget.until - Date.now();
}

/**
 * `work`, or DatabaseUnavailable when the budget runs out first; `abandon` then runs (to close a
 * connection still waiting on a server that does not answer, or to give back one that arrives
 * late). Without a budget, `work` as it is.
 */
export async function withinBudget<T>(work: Promise<T>, abandon?: () => void): Promise<T> {
  const left = timeLeft();
  if (left === undefined) return work;
  if (left <= 0) {
    // Given up on before it began: whatever it does later is nobody's error.
    work.catch(() => undefined);
    abandon?.();
    throw new DatabaseUnavailable('timeout');
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      abandon?.();
      reject(new DatabaseUnavailable('timeout'));
    }, left);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
