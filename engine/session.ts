// A respondent's session (the browser's storage and the server's draft keep the same shape)
// and the 60-minute rule. Tiny: the app's entry script reads saved state with it.
import type { Answers } from './types';

/** Sixty minutes without activity clears the answers (docs/architecture.md, 'Limits'). */
export const IDLE_LIMIT_MS = 60 * 60 * 1000;

/** A respondent's run of a survey, as the browser's storage and the server's draft keep it. */
export interface Session {
  surveyName: string | null;
  answers: Answers;
  inProgress: boolean;
  lastActivity: number | null;
  /** This run of `surveyName` was sent: its pages say so instead of timing out. */
  sent: boolean;
}

/** No survey under way. */
export const NO_SESSION: Session = {
  surveyName: null,
  answers: {},
  inProgress: false,
  lastActivity: null,
  sent: false,
};

/** A fresh run of a survey begun at `now`. */
export const startedSession = (
  surveyName: string,
  now: number,
  answers: Answers = {},
): Session => ({
  ...NO_SESSION,
  surveyName,
  answers,
  inProgress: true,
  lastActivity: now,
});

/** When a run last active at `lastActivity` is cleared: IDLE_LIMIT_MS later (null: no activity).
 *  The one 60-minute rule: the server, the browser's storage, its timer and the timeout warning
 *  all read the hour from here. */
export const expiresAt = (session: Pick<Session, 'lastActivity'>): number | null =>
  session.lastActivity === null ? null : session.lastActivity + IDLE_LIMIT_MS;

/** The last activity before which a run has ended at `now` (what the drafts' purge deletes). */
export const endedBefore = (now: number): number => now - IDLE_LIMIT_MS;

/** Whether a session last active at `lastActivity` has been idle too long at `now`. */
export const idleTooLong = (lastActivity: number | null, now: number): boolean => {
  const end = expiresAt({ lastActivity });
  return end !== null && now > end;
};

/** The session as it stands at `now`: emptied once idle too long (an action after the hour never
 *  revives it). Stores keep the last activity they were given; only this judges it. */
export const sessionAt = (session: Session, now: number): Session =>
  idleTooLong(session.lastActivity, now) ? NO_SESSION : session;

/** Whether a run of `surveyId` is under way in this session at `now` (started, not sent, not idle
 *  too long). */
export const runUnderWay = (session: Session, surveyId: string, now: number): boolean => {
  const live = sessionAt(session, now);
  return live.inProgress && live.surveyName === surveyId;
};

/** The form field of the respondent's pick between a suggested email address and the one typed. */
export const EMAIL_CHOICE = 'emailChoice';
