// UI chrome strings (buttons, errors, layout) in English and Welsh. Survey content comes from
// the definitions; these are the words every survey shares. A page shows one language, so the
// browser fetches only its words (src/main.tsx) and adds them here before the page is made
// live; the server and the tests add both (./words.ts).
import type { ResourceLanguage, TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isLang, type Lang } from '../../engine/types';
import { loadText } from './load';

export const i18n = loadText('translation', { en: {}, cy: {} }, initReactI18next);

type Words = ResourceLanguage[string];
const loaded = new Set<Lang>();

/** Adds a language's words (the contents of `en.json` or `cy.json`). */
export function addWords(lang: Lang, words: Words): void {
  i18n.addResourceBundle(lang, 'translation', words);
  loaded.add(lang);
}

/** Fetches a language's words unless they are here (the language toggle, in the browser). */
export async function ensureWords(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  const words: { default: Words } =
    lang === 'cy' ? await import('./cy.json') : await import('./en.json');
  addWords(lang, words.default);
}

/** Whether a language's words are here. */
export const hasWords = (lang: Lang): boolean => loaded.has(lang);

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
  const { t } = useTranslation(undefined, { lng: lang });
  return { t, lang };
}
