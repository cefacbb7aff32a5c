import { useDocumentTitle } from '../hooks';
import { useT } from '../i18n';
import { Button, InsetText } from '../../renderers';
import { indexAction, surveyPath } from '../paths';
import { move } from '../../engine';
import { clock } from '../clock';
import { browserSession, useRestored } from '../store';
import { useSurvey } from '../survey';
import { useActionData, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { SUBMISSION_KEY_FIELD, type PostedPage } from '../serverContext';
import { RefusedPost } from './Messages';
import { QuestionPage } from './QuestionPage';

/** The survey root: the start page, or the whole survey when it is a one-page survey. */
export function SurveyIndex() {
  const survey = useSurvey();
  const { lang } = useT();
  const first = survey.pages[0];
  const location = useLocation();
  const key = (useLoaderData() as { submissionKey?: string } | null)?.submissionKey;
  // A post the server did not take (Start, or the one-page survey's Send, without JavaScript).
  const unavailable = (useActionData() as PostedPage | undefined)?.unavailable;
  const restored = useRestored((s) => s.restored);
  if (unavailable) return <RefusedPost service={survey.title[lang]} unavailable={unavailable} />;
  if (survey.layout === 'single' && first)
    return (
      // Keyed as the question route is: the form starts again from the answers once loaded.
      <QuestionPage
        key={`${first.id}:${restored}`}
        survey={survey}
        page={first}
        action={indexAction(location.pathname, location.search)}
      >
        {key && <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} />}
      </QuestionPage>
    );
  return <StartPage />;
}

function StartPage() {
  const survey = useSurvey();
  const { t, lang } = useT();
  const navigate = useNavigate();
  const content = survey.start;
  const heading = content?.heading[lang] ?? survey.title[lang];
  useDocumentTitle(heading, survey.title[lang]);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{heading}</h1>
        {content?.paragraphs.map((text) => (
          <p className="govuk-body" key={text.en}>
            {text[lang]}
          </p>
        ))}
        {content?.inset && <InsetText text={content.inset[lang]} />}
        <p className="govuk-body">{t('start.duration', { count: survey.duration })}</p>
        {content?.privacy && <p className="govuk-body">{content.privacy[lang]}</p>}
        {/* Without JavaScript, Start asks the server for a draft to keep the answers in. */}
        <form
          method="post"
          action={surveyPath(lang, survey)}
          onSubmit={(event) => {
            event.preventDefault();
            // START: a new run clears earlier answers.
            const started = move(survey, browserSession.read(), { kind: 'start' }, clock.now());
            if (started.kind !== 'go') return;
            browserSession.write(started.session);
            navigate(surveyPath(lang, survey, started.to));
          }}
        >
          <Button text={content?.button?.[lang] ?? t('common.startNow')} isStartButton />
        </form>
      </div>
    </div>
  );
}
