// `npm run feedback:export [folder]`: what respondents sent, one CSV per survey, for the feedback
// team. Columns follow the survey's questions in page order; the store is the one the server
// uses (DATA_DIR's SQLite file, or DATABASE_URL).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allFields, type ResolvedSurvey } from '../engine';
import { loadSurveys } from '../engine/check/load';
import { configFromEnv } from '../server/config';
import { openStore, type FeedbackRecord } from '../server/storage/index';
import { csvTable, spreadsheetSafe } from '../server/csv';

/** One survey's records as CSV: received time, then every answer field in page order. */
export function feedbackCsv(survey: ResolvedSurvey | undefined, records: FeedbackRecord[]): string {
  const known = survey ? allFields(survey).map((field) => field.name) : [];
  // Answers from an older definition keep their columns, after the current ones.
  const extra = [...new Set(records.flatMap((r) => Object.keys(r.answers)))]
    .filter((name) => name !== 'serviceName' && !known.includes(name))
    .sort();
  const columns = [...known.filter((name) => records.some((r) => name in r.answers)), ...extra];
  return csvTable(
    ['received', ...columns],
    records.map((r) => [
      r.receivedAt.toISOString(),
      ...columns.map((name) => spreadsheetSafe(r.answers[name] ?? '')),
    ]),
  );
}

export async function exportFeedback(outDir: string, env = process.env): Promise<string[]> {
  const config = configFromEnv(env);
  const { surveys } = loadSurveys();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const bySurvey = new Map<string, FeedbackRecord[]>();
    for (const record of await store.list()) {
      bySurvey.set(record.surveyId, [...(bySurvey.get(record.surveyId) ?? []), record]);
    }
    // Exports hold names and email addresses: folder 0700 and files 0600 whatever the umask.
    if (mkdirSync(outDir, { recursive: true, mode: 0o700 })) chmodSync(outDir, 0o700);
    return [...bySurvey].map(([id, records]) => {
      const file = join(outDir, `${id}.csv`);
      writeFileSync(file, feedbackCsv(surveys.get(id), records), { mode: 0o600 });
      chmodSync(file, 0o600);
      return file;
    });
  } finally {
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await exportFeedback(process.argv[2] ?? 'exports');
  console.log(files.length ? `Wrote ${files.join(', ')}` : 'No feedback stored.');
}
