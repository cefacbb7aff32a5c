// A question page, a view: formik holds what is typed; Continue, Send and Skip ask the engine's
// page step what happens next (validation, routing, the email confirmation, expiry), keep the
// session it returns in the browser's store and go where it says. Only sending is done here.
import { useRef, useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { useActionData, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  findPage,
  isShown,
  move,
  pageFields,
  progressOf,
  revealedOnPage,
  typeOf,
} from '../../engine';
import type { AnswerValue, ResolvedPage, ResolvedSurvey } from '../../engine';
import { Button, ErrorSummary, ProgressCaption, SkipQuestionLink } from '../../renderers';
import { toFormikErrors, toMessages, type Values } from '../fields/errors';
import { FieldView, messageText } from '../fields/FieldView';
import { useDocumentTitle } from '../hooks';
import { useT } from '../i18n';
import { draftOf, surveyPath, withDraft } from '../paths';
import type { PostedPage } from '../serverContext';
import { clock } from '../clock';
import { browserSession, useRestored, useSurveyStore } from '../store';
import { submitFeedback } from '../submit';
import { useSurvey } from '../survey';
import { EmailChoice } from './EmailChoice';
import { ErrorContent, UnavailableContent } from './Messages';
import { RevealedField } from '../fields/RevealedField';
import { EMAIL_CHOICE, useEmailConfirmation } from './useEmailConfirmation';

export function QuestionRoute() {
  const survey = useSurvey();
  const { page: pageId } = useParams();
  const page = findPage(survey, pageId ?? '');
  if (!page) throw new Error('The route loader lets only known pages through');
  const restored = useRestored((s) => s.restored);
  // A new page is a new form: keyed so formik starts from the stored answers each time (and
  // again once the saved answers are loaded after the server-drawn page is hydrated).
  return <QuestionPage key={`${page.id}:${restored}`} survey={survey} page={page} />;
}

export function QuestionPage({
  survey,
  page,
  children,
  action,
}: {
  survey: ResolvedSurvey;
  page: ResolvedPage;
  /** More of the form (the one-page survey's submission key, src/pages/StartPage.tsx). */
  children?: ReactNode;
  /** Where the form posts without JavaScript, when not to this address (src/paths.ts). */
  action?: string;
}) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const answers = useSurveyStore((s) => s.answers);
  const sending = useRef(false);
  const [failure, setFailure] = useState<{ status?: number } | null>(null);
  const location = useLocation();
  // A page posted without JavaScript comes back from the server with its errors and what was typed.
  const posted = useActionData() as PostedPage | undefined;
  const emailField = pageFields(page).find((field) => typeOf(field).confirmsEmail);
  const email = useEmailConfirmation(page.submit ? emailField : undefined, posted?.suggestion);

  const shown = posted?.answers ?? answers;
  const initialValues: Values = Object.fromEntries(
    pageFields(page).map((field) => [field.name, shown[field.name] ?? typeOf(field).empty()]),
  );
  const initialErrors = Object.fromEntries(
    (posted?.errors ?? []).map(({ field, message }) => [field, message]),
  );

  const formik = useFormik<Values>({
    initialValues: { ...initialValues, [EMAIL_CHOICE]: '' },
    initialErrors: toFormikErrors(initialErrors),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      // The step comes with validation and the email lists, loaded after the question shows.
      const { step } = await import('../../engine/step');
      const { [EMAIL_CHOICE]: emailChoice, ...entered } = values;
      const action = { kind: 'continue' as const, page: page.id, entered, emailChoice };
      const result = step(survey, browserSession.read(), action, clock.now());
      if (result.kind === 'missing') return;
      if (result.kind === 'errors') {
        if (result.suggestion) email.suggest(result.suggestion);
        const messages = result.errors.map(({ field, message }) => [field, message]);
        formik.setErrors(toFormikErrors(Object.fromEntries(messages)));
        return;
      }
      browserSession.write(result.session); // SAVE (or cleared, when the hour ran out)
      if (result.kind !== 'send') {
        navigate(surveyPath(lang, survey, result.kind === 'go' ? result.to : page.id));
        return;
      }
      if (sending.current) return; // a second click while the first is on its way
      sending.current = true;
      const sent = await submitFeedback(result.submission, {
        test: useSurveyStore.getState().test,
      });
      sending.current = false;
      if (!sent.ok) {
        setFailure('status' in sent ? { status: sent.status } : {});
        return;
      }
      const done = step(survey, result.session, { kind: 'sent' }, clock.now());
      if (done.kind !== 'go') return;
      browserSession.write(done.session); // RESET
      navigate(surveyPath(lang, survey, done.to));
    },
  });

  const errors = toMessages(formik.errors);
  const errorNames = Object.keys(errors);
  const hasErrors = errorNames.length > 0;

  // GOV.UK: after a failed submit the error summary takes focus (it focuses itself on mount,
  // so a new key per attempt and per set of errors makes it take focus again).
  const summaryKey = `${formik.submitCount}:${errorNames.join()}`;

  const single = page.fields.length === 1 && !page.heading;
  const heading = page.heading?.[lang] ?? page.fields[0]?.label[lang] ?? '';
  useDocumentTitle(heading, survey.title[lang], hasErrors);

  if (posted?.unavailable)
    return (
      <UnavailableContent
        service={survey.title[lang]}
        back={posted.unavailable.back}
        carry={posted.unavailable.carry}
      />
    );
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
    if (email.suggestion && name === emailField?.name) {
      // A changed address needs a fresh check.
      email.changed(name);
      void formik.setFieldValue(EMAIL_CHOICE, '', false);
    }
  };
  const fieldProps = {
    values: formik.values,
    answers: { ...answers, ...formik.values },
    errors,
    setValue,
    lang,
    t,
  };
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
        {/* Without JavaScript the form posts to this address (or `action`) and the server answers it. */}
        <form
          noValidate
          method="post"
          action={action ?? location.pathname + location.search}
          onSubmit={formik.handleSubmit}
        >
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
          {/* A field with a showWhen rule appears as soon as the answers above it allow; one
              that a choice on this page shows is drawn closed, to open as it is chosen. */}
          {page.fields.map((field) => {
            const shown = isShown(field, fieldProps.answers);
            const revealed = revealedOnPage(page, field, fieldProps.answers);
            if (!shown && !revealed) return null;
            const view = (
              <FieldView
                key={field.name}
                field={field}
                level={single && field.isPageHeading !== false ? 'page' : 'question'}
                caption={single ? caption : undefined}
                {...fieldProps}
              />
            );
            if (!revealed) return view;
            return (
              <RevealedField
                key={field.name}
                by={revealed.by}
                values={revealed.values}
                open={shown}
              >
                {view}
              </RevealedField>
            );
          })}
          {email.suggestion && (
            <EmailChoice
              suggestion={email.suggestion}
              value={String(formik.values[EMAIL_CHOICE] ?? '')}
              error={errors[EMAIL_CHOICE]}
              onChange={(value) => void formik.setFieldValue(EMAIL_CHOICE, value, false)}
              lang={lang}
              t={t}
            />
          )}
          {children}
          <Button text={buttonText} type="submit" />
          {page.skip && (
            <SkipQuestionLink
              href={withDraft(
                `${surveyPath(lang, survey, page.id)}/skip`,
                draftOf(location.search),
              )}
              text={t('common.skipQuestion')}
              onClick={(event) => {
                // Skipping saves nothing and forgets what was saved here before.
                event.preventDefault();
                const action = { kind: 'skip' as const, page: page.id };
                const result = move(survey, browserSession.read(), action, clock.now());
                if (result.kind !== 'go') return;
                browserSession.write(result.session);
                navigate(surveyPath(lang, survey, result.to));
              }}
            />
          )}
        </form>
      </div>
    </div>
  );
}
