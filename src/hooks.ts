import { useEffect } from 'react';
import { useT } from './i18n';

/** Sets the page title: '<heading> - <service> - GOV.UK', prefixed 'Error: ' when the page shows errors. */
export function useDocumentTitle(heading: string, service?: string, hasErrors = false): void {
  const { t } = useT();
  const title = [heading, service ?? t('service.name'), t('service.titleSuffix')]
    .filter(Boolean)
    .join(' - ');
  const full = (hasErrors ? t('service.errorPrefix') : '') + title;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
