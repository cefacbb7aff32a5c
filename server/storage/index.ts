import { join } from 'node:path';
import { openPostgresStore, postgresStore, type PostgresSettings } from './postgres';
import { openSqliteStore } from './sqlite';
import type { StoreWithTeam } from './types';

export type { FeedbackStore, FeedbackRecord, NewFeedback, StoreWithTeam } from './types';

export interface StoreOptions {
  databaseUrl?: string;
  postgres?: Partial<PostgresSettings>;
  dataDir: string;
}

/** PostgreSQL when DATABASE_URL is set, otherwise `${dataDir}/feedback.sqlite`; returned at once,
 *  PostgreSQL reached and migrated in the background (`opened`). For the server. */
export function startStore(options: StoreOptions): StoreWithTeam {
  if (options.databaseUrl) return postgresStore(options.databaseUrl, options.postgres);
  return openSqliteStore(join(options.dataDir, 'feedback.sqlite'));
}

/** The same, once ready (command-line tools). */
export async function openStore(options: StoreOptions): Promise<StoreWithTeam> {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, options.postgres);
  return openSqliteStore(join(options.dataDir, 'feedback.sqlite'));
}
