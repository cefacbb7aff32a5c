// `npm run purge`: deletes feedback older than the retention period, and test submissions from
// the preview older than a day, now (the server also does this hourly).
import { configFromEnv } from './config';
import { purgeExpired, retentionCutoff } from './retention';
import { openStore } from './storage/index';

const config = configFromEnv();
const store = await openStore({
  databaseUrl: config.databaseUrl,
  postgres: config.postgres,
  dataDir: config.dataDir,
});
try {
  const now = new Date();
  const cutoff = retentionCutoff(now, config.retentionMonths);
  const deleted = await purgeExpired(store, config.retentionMonths, now);
  console.log(
    `Deleted ${deleted} feedback record(s) received before ${cutoff.toISOString()}; ${await store.count()} kept.`,
  );
} finally {
  await store.close();
}
