// Which PostgreSQL failures pass by themselves, and retrying through them. A database restart
// or failover, a terminated connection, a deadlock or a serialization failure is over in a
// moment; the same statement a little later succeeds. Within a request the pauses count against
// its budget on the database (./deadline.ts): a retry that would end past it is not made.
import { DatabaseUnavailable, timeLeft } from './deadline';

/** SQLSTATEs worth another attempt: serialization failure, deadlock, the server shutting down,
 *  crashed or starting, too many connections. Class 08 (connection exceptions) too. */
const TRANSIENT_STATES = new Set(['40001', '40P01', '57P01', '57P02', '57P03', '53300']);
/** Network errors from Node while connecting or talking to the server. */
const TRANSIENT_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's own errors (they carry no code) for a connection that broke or never came. */
const TRANSIENT_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|timeout expired)/;

export function isTransient(error: unknown): boolean {
  if (error instanceof AggregateError && error.errors.some(isTransient)) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string')
    if (TRANSIENT_STATES.has(code) || code.startsWith('08') || TRANSIENT_NETWORK.has(code))
      return true;
  return typeof message === 'string' && TRANSIENT_MESSAGES.test(message);
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; it doubles each time up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Seven tries over at most about 5 s: long enough for a restart or failover to finish. A
 *  respondent's request stops sooner when its budget (DB_WAIT_MS) runs out. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 7, baseDelayMs: 100, maxDelayMs: 2000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `work`, tried again after a transient failure, waiting an exponentially growing time with
 * jitter (between half and all of it, so instances that failed together do not retry in step).
 * Only for work that is safe to repeat: a transaction that failed was rolled back, but one
 * whose connection broke during COMMIT may have committed. When the tries run out, or a
 * statement ran past its timeout, the error says 503 (the database is unavailable, try later).
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  sleep: (ms: number) => Promise<unknown> = pause,
  onRetry?: (attempt: number, code: string | undefined) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const transient = isTransient(error);
      if (!transient || attempt >= policy.attempts) {
        if (transient || (error as { code?: unknown })?.code === '57014')
          Object.assign(error as object, { statusCode: 503 });
        throw error;
      }
      const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const delay = cap / 2 + (Math.random() * cap) / 2;
      // No time left in the request's budget for the pause and another try: give up now.
      const left = timeLeft();
      if (left !== undefined && left <= delay)
        throw new DatabaseUnavailable('timeout', { cause: error });
      onRetry?.(attempt, codeOf(error));
      await sleep(delay);
    }
  }
}

/** An error's SQLSTATE or system code: what may be logged (a message can quote stored values). */
export function codeOf(error: unknown): string | undefined {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}
