import { join } from 'node:path';
import { openPostgresStore, type PostgresSettings } from './postgres';
import { openSqliteStore } from './sqlite';
import type { StoreWithTeam } from './types';

export type { FeedbackStore, FeedbackRecord, NewFeedback, StoreWithTeam } from './types';

/** PostgreSQL when DATABASE_URL is set, otherwise `${dataDir}/feedback.sqlite`. */
export async function openStore(options: {
  databaseUrl?: string;
  postgres?: Partial<PostgresSettings>;
  dataDir: string;
}): Promise<StoreWithTeam> {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, options.postgres);
  return openSqliteStore(join(options.dataDir, 'feedback.sqlite'));
}
