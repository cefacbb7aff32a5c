// The server's session store: the draft named by the token in the page address. A run under way
// that has no draft yet (a one-page survey, or answers carried from the browser) gets one when
// first written. Sending consumes the draft in the row's own transaction (store.sendDraft). The
// store keeps the last activity it was given; the engine alone judges the hour (sessionAt), and a
// run it has ended is deleted when written back.
import { NO_SESSION, type Session } from '../../engine';
import type { SessionStore } from '../../src/sessionStore';
import type { DraftStore } from '../storage/drafts';

export interface DraftSession extends SessionStore {
  read(): Promise<Session>;
  write(session: Session): Promise<void>;
  /** The draft's token: the one in the address while its run is live, or the one written last. */
  token(): string | null;
  /** A page posted with errors that the draft held when read (Post/Redirect/Get). */
  held(): unknown;
  /** The draft was made by the editors' preview (its answers are a test submission). */
  isTest(): boolean;
}

export function draftSession(
  drafts: DraftStore,
  token: string | null,
  now: () => Date,
): DraftSession {
  let live: string | null = null;
  let surveyId: string | null = null;
  let held: unknown;
  let test = false;
  return {
    async read() {
      const draft = token ? await drafts.read(token) : null;
      if (!draft) return NO_SESSION;
      if (!draft.sent) [live, surveyId] = [token, draft.surveyId];
      [held, test] = [draft.posted, Boolean(draft.test)];
      return {
        surveyName: draft.surveyId,
        answers: draft.sent ? {} : draft.answers,
        inProgress: !draft.sent,
        lastActivity: draft.lastActivity.getTime(),
        sent: Boolean(draft.sent),
      };
    },
    async write(session) {
      if (!session.inProgress || !session.surveyName) {
        // The run ended unsent (the engine found it idle too long): its draft goes now.
        if (live && !session.sent) await drafts.remove(live);
        if (!session.sent) live = null;
        return;
      }
      // Another survey's draft is left alone: this run gets its own.
      if (surveyId !== session.surveyName) [live, surveyId] = [null, session.surveyName];
      live ??= await drafts.create(session.surveyName, now());
      await drafts.save(live, session.answers, now());
    },
    token: () => live,
    held: () => held,
    isTest: () => test,
  };
}
