import type { Lang } from '../../engine/types';
import type { DraftStore } from './drafts';
import type { LimitStore } from './limits';
import type { TeamStore } from './team-types';

/** One stored feedback submission. */
export interface FeedbackRecord {
  /** Random UUID, returned to the browser as `{ id }`. */
  id: string;
  surveyId: string;
  /** sha-256 of the definition the answers were validated against. */
  definitionHash: string;
  /** When the server accepted it (UTC). */
  receivedAt: Date;
  /** The validated, re-sanitised submission (flat strings, including serviceName). */
  answers: Record<string, string>;
  /** The language the respondent answered in; null (or absent on a new record) when unknown. */
  lang?: Lang | null;
  /** Sent from a page opened through the editors' preview: kept a day, never shown to the team
   *  (server/storage/tests-sql.ts). Absent on real submissions. */
  test?: boolean;
}

export type { Lang };

export type NewFeedback = Omit<FeedbackRecord, 'id'> & {
  /** The run's submission key (./submission-key.ts): a second save with it stores nothing and
   *  resolves to the first row's id. */
  key?: string;
};

/** Where feedback lives. `save` resolves only once the record is durably committed. */
export interface FeedbackStore {
  save(record: NewFeedback): Promise<{ id: string }>;
  /** Deletes records received strictly before `cutoff`, and test submissions received before
   *  `testsBefore` when given; resolves to how many went. */
  deleteOlderThan(cutoff: Date, testsBefore?: Date): Promise<number>;
  count(): Promise<number>;
  /** Records, oldest first (for the team's export, tests and the durability check). */
  list(options?: { limit?: number }): Promise<FeedbackRecord[]>;
  /** True when a record with this id exists. */
  has(id: string): Promise<boolean>;
  /** The id of the record stored with this submission key, if any. */
  idOfKey(key: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** The real stores also hold the feedback team's tables (server/team), the drafts of
 *  respondents without JavaScript (server/nojs) and the rate limits' counters. */
export type StoreWithTeam = FeedbackStore & {
  team: TeamStore;
  drafts: DraftStore;
  limits: LimitStore;
  /** Resolves once the database has answered a trivial query (readiness). */
  ping(): Promise<void>;
  /** Settles when the store's database has been reached and migrated (PostgreSQL opens in the
   *  background, ./postgres-start.ts); absent when it was ready on opening (SQLite). */
  opened?: Promise<void>;
  /** Stores the answers sent from a draft and marks the draft sent (emptied), in one
   *  transaction; null (and nothing stored) when it was sent already or is gone, so a second
   *  Send of the same draft stores nothing. */
  sendDraft(token: string, record: NewFeedback): Promise<{ id: string } | null>;
};
