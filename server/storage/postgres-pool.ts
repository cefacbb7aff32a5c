// PostgreSQL connections: the pool, and the one way work runs on a connection. Every statement
// runs in a transaction that sets its own statement timeout (`SET LOCAL`), never as a startup
// parameter of the connection: PgBouncer in transaction mode refuses startup parameters, and a
// session's `SET` would stay on a server connection that PgBouncer then hands to someone else.
// Within a request the whole unit (waiting for a connection, the statements, COMMIT) also keeps
// to the request's budget (./deadline.ts): past it, the connection is closed, not waited on.
import pg from 'pg';
import { timeLeft, withinBudget } from './deadline';

/** Told how long each unit of work waited for a pooled connection (metrics). */
export type ConnectWaitObserver = (ms: number) => void;

export function newPool(
  connectionString: string,
  max: number,
  connectTimeoutMs: number,
  lost: (error: unknown) => void,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    // Notices a server that went away without closing the connection (a failover).
    keepAlive: true,
    // Statements are sent without waiting for the one before to be answered: BEGIN with the
    // statement timeout, a statement and COMMIT go in one round trip (see `statement`).
    pipeline: true,
  });
  // An idle connection that breaks (a restart, a failover, pg_terminate_backend) is dropped by
  // the pool, which opens a new one when next needed. Without a listener, Node would end the
  // process on this 'error' event.
  pool.on('error', lost);
  return pool;
}

/** The statement timeout for this unit: the setting, shortened to what is left of the request's
 *  budget (0: none, for the purge, migrations and recounts outside a request). */
function statementLimit(statementTimeoutMs: number): number {
  const left = timeLeft();
  if (left === undefined) return statementTimeoutMs;
  const limit = statementTimeoutMs ? Math.min(statementTimeoutMs, left) : left;
  return Math.max(1, Math.ceil(limit));
}

/** Closes a connection's socket at once: a server that stopped answering never would. */
function cut(client: pg.PoolClient): void {
  (
    client as unknown as { connection: { stream: { destroy(): void } } }
  ).connection.stream.destroy();
}

/**
 * Runs `work` on one connection inside BEGIN … COMMIT, with `statementTimeoutMs` per statement
 * (0: none), rolled back if it throws. A connection that failed, or was given up on when the
 * request's budget ran out, is closed rather than given back to the pool.
 */
export async function transaction<T>(
  pool: pg.Pool,
  statementTimeoutMs: number,
  work: (client: pg.PoolClient) => Promise<T>,
  onConnectWait?: ConnectWaitObserver,
): Promise<T> {
  return onConnection(pool, onConnectWait, async (client) => {
    // Sent with the work's first statement (the connection pipelines), its answer awaited with it.
    const begun = client.query(
      `BEGIN; SET LOCAL statement_timeout = ${statementLimit(statementTimeoutMs)}`,
    );
    const [, done] = await Promise.all([begun, work(client)]);
    await client.query('COMMIT');
    return done;
  });
}

/** One statement in its own transaction: BEGIN with the statement timeout, the statement and
 *  COMMIT sent together, one round trip. (After a failed statement the COMMIT rolls back.) */
export function statement(
  pool: pg.Pool,
  statementTimeoutMs: number,
  text: string,
  params: unknown[],
  onConnectWait?: ConnectWaitObserver,
): Promise<pg.QueryResult> {
  return onConnection(pool, onConnectWait, async (client) => {
    const [, result] = await Promise.all([
      client.query(`BEGIN; SET LOCAL statement_timeout = ${statementLimit(statementTimeoutMs)}`),
      client.query(text, params),
      client.query('COMMIT'),
    ]);
    return result;
  });
}

/** A pooled connection for `work`, within the request's budget; closed if anything failed. */
async function onConnection<T>(
  pool: pg.Pool,
  onConnectWait: ConnectWaitObserver | undefined,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const asked = performance.now();
  // The pool listens for errors only on idle connections; until released this one is ours, and
  // a broken one keeps this listener for whatever it emits while being closed. It is added in
  // the pool's callback itself: a message that arrived in the same read as the connection's
  // readiness (a server terminating it) is handled before any awaited code could add one.
  const ignore = () => undefined;
  const connecting = new Promise<pg.PoolClient>((resolve, reject) =>
    pool.connect((error, client) => {
      if (error || !client) return reject(error ?? new Error('no connection'));
      client.on('error', ignore);
      resolve(client);
    }),
  );
  // A connection that arrives after the budget ran out goes straight back.
  const client = await withinBudget(connecting, () => {
    connecting.then(
      (late) => {
        late.off('error', ignore);
        late.release();
      },
      () => undefined,
    );
  });
  onConnectWait?.(performance.now() - asked);
  let abandoned = false;
  const running = work(client);
  try {
    const result = await withinBudget(running, () => {
      abandoned = true;
      cut(client);
    });
    client.off('error', ignore);
    client.release();
    return result;
  } catch (error) {
    // Whatever was still in flight settles (or fails with the connection) before it is closed.
    await running.catch(() => undefined);
    if (!abandoned) await client.query('ROLLBACK').catch(() => undefined);
    client.release(error as Error);
    throw error;
  }
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... (the shared team queries use `?`). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
