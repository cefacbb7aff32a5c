// The frame of every screen inside one survey: its title, theme, footer, back link and toggle.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { backOf, expiresAt, findPage } from '../../engine';
import { useT } from '../i18n';
import { draftOf, surveyPath, withDraft } from '../paths';
import { clock } from '../clock';
import { useSurveyStore } from '../store';
import { useSurvey } from '../survey';
import { Chrome } from './Chrome';
import { TimeoutWarning } from './TimeoutWarning';

export function SurveyLayout() {
  const survey = useSurvey();
  const { lang } = useT();
  const { page: pageId } = useParams();
  const { search } = useLocation();
  const answers = useSurveyStore((s) => s.answers);
  const lastActivity = useSurveyStore((s) => s.lastActivity);
  const navigate = useNavigate();
  const page = pageId
    ? findPage(survey, pageId)
    : survey.layout === 'single'
      ? survey.pages[0]
      : undefined;
  // Question pages of a multi-page survey have a back link (start page for the first one).
  const onQuestion = Boolean(page) && (Boolean(pageId) || survey.layout === 'single');

  // The hour runs out even in a tab left open: the answers leave storage then, and a question
  // page (which may show names and addresses) gives way to the timeout page.
  useEffect(() => {
    const end = expiresAt({ lastActivity });
    if (end === null) return;
    const timer = setTimeout(
      () => {
        if (useSurveyStore.getState().expireIfIdle() && onQuestion)
          navigate(surveyPath(lang, survey, 'timeout'));
      },
      Math.max(0, end - clock.now()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [lastActivity, onQuestion, navigate, lang, survey]);

  const showBack = !!pageId && !!page && page.backLink !== false && survey.layout !== 'single';
  const backHref = showBack
    ? withDraft(surveyPath(lang, survey, backOf(survey, page.id, answers)), draftOf(search))
    : null;
  return (
    <Chrome
      serviceName={survey.title[lang]}
      serviceUrl={surveyPath(lang, survey)}
      theme={survey.theme}
      footerLinks={survey.footer}
      backHref={backHref}
      languageToggle={survey.languageToggle !== false && page?.languageToggle !== false}
    >
      <Outlet />
      {onQuestion && <TimeoutWarning />}
    </Chrome>
  );
}
