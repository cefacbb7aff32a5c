import { useEffect } from 'react';
import { useDocumentTitle } from '../hooks';
import { useT } from '../i18n';
import { Button } from '../../renderers';
import { FinishContent } from './FinishContent';
import { surveyPath } from '../paths';
import { useSurveyStore } from '../store';
import { useSurvey } from '../survey';

export function FinishPage() {
  const survey = useSurvey();
  const { lang } = useT();
  const reset = useSurveyStore((s) => s.reset);
  const finish = survey.finish;
  useDocumentTitle(finish.panelTitle[lang], survey.title[lang]);
  useEffect(() => reset(), [reset]); // RESET: nothing of this run stays on the device
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <FinishContent finish={finish} lang={lang} />
      </div>
    </div>
  );
}

export function TimeoutPage() {
  const survey = useSurvey();
  const { t, lang } = useT();
  useDocumentTitle(t('timeout.title'), survey.title[lang]);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{t('timeout.title')}</h1>
        <p className="govuk-body">{t('timeout.p1')}</p>
        <Button text={t('timeout.button')} href={surveyPath(lang, survey)} />
      </div>
    </div>
  );
}
