// `npm run feedback:export [folder] [--lang cy] [--codes]`: what respondents sent, one CSV per
// survey, for the feedback team. The same export as the team area's download
// (server/team/export.ts), as an admin would get it; the store is the one the server uses
// (DATA_DIR's SQLite file, or DATABASE_URL).
import { createWriteStream, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isLang } from '../engine';
import { loadSurveys } from '../engine/check/load';
import { configFromEnv } from '../server/config';
import { openStore } from '../server/storage/index';
import { feedbackCsv } from '../server/team/export';
import type { UiLang } from '../server/team/text';

export async function exportFeedback(
  outDir: string,
  env = process.env,
  options: { lang?: UiLang; codes?: boolean } = {},
): Promise<string[]> {
  const config = configFromEnv(env);
  const { surveys } = loadSurveys();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Exports hold names and email addresses: folder 0700 and files 0600 whatever the umask.
    if (mkdirSync(outDir, { recursive: true, mode: 0o700 })) chmodSync(outDir, 0o700);
    const files: string[] = [];
    for (const survey of surveys.values()) {
      if ((await store.team.countFeedback({ surveyId: survey.id })) === 0) continue;
      const file = join(outDir, `${survey.id}.csv`);
      const { team } = store;
      const csv = feedbackCsv(
        { after: team.feedbackAfter, tagsOf: team.tagsOf, tags: team.listTags },
        { surveyId: survey.id },
        {
          surveys: [survey],
          lang: options.lang ?? 'en',
          choices: options.codes ? 'codes' : 'labels',
          showContact: true,
        },
      );
      await pipeline(Readable.from(csv), createWriteStream(file, { mode: 0o600 }));
      chmodSync(file, 0o600);
      files.push(file);
    }
    return files;
  } finally {
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lang: { type: 'string' }, codes: { type: 'boolean' } },
  });
  const files = await exportFeedback(positionals[0] ?? 'exports', process.env, {
    lang: isLang(values.lang) ? values.lang : 'en',
    codes: values.codes,
  });
  console.log(files.length ? `Wrote ${files.join(', ')}` : 'No feedback stored.');
}
