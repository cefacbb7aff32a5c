// The frame of every screen inside one survey: its title, theme, footer, back link and toggle.
import { Outlet, useParams } from 'react-router-dom';
import { backOf, findPage } from '../../engine';
import { useT } from '../i18n';
import { surveyPath } from '../paths';
import { useSurveyStore } from '../store';
import { useSurvey } from '../survey';
import { Chrome } from './Chrome';

export function SurveyLayout() {
  const survey = useSurvey();
  const { lang } = useT();
  const { page: pageId } = useParams();
  const answers = useSurveyStore((s) => s.answers);
  const page = pageId
    ? findPage(survey, pageId)
    : survey.layout === 'single'
      ? survey.pages[0]
      : undefined;
  // Question pages of a multi-page survey have a back link (start page for the first one).
  const showBack = !!pageId && !!page && page.backLink !== false && survey.layout !== 'single';
  const backHref = showBack ? surveyPath(lang, survey, backOf(survey, page.id, answers)) : null;
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
    </Chrome>
  );
}
