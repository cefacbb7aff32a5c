// Storing a submission, the one way for both ways in: the feedback API (server/feedback.ts) and
// the sending page posted without JavaScript (server/nojs/). The engine checks it against its
// survey (personal data in free text withheld); a run's key already stored adds nothing; the
// submission cap is taken; the row is saved, with its draft consumed in the same transaction. Written once, so
// the two ways in cannot store differently.
import type { FieldError, ResolvedSurvey } from '../engine';
import { validateSubmission } from '../engine/receive';
import type { SubmissionCap } from './submissionCap';
import type { FeedbackStore, Lang, StoreWithTeam } from './storage/types';
import { withholdPersonalData } from '../masking/index';

/** Where submissions go: the store, the cap shared by every way in, and the clock. */
export interface SubmissionTarget {
  store: Pick<FeedbackStore, 'save' | 'idOfKey'> & Partial<Pick<StoreWithTeam, 'sendDraft'>>;
  cap: SubmissionCap;
  clock: () => Date;
}

/** A submission as sent, with what the way in knows of it. */
export interface SentSubmission {
  survey: ResolvedSurvey;
  /** The body as sent (the API's JSON, or the sending page's prepared submission): checked here. */
  body: unknown;
  /** The language the respondent answered in; null when unknown. */
  lang: Lang | null;
  /** The run's (or the form's) submission key: stored once however often it is sent. */
  key?: string;
  /** The draft it is sent from: consumed in the row's own transaction. */
  draft?: string;
  /** A test submission (the editors' preview, honoured by the caller only while PREVIEW=true). */
  test?: boolean;
}

export type StoreOutcome =
  /** The engine refused it: nothing stored. */
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'stored'; id: string }
  /** This run was sent already (its key, or its draft): nothing added; the first row's id when
   *  known by its key. */
  | { kind: 'sent-before'; id?: string }
  /** The submission cap is full: nothing stored; try again in `retryAfter` seconds. */
  | { kind: 'busy'; retryAfter: number };

/** Checks and stores a sent submission once (see the top of this file). */
export async function storeSubmission(
  target: SubmissionTarget,
  sent: SentSubmission,
): Promise<StoreOutcome> {
  const { store, cap, clock } = target;
  const { survey, key, draft } = sent;
  // Personal data in free text is withheld as received, before the rest is cleaned: the app has
  // withheld it as typed already (server/README.md, "Personal data").
  const check = validateSubmission(survey, sent.body, withholdPersonalData);
  if (!check.ok) return { kind: 'invalid', errors: check.errors };
  // A run sent already answers as it did then, before the cap: it adds nothing.
  const before = key ? await store.idOfKey(survey.id, key) : undefined;
  if (before) return { kind: 'sent-before', id: before };
  const wait = await cap.take();
  if (wait > 0) return { kind: 'busy', retryAfter: wait };
  const record = {
    surveyId: survey.id,
    definitionHash: survey.hash ?? '',
    receivedAt: clock(),
    answers: check.submission,
    lang: sent.lang,
    ...(sent.test ? { test: true } : {}),
    // Two sends of one run at once: the store keeps the first row (a unique key).
    ...(key ? { key } : {}),
  };
  if (!draft) return { kind: 'stored', ...(await store.save(record)) };
  if (!store.sendDraft) throw new Error('A draft is sent only to a store that keeps drafts');
  // The row is stored and the draft marked sent in one transaction: of two Sends at once only
  // one stores a row.
  const stored = await store.sendDraft(draft, record);
  return stored ? { kind: 'stored', ...stored } : { kind: 'sent-before' };
}
