// The little a query needs from a database, written once for SQLite and PostgreSQL. Every
// storage module that runs SQL takes one of these; none imports another's implementation to get it.

/** The database's side of a query; SQL uses `?` placeholders on both. */
export interface Sql {
  dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * As `all`, stopped with a SearchTimeout after `ms` (PostgreSQL: statement_timeout; SQLite:
   * the search's per-row check `search_budget()` fails once the time is up, so a slow search
   * does not hold the event loop, which SQLite shares with every request).
   */
  within<T>(ms: number, sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Runs statements in one transaction: all of them or none. */
  transaction(statements: { text: string; params?: unknown[] }[]): Promise<void>;
}

/** A search that went past its time budget. */
export class SearchTimeout extends Error {
  constructor() {
    super('search took longer than its time budget');
  }
}

/** A response id as stored: anything else matches no row (PostgreSQL's uuid column refuses it). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
