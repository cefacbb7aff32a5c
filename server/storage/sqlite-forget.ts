// Nothing typed left in the SQLite files (server/README.md, "What stays on disk"). secure_delete
// zeroes what a delete or an update frees in the database file, but the write-ahead log keeps
// the pages as they were until a checkpoint. After a draft is sent or deleted, or a response
// deleted, the log is copied into the file and cut to nothing: at most once every `everyMs`, so
// a busy service does not do it on every send, and never waiting for a reader or a writer (the
// connection's busy wait is off while it tries): when one holds the log it is tried again later.
import type Database from 'better-sqlite3';

/** How long a sent or deleted draft's text may stay in the log (measured: bench:forget). */
export const FORGET_EVERY_MS = 1000;

export interface Forgetting {
  /** Something was deleted: the log is cut within `everyMs` (or as soon after as no one holds it). */
  soon(): void;
  /** Cuts the log now unless someone holds it; true when it was cut. */
  now(): boolean;
  stop(): void;
}

export function walForgetting(
  db: Database.Database,
  everyMs: number,
  busyTimeoutMs: number,
): Forgetting {
  let timer: NodeJS.Timeout | undefined;
  const now = () => {
    db.pragma('busy_timeout = 0');
    try {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return result?.busy === 0;
    } catch {
      return false; // busy: tried again later
    } finally {
      db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
  };
  const soon = () => {
    if (timer || db.memory) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!now()) soon();
    }, everyMs);
    timer.unref();
  };
  return {
    soon,
    now,
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
