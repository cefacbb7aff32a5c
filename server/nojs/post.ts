// A question page's form as posted without JavaScript, turned into the page step's Continue:
// the form is read by each field's type, and the engine's step decides the rest, as in the app.
import type { ResolvedPage, ResolvedSurvey, Withholding } from '../../engine';
import { answersFromForm, type PostedForm } from '../../engine/form';
import type { Session } from '../../engine/session';
import { EMAIL_CHOICE, step, type StepResult } from '../../engine/step';

export { EMAIL_CHOICE };

/** The step for one posted page, given the respondent's session. */
export function postPage(
  survey: ResolvedSurvey,
  page: ResolvedPage,
  session: Session,
  posted: PostedForm,
  now: number,
  withholding?: Withholding,
): StepResult {
  const entered = answersFromForm(page, posted, session.answers);
  const emailChoice = posted[EMAIL_CHOICE];
  const action = { kind: 'continue' as const, page: page.id, entered, emailChoice };
  return step(survey, session, action, now, withholding);
}
