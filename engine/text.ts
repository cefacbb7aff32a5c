import type { Lang, Text } from './types';

/** The string of a bilingual text in one language. */
export function textOf(text: Text, lang: Lang): string {
  return text[lang];
}
