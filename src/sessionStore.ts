// Where a respondent's session (engine/session.ts) is kept between pages: the browser's storage
// with JavaScript (src/store.ts, under the specification's `feedback-survey` key), the server's
// draft without it (server/nojs/draftSession.ts). Both are read before the page step and written after.
import type { Session } from '../engine';

export interface SessionStore {
  read(): Session | Promise<Session>;
  /** Keeps the session the step returned. */
  write(session: Session): void | Promise<void>;
}
