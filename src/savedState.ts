// What the page's inline script (src/early.ts) and the entry script read of the respondent's
// saved state before the app arrives: the store itself (zustand, src/store.ts) comes with the
// app, too late. The store uses the same key and the engine's idle rule.

import { runUnderWay } from '../engine/session';

/** The localStorage key the store persists under. */
export const STORAGE_KEY = 'feedback-survey';

/** The form field that carries the saved answers when a page posts to the server before the
 *  app has arrived (a hyphen: no survey field can be named so). */
export const SAVED_ANSWERS_FIELD = 'saved-answers';

interface Saved {
  answers?: unknown;
  surveyName?: unknown;
  inProgress?: unknown;
  lastActivity?: unknown;
  cookieBannerDismissed?: unknown;
}

/** The saved state as stored, or undefined when there is none or storage cannot be read. */
function saved(): Saved | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      state?: Saved;
    } | null;
    return stored?.state ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the respondent hid the cookie banner on an earlier page. */
export function bannerHiddenBefore(): boolean {
  return saved()?.cookieBannerDismissed === true;
}

/** The saved answers of `surveyId` while it is in progress here, as JSON; undefined otherwise. */
export function savedAnswersOf(surveyId: string, now: number): string | undefined {
  return underWay(surveyId, now) ? JSON.stringify(saved()?.answers ?? {}) : undefined;
}

/** Whether `surveyId` is in progress in this browser at `now`, by the engine's rule. */
export function underWay(surveyId: string, now: number): boolean {
  const state = saved();
  const session = {
    surveyName: typeof state?.surveyName === 'string' ? state.surveyName : null,
    answers: {},
    inProgress: state?.inProgress === true,
    lastActivity: typeof state?.lastActivity === 'number' ? state.lastActivity : null,
    sent: false,
  };
  return runUnderWay(session, surveyId, now);
}
