// What the live editor's page and its script share with the server (server/preview/edit.tsx).
import type { Lang } from '../../engine/types';
import { pathTo, ROUTES } from '../paths';

/** The page's data block. */
export interface PageData {
  id: string;
  lang: Lang;
  /** Allows CodeMirror's style elements under the page's Content-Security-Policy. */
  nonce: string;
  save: boolean;
  /** The file's name, for Download. */
  file: string;
  words: EditorWords;
}

/** The words the script says itself (server/preview/words.ts has them in both languages). */
export interface EditorWords {
  noProblems: string;
  problemOne: string;
  /** With `{count}`. */
  problemCount: string;
  /** With `{file}`. */
  saved: string;
  notSaved: string;
}

/** A problem `npm run validate` would report, at its line. */
export interface Problem {
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  warning: boolean;
}

/** The server's answer to a check of the text being typed. */
export interface Checked {
  problems: Problem[];
  /** The list as the page draws it (its own markup, already escaped). */
  problemsHtml: string;
  /** The preview in English and Welsh, or null while the survey has errors. */
  previewHtml: string | null;
  /** The text as the file would be written (prettier's formatting), when it is JSON. */
  formatted?: string;
}

export const checkAddress = (data: Pick<PageData, 'id' | 'lang'>): string =>
  `${pathTo(ROUTES.previewCheck, { survey: data.id })}?lang=${data.lang}`;
