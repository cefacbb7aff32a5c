// What the server stored, read straight from the browser suite's SQLite file (the server's
// DATA_DIR): a journey's row is checked where it ends up, not only as the request that carried it.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ResolvedSurvey } from '../../../engine';

/** The suite's database, read-only. */
export function database(): Database.Database {
  return new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'), { readonly: true });
}

/** The answers of the rows stored for a survey since a moment (an ISO time). */
export function rowsSince(survey: ResolvedSurvey, since: string): Record<string, string>[] {
  const db = database();
  try {
    const rows = db
      .prepare('SELECT answers FROM feedback WHERE survey_id = ? AND received_at >= ?')
      .all(survey.id, since) as { answers: string }[];
    return rows.map((row) => JSON.parse(row.answers) as Record<string, string>);
  } finally {
    db.close();
  }
}
