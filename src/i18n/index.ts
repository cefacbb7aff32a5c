// UI chrome strings (buttons, errors, layout) in English and Welsh. Survey content comes from
// the definitions; these are the words every survey shares.
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router-dom';
import { isLang, type Lang } from '../../engine/types';
import { loadText } from './load';
import en from './en.json';
import cy from './cy.json';

export const i18n = loadText('translation', { en, cy });

// One translation function per language, fixed to it. The words never change while a page is
// open, so nothing has to re-render on a language event (react-i18next's job, about 7 KB gzip
// on the first page, is not needed).
const fixed: Record<Lang, TFunction> = { en: i18n.getFixedT('en'), cy: i18n.getFixedT('cy') };

export { isLang };

/** The language of an address: its first path segment, else `?lang=`, else English. */
export function langOf(pathname: string, search = ''): Lang {
  const segment = pathname.split('/')[1];
  if (isLang(segment)) return segment;
  const query = new URLSearchParams(search).get('lang');
  return isLang(query) ? query : 'en';
}

/** The language of the current route (works in layouts and error elements too). */
export function useLang(): Lang {
  const { pathname, search } = useLocation();
  return langOf(pathname, search);
}

/** A translation function fixed to the route's language (no global language switching during render). */
export function useT(): { t: TFunction; lang: Lang } {
  const lang = useLang();
  return { t: fixed[lang], lang };
}
