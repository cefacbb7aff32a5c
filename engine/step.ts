// The page step: what Start, a visit, Continue, Skip and a stored Send do to a respondent's
// session, for the app (browser storage) and the server (drafts) alike. Pure: the caller reads
// the session, calls `step`, writes the session it gets back and goes where it says.
import { suggestEmail } from './email';
import { firstPage, findPage, guardRedirect, nextPage, skipPage, visibleFields } from './flow';
import { withPageAnswers } from './form';
import { prepareSubmission } from './submission';
import { currentSession, NO_SESSION, startedSession, type Session } from './session';
import type { Answers, FieldError, ResolvedSurvey, Submission } from './types';
import { validatePage } from './validation';

/** The form field of the respondent's pick between a suggested email address and the one typed. */
export const EMAIL_CHOICE = 'emailChoice';

export type StepAction =
  /** The start page's button, or opening a one-page survey. */
  | { kind: 'start' }
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

/** The page, if the survey has it. A one-page survey's only page answers to any id. */
function pageOf(survey: ResolvedSurvey, id: string) {
  return survey.layout === 'single' ? firstPage(survey) : findPage(survey, id);
}

/** The email to confirm before sending: the typed address and its likely correction, or null. */
function emailToConfirm(survey: ResolvedSurvey, pageId: string, answers: Answers) {
  const page = findPage(survey, pageId)!;
  const email = visibleFields(page, answers).find((field) => field.type === 'email');
  const typed = email ? String(answers[email.name] ?? '').trim() : '';
  const found = typed ? suggestEmail(typed) : null;
  return email && found && found.full !== typed
    ? { name: email.name, typed, full: found.full }
    : null;
}

/** What happens next for this session, action and time. */
export function step(
  survey: ResolvedSurvey,
  stored: Session,
  action: StepAction,
  now: number,
): StepResult {
  const session = currentSession(stored, now);
  const live = session.inProgress && session.surveyName === survey.id;
  const first = firstPage(survey).id;
  if (action.kind === 'start') {
    // A one-page survey already under way carries on; Start on a start page begins again.
    const kept = survey.layout === 'single' && live;
    const next = kept ? { ...session, lastActivity: now } : startedSession(survey.id, now);
    return { kind: 'go', to: first, session: next };
  }
  if (action.kind === 'sent')
    return {
      kind: 'go',
      to: 'finish',
      session: { ...NO_SESSION, surveyName: survey.id, sent: true },
    };

  const page = pageOf(survey, action.page);
  if (!page || (action.kind === 'skip' && !page.skip)) return { kind: 'missing' };
  if (!live) {
    // Back after sending shows the finish page; otherwise nothing is under way (or it expired).
    const sent = session.sent && session.surveyName === survey.id;
    return { kind: 'go', to: sent ? 'finish' : 'timeout', session };
  }
  const touched = { ...session, lastActivity: now };

  if (action.kind === 'visit') {
    const elsewhere = guardRedirect(survey, page.id, session.answers);
    return elsewhere
      ? { kind: 'go', to: elsewhere, session: touched }
      : { kind: 'show', session: touched };
  }
  if (action.kind === 'skip') {
    // Skipping keeps nothing of the page, so none of it is sent.
    const answers = skipPage(page, session.answers);
    return { kind: 'go', to: page.skip!, session: { ...touched, answers } };
  }

  const answers = withPageAnswers(page, session.answers, action.entered);
  const errors = validatePage(survey, page.id, answers);
  if (errors.length > 0) return { kind: 'errors', answers, errors };
  if (!page.submit)
    return { kind: 'go', to: nextPage(survey, page.id, answers), session: { ...touched, answers } };

  // A likely typo in the email address is confirmed (or kept as typed) before sending.
  const email = emailToConfirm(survey, page.id, answers);
  if (email && action.emailChoice === 'suggested') answers[email.name] = email.full;
  else if (email && action.emailChoice !== 'typed')
    return {
      kind: 'errors',
      answers,
      suggestion: { typed: email.typed, full: email.full },
      errors: [{ field: EMAIL_CHOICE, message: { key: 'emailDomain' } }],
    };
  return {
    kind: 'send',
    submission: prepareSubmission(survey, answers),
    session: { ...touched, answers },
  };
}
