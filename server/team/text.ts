// The team area's interface text: i18next resources in English and Welsh (src/i18n/team.en.json and
// team.cy.json), loaded the same way as the respondent app's (src/i18n/load.ts), read here with a
// typed key so that TypeScript rejects a key the resources lack.
import { isLang, type Lang } from '../../engine';
import { loadText } from '../../src/i18n/load';
import en from '../../src/i18n/team.en.json';
import cy from '../../src/i18n/team.cy.json';
import type { Role } from '../storage/team-types';
import { ROLES } from './invite';

/** The team's interface speaks the service's two languages. */
export type UiLang = Lang;

type PluralSuffix = `_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
/** A key of the English resources; a counted message is named without its plural suffix. */
export type TextKey = keyof typeof en extends infer K
  ? K extends `${infer Base}${PluralSuffix}`
    ? Base
    : K
  : never;

const i18n = loadText('team', { en, cy });
const fixed = { en: i18n.getFixedT('en', 'team'), cy: i18n.getFixedT('cy', 'team') };

/**
 * The text in this language with its `{{name}}` placeholders filled in; a `count` parameter picks
 * the plural form (`_zero` for none, then Intl.PluralRules' categories for the language).
 */
export function text(lang: UiLang, key: TextKey, params: Record<string, string | number> = {}) {
  return fixed[lang](key, params);
}

/** How many responses a list holds, with thousands grouped ('1,250 responses', '1 response'). */
export function responsesFound(lang: UiLang, n: number): string {
  return text(lang, 'found', { count: n, n: n.toLocaleString('en-GB') });
}

export const uiLang = (value: unknown): UiLang => (isLang(value) ? value : 'en');

/** The ways the team's pages write a date, all in UK time as the pages' days are. */
const DATE_STYLES = {
  /** "2 March 2026" */
  day: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "2 March 2026, 14:05" */
  dayTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "2 Mar", under a weekly trend */
  axisDay: { day: 'numeric', month: 'short' },
  /** "Mar 2026", under a monthly trend */
  axisMonth: { month: 'short', year: 'numeric' },
  /** "March 2026" */
  month: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it, and a
// page formats a date for every week and every row.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date in the member's language and one of the pages' styles, in UK time. */
export function formatUk(lang: UiLang, date: Date, style: DateStyle): string {
  const key = `${lang} ${style}`;
  if (!formats.has(key))
    formats.set(
      key,
      new Intl.DateTimeFormat(lang === 'cy' ? 'cy-GB' : 'en-GB', {
        ...DATE_STYLES[style],
        timeZone: 'Europe/London',
      }),
    );
  return formats.get(key)!.format(date);
}

/** A date (and time) in the member's language, in UK time as the pages' days are. */
export const formatDate = (lang: UiLang, date: Date, withTime = false): string =>
  formatUk(lang, date, withTime ? 'dayTime' : 'day');

/** Audit codes and their words; those in WITH_ROLE carry a role after a colon (`role:analyst`). */
const AUDIT_ACTIONS: Record<string, TextKey> = {
  'remove-member': 'auditRemoveMember',
  enrol: 'auditEnrol',
  'sign-in': 'auditSignIn',
  'sign-in:sso': 'auditSignInSso',
  'sign-in-refused:sso': 'auditSignInRefusedSso',
  'view-contact': 'auditViewContact',
  reveal: 'auditReveal',
  delete: 'auditDelete',
  export: 'auditExport',
  'theme-add': 'auditThemeAdd',
  'theme-edit': 'auditThemeEdit',
  'theme-delete': 'auditThemeDelete',
  'search-personal': 'auditSearchPersonal',
  'sign-out': 'auditSignOut',
  'sign-in-failed': 'auditSignInFailed',
  'refused:role': 'auditRefusedRole',
  'refused:csrf': 'auditRefusedCsrf',
  'tag-create': 'auditTagCreate',
  'tag-rename': 'auditTagRename',
  'tag-delete': 'auditTagDelete',
  'tag-attach': 'auditTagAttach',
  'tag-detach': 'auditTagDetach',
  'note-add': 'auditNoteAdd',
  'note-delete': 'auditNoteDelete',
};
const WITH_ROLE: Record<string, TextKey> = {
  invite: 'auditInvite',
  'withdraw-invite': 'auditWithdrawInvite',
  role: 'auditRole',
  'sso-join': 'auditSsoJoin',
  'sso-role': 'auditSsoRole',
};

/** An audit entry's action in words. A code this version does not know is shown as stored. */
export function auditText(lang: UiLang, action: string): string {
  const [code = '', role] = action.split(':');
  if (WITH_ROLE[code] && ROLES.includes(role as Role))
    return text(lang, WITH_ROLE[code], { role: text(lang, role as Role) });
  const key = AUDIT_ACTIONS[action];
  return key ? text(lang, key) : action;
}

/** Every key (counted messages once), for the test that no English is left on a Welsh page. */
export const textKeys = () =>
  [
    ...new Set(Object.keys(en).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))),
  ] as TextKey[];
