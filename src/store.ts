// The respondent's survey state: one zustand store persisted in localStorage under one key.
import { create, useStore } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { sessionAt, NO_SESSION, type Answers, type Session } from '../engine';
import { clock } from './clock';
import type { SessionStore } from './sessionStore';
import { STORAGE_KEY } from './savedState';

export { STORAGE_KEY };

/** The respondent's run of a survey (the engine's session), as the store keeps it. */
export interface SurveyData extends Session {
  /** This run began at a link of the editors' preview: it is sent as a test submission (which
   *  the server honours only when PREVIEW=true). */
  test?: boolean;
  /** A random key made when the run starts and sent with the answers (`Idempotency-Key`):
   *  however often this run is sent (a double tap, two tabs), the server stores it once. */
  runKey?: string | null;
}

export interface SurveyState extends SurveyData {
  cookieBannerDismissed: boolean;
  /** SAVE: merge answers. */
  save(partial: Answers): void;
  /** RESET: on the finish page and after a successful submit. */
  reset(): void;
  /** This run's key, made now if the run has none (saved before keys, or taken over from a draft). */
  keyOfRun(): string;
  /** Clear everything when the respondent has been idle too long; true when it did. */
  expireIfIdle(): boolean;
  dismissCookieBanner(): void;
}

/** The store's data with no survey under way. */
export const emptySurvey: SurveyData = { ...NO_SESSION, test: false, runKey: null };

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
      save: (partial) =>
        set((s) => ({ answers: { ...s.answers, ...partial }, lastActivity: clock.now() })),
      // The answers go; that the run was sent stays for its hour (engine/move.ts).
      reset: () =>
        set((s) => ({
          ...emptySurvey,
          surveyName: s.surveyName,
          sent: s.inProgress || s.sent,
          lastActivity: s.lastActivity,
        })),
      keyOfRun: () => {
        const key = get().runKey ?? newRunKey();
        set({ runKey: key });
        return key;
      },
      expireIfIdle: () => {
        const state = get();
        if (sessionAt(state, clock.now()) === state) return false;
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

/** The browser's session store: the run kept in the store, persisted under `feedback-survey`. */
export const browserSession = {
  read: (): Session => {
    const { surveyName, answers, inProgress, lastActivity, sent } = surveyStore.getState();
    return { surveyName, answers, inProgress, lastActivity, sent };
  },
  write: (session: Session): void => {
    const before = surveyStore.getState();
    // A run begun now (Start) gets a key of its own; one under way keeps its key and test mark.
    const begun =
      session.inProgress && !(before.inProgress && before.surveyName === session.surveyName);
    if (begun) surveyStore.setState({ ...session, test: false, runKey: newRunKey() });
    // An ended run (sent, or idle too long) keeps its key, so a second tab's send stores nothing.
    else surveyStore.setState(session.inProgress ? { ...session } : { ...session, test: false });
  },
} satisfies SessionStore;

/** Whether the saved answers have been loaded into the page (after hydration): forms start again from them. */
export const useRestored = create<{ restored: boolean }>(() => ({ restored: false }));
