// Masking of answers stored before masking moved to store time (server/team/privacy.ts). The
// service gives the masking (only it knows which answers are free text); this pass applies it
// once to every stored row and records that it ran, so later starts only read one small table.
// A changed row's words are cut again (and counted again), and its themes matched again. Choice answers change only in an Other text sent inside
// them, never in their options; the per-day counts, which hold each counted answer as sent and
// follow only inserts and deletes, are then made again for the surveys whose counts the masking
// changes (./tally-sql.ts).
//
// It runs in the background after start (server/startup.ts), on one instance at a time: the
// instance that holds the pass's lease (a row with its owner and an expiry, renewed with every
// batch) masks, the others serve and look again every second. Progress (the last id
// masked) is written in each batch's own transaction, so the successor of an instance killed
// mid-pass continues where it stopped, once its lease has expired. A lease row, not an advisory
// lock: PgBouncer in transaction mode cannot keep a session's lock, and a lease outlives a holder
// that was killed only until it expires.
import { randomUUID } from 'node:crypto';
import { recountTallies } from './tally-sql';
import type { Sql } from './sql';

/** Migration (both stores): the masking passes that have run over the stored rows. */
export const MASK_PASS_MIGRATION = 'CREATE TABLE feedback_mask_pass (pass INTEGER PRIMARY KEY)';

/** Migration (both stores): a pass under way, its lease and how far it has got. */
export const MASK_PROGRESS_MIGRATION = `CREATE TABLE feedback_mask_progress (
    pass INTEGER PRIMARY KEY,
    last_id TEXT,                     -- rows up to this id (in id order) are masked
    changed INTEGER NOT NULL DEFAULT 0,
    owner TEXT,                       -- the instance masking now
    lease_until BIGINT                -- ms since 1970; another may take over after it
  )`;

const BATCH = 500;

/** How far a pass has got: rows looked at of those stored when it began, and rows changed. */
export interface MaskProgress {
  pass: number;
  done: number;
  total: number;
  changed: number;
}

export interface MaskOptions {
  /** Told after every batch (logs and metrics). */
  onProgress?: (progress: MaskProgress) => void;
  /** Told once when another instance holds the pass (this one serves meanwhile). */
  onWaiting?: () => void;
  /** How long a holder's claim lasts without a batch (default 30 s). */
  leaseMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs masking pass `pass` over every stored response unless it ran already; resolves to the
 * number of responses whose answers this instance changed. Their words are taken out of the
 * index and marked uncut, for the next catch-up to cut from the masked text. While another
 * instance holds the pass, waits (looking every second) until it is done or the lease lapses,
 * then takes over from its progress.
 */
export async function maskStored(
  sql: Sql,
  pass: number,
  mask: (surveyId: string, answers: Record<string, string>) => Record<string, string>,
  options: MaskOptions = {},
): Promise<number> {
  const leaseMs = options.leaseMs ?? 30_000;
  const me = randomUUID();
  let told = false;
  for (;;) {
    if ((await sql.all('SELECT pass FROM feedback_mask_pass WHERE pass = ?', [pass])).length)
      return 0;
    if (await claim(sql, pass, me, leaseMs)) break;
    if (!told) options.onWaiting?.();
    told = true;
    await pause(Math.min(leaseMs, 1_000));
  }
  const [row] = await sql.all<{ last_id: string | null; changed: number | string }>(
    'SELECT last_id, changed FROM feedback_mask_progress WHERE pass = ?',
    [pass],
  );
  let last = row?.last_id ?? undefined;
  let changed = 0;
  const progress = { pass, changed: Number(row?.changed ?? 0), ...(await counts(sql, last)) };
  for (;;) {
    // Keyset by id, a batch at a time: the event loop and other requests get their turns.
    const rows = await sql.all<{
      id: string;
      survey_id: string;
      received_at: string | Date;
      answers: string | Record<string, string>;
    }>(
      `SELECT id, survey_id, received_at, answers FROM feedback ${last === undefined ? '' : 'WHERE id > ?'} ORDER BY id LIMIT ${BATCH}`,
      last === undefined ? [] : [last],
    );
    if (!rows.length) break;
    last = String(rows.at(-1)!.id);
    // Written only while this instance still holds the pass: a holder held up past its lease
    // (another took over) writes nothing, and takes no row lock the new holder would wait on.
    const held = 'EXISTS (SELECT 1 FROM feedback_mask_progress WHERE pass = ? AND owner = ?)';
    let changedHere = 0;
    const updates = rows.flatMap((r) => {
      const answers = typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers;
      const masked = mask(r.survey_id, answers);
      if (JSON.stringify(masked) === JSON.stringify(answers)) return [];
      const id = String(r.id);
      changedHere++;
      return [
        {
          // Its words cut again, and its themes matched again (-1: ./theme-match-sql.ts).
          text: `UPDATE feedback SET answers = ?, words_cut = NULL, themes_gen = -1 WHERE id = ? AND ${held}`,
          params: [JSON.stringify(masked), id, pass, me],
        },
        // By time and id: SQLite's index on the words (./words-sql.ts) is in that order.
        {
          text: `DELETE FROM feedback_word WHERE received_at = ? AND feedback_id = ? AND ${held}`,
          params: [r.received_at, id, pass, me],
        },
        // Its word counts taken off, to be counted again with its words (./term-count-sql.ts).
        {
          text: `DELETE FROM feedback_terms WHERE feedback_id = ? AND ${held}`,
          params: [id, pass, me],
        },
      ];
    });
    // The batch, its progress and the renewed lease commit together, the progress row first (its
    // lock keeps a would-be successor waiting until this commits, then finds the lease renewed).
    await sql.transaction([
      {
        text: 'UPDATE feedback_mask_progress SET last_id = ?, changed = changed + ?, lease_until = ? WHERE pass = ? AND owner = ?',
        params: [last, changedHere, Date.now() + leaseMs, pass, me],
      },
      ...updates,
    ]);
    changed += changedHere;
    progress.done += rows.length;
    progress.changed += changedHere;
    options.onProgress?.({ ...progress, total: Math.max(progress.total, progress.done) });
    // Held up past the lease (a long pause), another instance may have taken over: it goes on.
    if (!(await holds(sql, pass, me))) return changed;
  }
  // Judged from the counts, not from the rows changed above, so that a pass cut short after
  // masking the rows still recounts when it is resumed.
  const stale = new Set<string>();
  for (const r of await sql.all<{ survey_id: string; field: string; value: string }>(
    'SELECT DISTINCT survey_id, field, value FROM feedback_tally',
  )) {
    if (mask(r.survey_id, { [r.field]: r.value })[r.field] !== r.value) stale.add(r.survey_id);
  }
  await recountTallies(sql, [...stale]);
  await sql.transaction([
    {
      text: 'INSERT INTO feedback_mask_pass (pass) VALUES (?) ON CONFLICT DO NOTHING',
      params: [pass],
    },
    { text: 'DELETE FROM feedback_mask_progress WHERE pass = ?', params: [pass] },
  ]);
  return changed;
}

/** Takes the pass's lease when nobody holds it or the holder's has lapsed, and the pass is not
 *  done: an instance that looked just before another finished must not begin it again. */
async function claim(sql: Sql, pass: number, me: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  const notDone = 'NOT EXISTS (SELECT 1 FROM feedback_mask_pass WHERE pass = ?)';
  await sql.run(
    `INSERT INTO feedback_mask_progress (pass, changed) SELECT ?, 0 WHERE ${notDone} ON CONFLICT DO NOTHING`,
    [pass, pass],
  );
  const taken = await sql.run(
    `UPDATE feedback_mask_progress SET owner = ?, lease_until = ? WHERE pass = ? AND (owner IS NULL OR lease_until < ?) AND ${notDone}`,
    [me, now + leaseMs, pass, now, pass],
  );
  return taken === 1;
}

async function holds(sql: Sql, pass: number, me: string): Promise<boolean> {
  const [row] = await sql.all<{ owner: string | null }>(
    'SELECT owner FROM feedback_mask_progress WHERE pass = ?',
    [pass],
  );
  return row?.owner === me;
}

/** Rows stored, and of them those already masked (up to `last`). */
async function counts(sql: Sql, last: string | undefined) {
  const [all] = await sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM feedback');
  const [before] = last
    ? await sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM feedback WHERE id <= ?', [
        last,
      ])
    : [{ n: 0 }];
  return { total: Number(all?.n ?? 0), done: Number(before?.n ?? 0) };
}
