// A question page: formik holds what is typed, the engine decides what is valid and where
// Continue goes; the submit page also confirms a likely email typo and sends the answers.
import { useRef, useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import {
  findPage,
  isShown,
  nextPage,
  pageFields,
  progressOf,
  validatePage,
  visibleFields,
} from '../../engine';
import type { AnswerValue, Answers, Message, ResolvedPage, ResolvedSurvey } from '../../engine';
import { Button, ErrorSummary, ProgressCaption, Radios, SkipQuestionLink } from '../../renderers';
import { FieldView, messageText } from '../fields/FieldView';
import { useDocumentTitle } from '../hooks';
import { useT } from '../i18n';
import { surveyPath } from '../paths';
import { useSurveyStore } from '../store';
import { submitFeedback } from '../submit';
import { useSurvey } from '../survey';
import { ErrorContent, UnavailableContent } from './Messages';

type Values = Record<string, AnswerValue>;
/** Not an answer: the respondent's pick between a suggested email address and the one typed. */
const EMAIL_CHOICE = 'emailChoice';

export function QuestionRoute() {
  const survey = useSurvey();
  const { page: pageId } = useParams();
  const page = findPage(survey, pageId ?? '');
  if (!page) throw new Error('The route loader lets only known pages through');
  // A new page is a new form: keyed so formik starts from the stored answers each time.
  return <QuestionPage key={page.id} survey={survey} page={page} />;
}

export function QuestionPage({ survey, page }: { survey: ResolvedSurvey; page: ResolvedPage }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const answers = useSurveyStore((s) => s.answers);
  const { save, setEmailSuggestion, prepareSubmission, reset } = useSurveyStore.getState();
  const sending = useRef(false);
  const [failure, setFailure] = useState<{ status?: number } | null>(null);
  const emailField = pageFields(page).find((field) => field.type === 'email');

  const initialValues: Values = Object.fromEntries(
    pageFields(page).map((field) => [
      field.name,
      answers[field.name] ?? (field.type === 'checkboxes' ? [] : ''),
    ]),
  );
  const [suggestion, setSuggestion] = useState<{ typed: string; full: string } | null>(null);

  const formik = useFormik<Values>({
    initialValues: { ...initialValues, [EMAIL_CHOICE]: '' },
    validateOnChange: false,
    validateOnBlur: false,
    validate: (values) => {
      const current: Answers = { ...answers, ...values };
      const errors: Record<string, Message> = {};
      for (const { field, message } of validatePage(survey, page.id, current))
        errors[field] ??= message;
      if (
        suggestion &&
        emailField &&
        values[emailField.name] === suggestion.typed &&
        !values[EMAIL_CHOICE]
      ) {
        errors[EMAIL_CHOICE] = { key: 'emailDomain' };
      }
      return errors as unknown as FormikErrors<Values>;
    },
    onSubmit: async (values) => {
      const { [EMAIL_CHOICE]: choice, ...entered } = values;
      if (
        page.submit &&
        emailField &&
        visibleFields(page, { ...answers, ...entered }).some((f) => f.name === emailField.name)
      ) {
        const typed = String(entered[emailField.name] ?? '');
        if (suggestion && suggestion.typed === typed) {
          if (choice === 'suggested') entered[emailField.name] = suggestion.full;
        } else if (typed) {
          // The typo lists are only needed here, so they load with the page that sends.
          const { suggestEmail } = await import('../../engine/email');
          const found = suggestEmail(typed);
          if (found && found.full !== typed.trim()) {
            setSuggestion({ typed, full: found.full });
            setEmailSuggestion(found.full);
            formik.setErrors({
              [EMAIL_CHOICE]: { key: 'emailDomain' },
            } as unknown as FormikErrors<Values>);
            return;
          }
        }
      }
      save(entered); // SAVE (also clears the pending suggestion)
      if (!page.submit) {
        navigate(surveyPath(lang, survey, nextPage(survey, page.id, { ...answers, ...entered })));
        return;
      }
      if (sending.current) return; // a second click while the first is on its way
      sending.current = true;
      const result = await submitFeedback(prepareSubmission(survey));
      sending.current = false;
      if (result.ok) {
        reset();
        navigate(surveyPath(lang, survey, 'finish'));
      } else {
        setFailure('status' in result ? { status: result.status } : {});
      }
    },
  });

  const errors = formik.errors as unknown as Record<string, Message>;
  const errorNames = Object.keys(errors);
  const hasErrors = errorNames.length > 0;

  // GOV.UK: after a failed submit the error summary takes focus (it focuses itself on mount,
  // so a new key per attempt and per set of errors makes it take focus again).
  const summaryKey = `${formik.submitCount}:${errorNames.join()}`;

  const single = page.fields.length === 1 && !page.heading;
  const heading = page.heading?.[lang] ?? page.fields[0]?.label[lang] ?? '';
  useDocumentTitle(heading, survey.title[lang], hasErrors);

  if (failure)
    return 'status' in failure ? (
      <ErrorContent status={failure.status} service={survey.title[lang]} />
    ) : (
      <UnavailableContent service={survey.title[lang]} />
    );

  const progress = survey.progress ? progressOf(survey, page.id, answers) : null;
  const caption = progress ? (
    <ProgressCaption text={t('common.progress', { x: progress.position, y: progress.total })} />
  ) : undefined;

  const setValue = (name: string, value: AnswerValue) => {
    void formik.setFieldValue(name, value, false);
    if (emailField && name === emailField.name && suggestion) {
      // A changed address needs a fresh check.
      setSuggestion(null);
      setEmailSuggestion(null);
      void formik.setFieldValue(EMAIL_CHOICE, '', false);
    }
  };
  const fieldProps = { values: formik.values, errors, setValue, lang, t };
  const errorList = errorNames.map((name) => ({
    text: messageText(errors[name]!, lang, t),
    href: `#${name}`,
  }));
  const buttonText = page.button?.[lang] ?? t(page.submit ? 'common.submit' : 'common.continue');

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {hasErrors && (
          <ErrorSummary
            key={summaryKey}
            titleText={t('errorSummary.title')}
            errorList={errorList}
          />
        )}
        <form noValidate onSubmit={formik.handleSubmit}>
          {!single && (
            <h1 className="govuk-heading-l">
              {caption}
              {heading}
            </h1>
          )}
          {page.body?.map((text) => (
            <p className="govuk-body" key={text.en}>
              {text[lang]}
            </p>
          ))}
          {/* A field with a showWhen rule appears as soon as the answers above it allow. */}
          {page.fields
            .filter((field) => isShown(field, formik.values))
            .map((field) => (
              <FieldView
                key={field.name}
                field={field}
                level={single && field.isPageHeading !== false ? 'page' : 'question'}
                caption={single ? caption : undefined}
                {...fieldProps}
              />
            ))}
          {suggestion && emailField && (
            <Radios
              name={EMAIL_CHOICE}
              idPrefix={EMAIL_CHOICE}
              fieldset={{
                legend: { text: t('emailSuggestion.legend'), classes: 'govuk-fieldset__legend--m' },
              }}
              errorMessage={
                errors[EMAIL_CHOICE]
                  ? {
                      text: messageText(errors[EMAIL_CHOICE], lang, t),
                      visuallyHiddenText: t('errorMessage.prefix'),
                    }
                  : undefined
              }
              items={[
                { value: 'suggested', text: suggestion.full },
                { value: 'typed', text: suggestion.typed },
              ]}
              value={String(formik.values[EMAIL_CHOICE] ?? '')}
              onChange={(value) => void formik.setFieldValue(EMAIL_CHOICE, value, false)}
            />
          )}
          <Button text={buttonText} type="submit" />
          {page.skip && (
            <SkipQuestionLink
              href={surveyPath(lang, survey, page.skip)}
              text={t('common.skipQuestion')}
            />
          )}
        </form>
      </div>
    </div>
  );
}
