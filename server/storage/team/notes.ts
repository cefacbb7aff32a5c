// The team's dated notes ("New phone line opened"), each on a UK day, about one survey or all,
// shown on every trend.
import { randomUUID } from 'node:crypto';
import { UUID, type Sql } from '../sql';

export interface Note {
  id: string;
  /** The UK day it marks, YYYY-MM-DD. */
  day: string;
  /** The survey it is about; undefined for every survey. */
  surveyId?: string;
  text: string;
}

export interface NoteStore {
  addNote(note: Omit<Note, 'id'>, now: Date): Promise<Note>;
  /** Oldest day first; those on days in [from, to] (YYYY-MM-DD) when given. */
  listNotes(days?: { from: string; to: string }): Promise<Note[]>;
  /** Deletes a note; false when there is no such note. */
  removeNote(id: string): Promise<boolean>;
}

type Row = { id: string; day: string; survey_id: string | null; text: string };
const note = (r: Row): Note => ({
  id: r.id,
  day: r.day,
  ...(r.survey_id ? { surveyId: r.survey_id } : {}),
  text: r.text,
});

export function noteStore(sql: Sql): NoteStore {
  return {
    async addNote(given, now) {
      const added: Note = { ...given, id: randomUUID(), text: given.text.trim() };
      await sql.run(
        'INSERT INTO team_note (id, day, survey_id, text, created) VALUES (?, ?, ?, ?, ?)',
        [added.id, added.day, added.surveyId ?? null, added.text, now.toISOString()],
      );
      return added;
    },
    async listNotes(days) {
      const rows = await sql.all<Row>(
        `SELECT id, day, survey_id, text FROM team_note
         ${days ? 'WHERE day >= ? AND day <= ?' : ''} ORDER BY day, created, id`,
        days ? [days.from, days.to] : [],
      );
      return rows.map(note);
    },
    async removeNote(id) {
      if (!UUID.test(id)) return false;
      return (await sql.run('DELETE FROM team_note WHERE id = ?', [id])) === 1;
    },
  };
}
