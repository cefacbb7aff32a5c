// What the entry script reads of the respondent's saved state before the app arrives: the
// store itself (zustand, src/store.ts) comes with the app, too late for the first paint.

/** The localStorage key the store persists under. */
export const STORAGE_KEY = 'feedback-survey';

/** Whether the respondent hid the cookie banner on an earlier page (false if storage cannot be read). */
export function bannerHiddenBefore(): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      state?: { cookieBannerDismissed?: unknown };
    } | null;
    return saved?.state?.cookieBannerDismissed === true;
  } catch {
    return false;
  }
}
