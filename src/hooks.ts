import { createContext, useContext, useEffect } from 'react';
import { useT } from './i18n';

/** Where a server render collects what belongs in `<head>` (the browser sets document.title). */
export const HeadContext = createContext<{ title?: string } | null>(null);

/** Sets the page title: '<heading> - <service> - GOV.UK', prefixed 'Error: ' when the page shows
 *  errors. Not while `shown` is false (a message drawn in place of the page sets its own), and
 *  again when it is shown once more. */
export function useDocumentTitle(
  heading: string,
  service?: string,
  hasErrors = false,
  shown = true,
): void {
  const { t } = useT();
  const title = [heading, service ?? t('service.name'), t('service.titleSuffix')]
    .filter(Boolean)
    .join(' - ');
  const full = (hasErrors ? t('service.errorPrefix') : '') + title;
  const head = useContext(HeadContext);
  if (head && shown) head.title = full;
  useEffect(() => {
    if (shown) document.title = full;
  }, [full, shown]);
}

/** Moves focus to the page's main heading, so a screen reader announces the page that replaced
 *  the one before (after navigation, or a message drawn in place of a form). */
export function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading || heading.contains(document.activeElement)) return;
  heading.setAttribute('tabindex', '-1');
  heading.classList.add('app-focus-target');
  heading.focus();
}
