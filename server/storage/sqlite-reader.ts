// The team's heavy reads of a SQLite file (searches, lists, the export's pages, counts) run in a
// worker thread on a read-only connection of their own. better-sqlite3 is synchronous: on the
// main thread a search of every response holds every other request, a respondent's page
// included, until it ends. In the worker it only waits its turn behind other team reads.
// Writes stay on the main connection; WAL lets the reader see each write once it is committed.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SearchTimeout, type Sql } from './sql';

// The worker's code as text (run with `eval`), so it is the same under tsx, vitest and the
// bundled server, none of which has to find a separate worker file.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');
let deadline = Infinity;
// The search's time budget (server/storage/search-sql.ts calls search_budget() per row).
db.function('search_budget', { deterministic: false }, () => {
  if (performance.now() > deadline) throw new Error('search took longer than its time budget');
  return 1;
});
parentPort.on('message', ({ id, text, params, ms }) => {
  deadline = ms === undefined ? Infinity : performance.now() + ms;
  try {
    parentPort.postMessage({ id, rows: db.prepare(text).all(...params) });
  } catch (error) {
    const timeout = ms !== undefined && String(error).includes('search took longer');
    parentPort.postMessage({ id, error: String(error), timeout });
  } finally {
    deadline = Infinity;
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  error?: string;
  timeout?: boolean;
}

/** Read-only `Sql` for `file` answered by a worker thread; `close` ends the worker. */
export function sqliteReader(file: string): Sql & { close(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const pending = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }
  >();
  let next = 0;
  let worker: Worker | undefined;
  const start = () => {
    const w = new Worker(WORKER, { eval: true, workerData: { file, driver } });
    // It keeps the process alive only while a query is waiting for it (a command that forgot
    // to close its store still ends; one awaiting a page of rows does not end before it).
    w.unref();
    w.on('message', ({ id, rows, error, timeout }: Reply) => {
      const p = pending.get(id);
      pending.delete(id);
      if (!pending.size) w.unref();
      if (error === undefined) p?.resolve(rows!);
      else p?.reject(timeout ? new SearchTimeout() : new Error(error));
    });
    // A worker that failed is started again at the next query; what it was doing fails.
    const fail = (error: Error) => {
      if (worker === w) worker = undefined;
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`SQLite reader stopped (exit code ${code})`)));
    return w;
  };
  const query = <T>(text: string, params: unknown[] = [], ms?: number) =>
    new Promise<T[]>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker ??= start();
      worker.ref();
      worker.postMessage({ id, text, params, ms });
    });
  return {
    dialect: 'sqlite',
    all: (text, params) => query(text, params),
    within: (ms, text, params) => query(text, params, ms),
    run: () => Promise.reject(new Error('the SQLite reader does not write')),
    transaction: () => Promise.reject(new Error('the SQLite reader does not write')),
    async close() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
