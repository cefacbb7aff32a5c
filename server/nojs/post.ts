// What a question page's form post means without JavaScript: the same engine decides what is
// valid, where Continue goes and what is sent, as the app does in the browser.
import {
  nextPage,
  prepareSubmission,
  visibleFields,
  type Answers,
  type FieldError,
  type ResolvedPage,
  type ResolvedSurvey,
  type Submission,
  type Target,
} from '../../engine';
import { suggestEmail } from '../../engine/email';
import { answersFromForm, withPageAnswers, type PostedForm } from '../../engine/form';
import { validatePage } from '../../engine/validation';

/** The respondent's pick between a suggested email address and the one typed (a form field, not an answer). */
export const EMAIL_CHOICE = 'emailChoice';

export type PostOutcome =
  | {
      kind: 'invalid';
      /** Every answer with what was posted, to show the page again as typed. */
      answers: Answers;
      errors: FieldError[];
      /** A suggested address to confirm, with the one typed. */
      suggestion?: { typed: string; full: string };
    }
  | { kind: 'next'; answers: Answers; to: Target }
  | { kind: 'send'; answers: Answers; submission: Submission };

/** Reads, validates and routes one posted page, given the draft's answers so far. */
export function postPage(
  survey: ResolvedSurvey,
  page: ResolvedPage,
  draft: Answers,
  posted: PostedForm,
): PostOutcome {
  const answers = withPageAnswers(page, draft, answersFromForm(page, posted, draft));
  const errors = validatePage(survey, page.id, answers);
  if (errors.length > 0) return { kind: 'invalid', answers, errors };
  if (!page.submit) return { kind: 'next', answers, to: nextPage(survey, page.id, answers) };

  // A likely typo in the email address is confirmed before sending, as in the browser.
  const email = visibleFields(page, answers).find((field) => field.type === 'email');
  const typed = email ? String(answers[email.name] ?? '').trim() : '';
  const found = typed ? suggestEmail(typed) : null;
  if (email && found && found.full !== typed) {
    const choice = posted[EMAIL_CHOICE];
    const suggestion = { typed, full: found.full };
    if (choice === 'suggested') answers[email.name] = found.full;
    else if (choice !== 'typed')
      return {
        kind: 'invalid',
        answers,
        suggestion,
        errors: [{ field: EMAIL_CHOICE, message: { key: 'emailDomain' } }],
      };
  }
  return { kind: 'send', answers, submission: prepareSubmission(survey, answers) };
}
