// Masking of answers stored before masking moved to store time (server/team/privacy.ts). The
// service gives the masking (only it knows which answers are free text); this pass applies it
// once to every stored row and records that it ran, so later starts only read one small table.
// It is idempotent (masking twice changes nothing), so two instances starting together, or a
// start cut short, at worst mask some rows twice. A changed row's words are cut again. Choice
// answers change only in an Other text sent inside them, never in their options; the per-day
// counts, which hold each counted answer as sent and follow only inserts and deletes, are then
// made again for the surveys whose counts the masking changes (./tally-sql.ts).
import { recountTallies } from './tally-sql';
import type { Sql } from './sql';

/** Migration (both stores): the masking passes that have run over the stored rows. */
export const MASK_PASS_MIGRATION = 'CREATE TABLE feedback_mask_pass (pass INTEGER PRIMARY KEY)';

const BATCH = 500;

/**
 * Runs masking pass `pass` over every stored response unless it ran already; resolves to the
 * number of responses whose answers changed. Their words are taken out of the index and marked
 * uncut, for the next catch-up to cut from the masked text.
 */
export async function maskStored(
  sql: Sql,
  pass: number,
  mask: (surveyId: string, answers: Record<string, string>) => Record<string, string>,
): Promise<number> {
  if ((await sql.all('SELECT pass FROM feedback_mask_pass WHERE pass = ?', [pass])).length)
    return 0;
  let changed = 0;
  let last: string | undefined;
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
    const updates = rows.flatMap((r) => {
      const answers = typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers;
      const masked = mask(r.survey_id, answers);
      if (JSON.stringify(masked) === JSON.stringify(answers)) return [];
      const id = String(r.id);
      return [
        {
          text: 'UPDATE feedback SET answers = ?, words_cut = NULL WHERE id = ?',
          params: [JSON.stringify(masked), id],
        },
        // By time and id: SQLite's index on the words (./words-sql.ts) is in that order.
        {
          text: 'DELETE FROM feedback_word WHERE received_at = ? AND feedback_id = ?',
          params: [r.received_at, id],
        },
      ];
    });
    if (updates.length) await sql.transaction(updates);
    changed += updates.length / 2;
  }
  // Judged from the counts, not from the rows changed above, so that a start cut short after
  // masking the rows still recounts at the next.
  const stale = new Set<string>();
  for (const r of await sql.all<{ survey_id: string; field: string; value: string }>(
    'SELECT DISTINCT survey_id, field, value FROM feedback_tally',
  )) {
    if (mask(r.survey_id, { [r.field]: r.value })[r.field] !== r.value) stale.add(r.survey_id);
  }
  await recountTallies(sql, [...stale]);
  await sql.run('INSERT INTO feedback_mask_pass (pass) VALUES (?) ON CONFLICT DO NOTHING', [pass]);
  return changed;
}
