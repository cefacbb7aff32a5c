// A stored response and the store of responses: what every other storage module builds on.
import type { Lang } from '../../engine/types';

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
  /** The id of the record of this survey stored with this submission key, if any. */
  idOfKey(surveyId: string, key: string): Promise<string | undefined>;
  close(): Promise<void>;
}
