// The stores the server opens: the feedback store with the team's tables, the drafts and the
// rate limits. The record types live in ./record.ts (re-exported here for the callers).
import type { DraftStore } from './drafts';
import type { LimitStore } from './limits';
import type { FeedbackStore, NewFeedback } from './record';
import type { TeamStore } from './team-types';

export type { FeedbackRecord, FeedbackStore, Lang, NewFeedback } from './record';

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
