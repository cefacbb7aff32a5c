// The respondent's survey state: one zustand store persisted in localStorage under one key.
import { create, useStore } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { skipPage } from '../engine';
import type { Answers, ResolvedPage } from '../engine';
import { clock } from './clock';
import { idleTooLong, INACTIVITY_LIMIT_MS, STORAGE_KEY } from './savedState';

export { INACTIVITY_LIMIT_MS, STORAGE_KEY };

export interface SurveyData {
  surveyName: string | null;
  answers: Answers;
  inProgress: boolean;
  lastActivity: number | null;
  /** This run of `surveyName` was sent: its pages say so instead of timing out. */
  sent: boolean;
  /** This run began at a link of the editors' preview: it is sent as a test submission (which
   *  the server honours only when PREVIEW=true). */
  test?: boolean;
  /** A random key made at START and sent with the answers (`Idempotency-Key`): however often
   *  this run is sent (a double tap, two tabs), the server stores it once. */
  runKey?: string | null;
}

export interface SurveyState extends SurveyData {
  cookieBannerDismissed: boolean;
  /** START: a fresh run of a survey. */
  start(surveyName: string): void;
  /** SAVE: merge answers. */
  save(partial: Answers): void;
  /** SKIP: forget what was saved for a page the respondent skips, so none of it is sent. */
  skip(page: ResolvedPage): void;
  /** RESET: on the finish page and after a successful submit. */
  reset(): void;
  /** This run's key, made now if the run has none (saved before keys, or taken over from a draft). */
  keyOfRun(): string;
  touch(): void;
  /** Clear everything when the respondent has been idle too long; true when it did. */
  expireIfIdle(): boolean;
  dismissCookieBanner(): void;
}

/** The store's data with no survey under way. */
export const emptySurvey: SurveyData = {
  surveyName: null,
  answers: {},
  inProgress: false,
  lastActivity: null,
  sent: false,
  test: false,
  runKey: null,
};

/** 128 random bits as 22 URL-safe characters (not `randomUUID`: that needs a secure context). */
function newRunKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const surveyStore = createStore<SurveyState>()(
  persist(
    (set, get) => ({
      ...emptySurvey,
      cookieBannerDismissed: false,
      start: (surveyName) =>
        set({
          ...emptySurvey,
          surveyName,
          inProgress: true,
          lastActivity: clock.now(),
          runKey: newRunKey(),
        }),
      save: (partial) =>
        set((s) => ({ answers: { ...s.answers, ...partial }, lastActivity: clock.now() })),
      skip: (page) =>
        set((s) => ({ answers: skipPage(page, s.answers), lastActivity: clock.now() })),
      reset: () =>
        set((s) => ({ ...emptySurvey, surveyName: s.surveyName, sent: s.inProgress || s.sent })),
      keyOfRun: () => {
        const key = get().runKey ?? newRunKey();
        set({ runKey: key });
        return key;
      },
      touch: () => set({ lastActivity: clock.now() }),
      expireIfIdle: () => {
        if (!idleTooLong(get().lastActivity, clock.now())) return false;
        set({ ...emptySurvey });
        return true;
      },
      dismissCookieBanner: () => set({ cookieBannerDismissed: true }),
    }),
    {
      name: STORAGE_KEY,
      // JSON drops the actions (functions); they are rebuilt on load.
      storage: createJSONStorage(() => localStorage),
      // The page is first drawn as the server drew it; the saved answers are loaded after that
      // (src/app.tsx), so hydration sees the same state the server rendered with.
      skipHydration: true,
      onRehydrateStorage: () => (state) => {
        state?.expireIfIdle();
      },
    },
  ),
);

// zustand's hook reads the store's *initial* state when rendering on the server and while
// hydrating, so the server drew every page from no answers. The server renders with the
// request's state set in the store (src/entry-server.tsx), and the browser hydrates with the
// state the server rendered with (src/app.tsx), so the current state is the right snapshot for both.
const snapshotNow = { ...surveyStore, getInitialState: surveyStore.getState };

export const useSurveyStore = Object.assign(
  <T>(selector: (state: SurveyState) => T): T => useStore(snapshotNow, selector),
  surveyStore,
);

/** Navigation, Continue, Send and Skip count as activity: an idle session expires first (so an
 *  action after the hour never revives it), then the activity is recorded. True while a survey is
 *  in progress. */
export function checkActivity(): boolean {
  const store = useSurveyStore.getState();
  store.expireIfIdle();
  if (!useSurveyStore.getState().inProgress) return false;
  store.touch();
  return true;
}

/** Whether the saved answers have been loaded into the page (after hydration): forms start again from them. */
export const useRestored = create<{ restored: boolean }>(() => ({ restored: false }));
