// Without JavaScript nothing can warn a respondent before their answers are cleared for
// inactivity, so each question page says when that will be, in UK time. Drawn inside <noscript>:
// with a script the warning does it (src/layout/TimeoutWarning.tsx), and React leaves the
// content of <noscript> alone when it hydrates, so the time need not match the browser's clock.
import { IDLE_LIMIT_MS } from '../../engine';
import { useT } from '../i18n';
import { useSurveyStore } from '../store';
import { ukTime } from '../ukTime';

export function ClearedAt() {
  const { t } = useT();
  const lastActivity = useSurveyStore((s) => (s.inProgress ? s.lastActivity : null));
  if (lastActivity === null) return null;
  // React draws no content in <noscript> in the browser, so the app's bundle leaves out the
  // time's making (the server's build, and every render outside the browser's, keeps it).
  if (import.meta.env.SSR === false) return <noscript />;
  const words = {
    am: t('time.am'),
    pm: t('time.pm'),
    midday: t('time.midday'),
    midnight: t('time.midnight'),
  };
  const time = ukTime(lastActivity + IDLE_LIMIT_MS, words);
  return (
    <noscript>
      <p className="govuk-body">{t('timeoutWarning.clearedAt', { time })}</p>
    </noscript>
  );
}
