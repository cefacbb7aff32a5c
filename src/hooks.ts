import { createContext, useContext, useEffect } from 'react';
import { useT } from './i18n';

/** Where a server render collects what belongs in `<head>` (the browser sets document.title). */
export const HeadContext = createContext<{ title?: string } | null>(null);

/** Sets the page title: '<heading> - <service> - GOV.UK', prefixed 'Error: ' when the page shows errors. */
export function useDocumentTitle(heading: string, service?: string, hasErrors = false): void {
  const { t } = useT();
  const title = [heading, service ?? t('service.name'), t('service.titleSuffix')]
    .filter(Boolean)
    .join(' - ');
  const full = (hasErrors ? t('service.errorPrefix') : '') + title;
  const head = useContext(HeadContext);
  if (head) head.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
