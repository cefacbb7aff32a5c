// The one loader for interface text: the respondent app (src/i18n/index.ts) and the team area
// (server/team/text.ts) each make their i18next instance here from their own JSON resources, so
// both read `{{name}}` placeholders and `_zero` … `_other` plurals the same way.
import i18next, { type i18n as I18n, type Module, type ResourceLanguage } from 'i18next';
import type { Lang } from '../../engine/types';

/** An i18next instance over `resources` (one namespace per language), ready when returned. */
export function loadText(
  namespace: string,
  resources: Record<Lang, ResourceLanguage[string]>,
  plugin?: Module,
): I18n {
  const instance = i18next.createInstance();
  if (plugin) instance.use(plugin);
  void instance.init({
    resources: { en: { [namespace]: resources.en }, cy: { [namespace]: resources.cy } },
    ns: [namespace],
    defaultNS: namespace,
    lng: 'en',
    fallbackLng: false,
    supportedLngs: ['en', 'cy'],
    // React escapes what it renders, and the team's pages are React too.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
