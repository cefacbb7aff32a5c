// The respondent's survey state: one zustand store persisted in localStorage under one key.
import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { prepareSubmission } from '../engine';
import type { Answers, ResolvedSurvey, Submission } from '../engine';
import { clock } from './clock';

export const STORAGE_KEY = 'feedback-survey';
/** Sixty minutes without activity clears the answers (SPEC section 9). */
export const INACTIVITY_LIMIT_MS = 60 * 60 * 1000;

export interface SurveyData {
  surveyName: string | null;
  answers: Answers;
  inProgress: boolean;
  toSubmit: Submission | null;
  lastActivity: number | null;
  /** Suggested correction of the typed email address awaiting the respondent's choice. */
  emailSuggestion: string | null;
}

export interface SurveyState extends SurveyData {
  cookieBannerDismissed: boolean;
  /** START: a fresh run of a survey. */
  start(surveyName: string): void;
  /** SAVE: merge answers (clears any pending email suggestion). */
  save(partial: Answers): void;
  /** PREPARE_SUBMISSION: shape the answers for sending and keep the result. */
  prepareSubmission(survey: ResolvedSurvey): Submission;
  /** RESET: on the finish page and after a successful submit. */
  reset(): void;
  /** SET: remember which survey the respondent is in. */
  set(surveyName: string): void;
  setEmailSuggestion(suggestion: string | null): void;
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
  toSubmit: null,
  lastActivity: null,
  emailSuggestion: null,
};

export const useSurveyStore = create<SurveyState>()(
  persist(
    (set, get) => ({
      ...emptySurvey,
      cookieBannerDismissed: false,
      start: (surveyName) =>
        set({ ...emptySurvey, surveyName, inProgress: true, lastActivity: clock.now() }),
      save: (partial) =>
        set((s) => ({
          answers: { ...s.answers, ...partial },
          emailSuggestion: null,
          lastActivity: clock.now(),
        })),
      prepareSubmission: (survey) => {
        const toSubmit = prepareSubmission(survey, get().answers);
        set({ toSubmit });
        return toSubmit;
      },
      reset: () => set((s) => ({ ...emptySurvey, surveyName: s.surveyName })),
      set: (surveyName) => set({ surveyName }),
      setEmailSuggestion: (emailSuggestion) => set({ emailSuggestion }),
      touch: () => set({ lastActivity: clock.now() }),
      expireIfIdle: () => {
        const { lastActivity } = get();
        if (lastActivity === null || clock.now() - lastActivity <= INACTIVITY_LIMIT_MS)
          return false;
        set({ ...emptySurvey });
        return true;
      },
      dismissCookieBanner: () => set({ cookieBannerDismissed: true }),
    }),
    {
      name: STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only the data is stored; the actions are functions and are rebuilt on load.
      partialize: (state) =>
        Object.fromEntries(
          Object.entries(state).filter(([, value]) => typeof value !== 'function'),
        ),
      onRehydrateStorage: () => (state) => {
        state?.expireIfIdle();
      },
    },
  ),
);

/** Navigation counts as activity: expire an idle session first, then record the visit. */
export function checkActivity(): void {
  const store = useSurveyStore.getState();
  store.expireIfIdle();
  if (useSurveyStore.getState().inProgress) store.touch();
}
