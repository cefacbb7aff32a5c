// The page step: what Start, a visit, Continue, Skip and a stored Send do to a respondent's
// session, for the app (browser storage) and the server (drafts) alike. Pure: the caller reads
// the session, calls `step`, writes the session it gets back and goes where it says. Continue
// needs validation and the email lists, so it lives here, loaded with the form; the other
// actions are in ./move, light enough for the app's route loaders.
import { suggestEmail } from './email';
import { typeOf } from './fields';
import { findPage, nextPage, visibleFields } from './flow';
import { withPageAnswers } from './form';
import { prepareSubmission, type Withholding } from './submission';
import { arrive, move, type StepAction, type StepResult } from './move';
import { EMAIL_CHOICE, type Session } from './session';
import type { Answers, ResolvedSurvey } from './types';
import { validatePage } from './validation';

export type { StepAction, StepResult };

export { EMAIL_CHOICE };

/** The email to confirm before sending: the typed address and its likely correction, or null. */
function emailToConfirm(survey: ResolvedSurvey, pageId: string, answers: Answers) {
  const page = findPage(survey, pageId)!;
  const email = visibleFields(page, answers).find((field) => typeOf(field).confirmsEmail);
  const typed = email ? String(answers[email.name] ?? '').trim() : '';
  const found = typed ? suggestEmail(typed) : null;
  return email && found && found.full !== typed
    ? { name: email.name, typed, full: found.full }
    : null;
}

/** What happens next for this session, action and time: Continue here, the rest in ./move.
 *  A send withholds what `withholding` finds in the typed text (personal data). */
export function step(
  survey: ResolvedSurvey,
  stored: Session,
  action: StepAction,
  now: number,
  withholding?: Withholding,
): StepResult {
  if (action.kind !== 'continue') return move(survey, stored, action, now);
  const at = arrive(survey, stored, action.page, now);
  if (at.kind !== 'here') return at;
  const { page, session: touched } = at;
  const answers = withPageAnswers(page, touched.answers, action.entered);
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
    submission: prepareSubmission(survey, answers, withholding),
    session: { ...touched, answers },
  };
}
