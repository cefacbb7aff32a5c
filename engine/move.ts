// The page step's actions other than Continue (./step): Start, a visit, Skip and a stored Send.
// Light (no validation, no email lists), so the app's route loaders and links can use it.
import { findPage, firstPage, guardRedirect, skipPage } from './flow';
import { runUnderWay, sessionAt, NO_SESSION, startedSession, type Session } from './session';
import type { Answers, FieldError, ResolvedPage, ResolvedSurvey, Submission } from './types';

export type StepAction =
  /** The start page's button, or opening a one-page survey; or a run carried on from answers
   *  saved in the browser (`carried`: a form posted before the app arrived, no draft yet). */
  | { kind: 'start'; carried?: Answers }
  | { kind: 'visit'; page: string }
  /** Continue (or Send on the last page) with the page's answers as entered. */
  | { kind: 'continue'; page: string; entered: Answers; emailChoice?: unknown }
  | { kind: 'skip'; page: string }
  /** The prepared submission was stored. */
  | { kind: 'sent' };

/** Where a step leads: a page id, 'finish' or 'timeout' (src/paths.ts turns it into an address). */
export type StepTarget = string;

export type StepResult =
  /** Show the page asked for, keeping this session. */
  | { kind: 'show'; session: Session }
  /** Go elsewhere, keeping this session. */
  | { kind: 'go'; to: StepTarget; session: Session }
  /** Show the page again as entered, with its errors (nothing is kept). */
  | {
      kind: 'errors';
      answers: Answers;
      errors: FieldError[];
      /** A likely intended email address to confirm, with the one typed. */
      suggestion?: { typed: string; full: string };
    }
  /** Send this; keep `session` until the submission is stored (then step 'sent'). */
  | { kind: 'send'; submission: Submission; session: Session }
  /** No such page, or nothing to skip on it. */
  | { kind: 'missing' };

/** The page an address names, if the survey has it. A one-page survey's only page answers to any id. */
function addressedPage(survey: ResolvedSurvey, id: string) {
  return survey.layout === 'single' ? firstPage(survey) : findPage(survey, id);
}

/** Where a page of the run under way can be shown: the page and the session touched now, or
 *  where to go instead (timeout or finish when no run is under way, a guard's page, missing). */
export function arrive(
  survey: ResolvedSurvey,
  stored: Session,
  pageId: string,
  now: number,
): StepResult | { kind: 'here'; page: ResolvedPage; session: Session } {
  const session = sessionAt(stored, now);
  const page = addressedPage(survey, pageId);
  if (!page) return { kind: 'missing' };
  if (!runUnderWay(session, survey.id, now)) {
    // Back after sending shows the finish page; otherwise nothing is under way (or it expired).
    const sent = session.sent && session.surveyName === survey.id;
    return { kind: 'go', to: sent ? 'finish' : 'timeout', session };
  }
  return { kind: 'here', page, session: { ...session, lastActivity: now } };
}

/** Start, a visit, Skip, or a stored Send: what happens next (./step adds Continue). */
export function move(
  survey: ResolvedSurvey,
  stored: Session,
  action: Exclude<StepAction, { kind: 'continue' }>,
  now: number,
): StepResult {
  const first = firstPage(survey).id;
  if (action.kind === 'start') {
    const session = sessionAt(stored, now);
    // A one-page survey's address is its start: opened again within the hour after its run was
    // sent (the browser's Back), it says so, as its pages would (a run sent by an older version,
    // with no time, does not count).
    const sent = session.sent && session.surveyName === survey.id && session.lastActivity !== null;
    if (survey.layout === 'single' && sent) return { kind: 'go', to: 'finish', session };
    // A one-page survey, or a run carried from the browser, already under way carries on; Start
    // on a start page begins again.
    const resumes = survey.layout === 'single' || action.carried !== undefined;
    const next =
      resumes && runUnderWay(session, survey.id, now)
        ? { ...session, lastActivity: now }
        : startedSession(survey.id, now, action.carried);
    return { kind: 'go', to: first, session: next };
  }
  if (action.kind === 'sent')
    return {
      kind: 'go',
      to: 'finish',
      // Sent now: for the hour after, the run's pages say it was sent (then it is forgotten).
      session: { ...NO_SESSION, surveyName: survey.id, sent: true, lastActivity: now },
    };
  if (action.kind === 'skip' && !addressedPage(survey, action.page)?.skip)
    return { kind: 'missing' };
  const at = arrive(survey, stored, action.page, now);
  if (at.kind !== 'here') return at;
  const { page, session } = at;
  if (action.kind === 'skip') {
    // Skipping keeps nothing of the page, so none of it is sent.
    return {
      kind: 'go',
      to: page.skip!,
      session: { ...session, answers: skipPage(page, session.answers) },
    };
  }
  const elsewhere = guardRedirect(survey, page.id, session.answers);
  return elsewhere ? { kind: 'go', to: elsewhere, session } : { kind: 'show', session };
}
