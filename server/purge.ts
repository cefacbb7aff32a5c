// `npm run purge`: deletes feedback older than the retention period now (the server also does this hourly).
import { configFromEnv } from './config';
import { retentionCutoff } from './retention';
import { openStore } from './storage/index';

const config = configFromEnv();
const store = await openStore({
  databaseUrl: config.databaseUrl,
  postgres: config.postgres,
  dataDir: config.dataDir,
});
try {
  const cutoff = retentionCutoff(new Date(), config.retentionMonths);
  const deleted = await store.deleteOlderThan(cutoff);
  console.log(
    `Deleted ${deleted} feedback record(s) received before ${cutoff.toISOString()}; ${await store.count()} kept.`,
  );
} finally {
  await store.close();
}
