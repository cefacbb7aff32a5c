// A page's form as posted without JavaScript (application/x-www-form-urlencoded), read into
// answers by each field's type. GOV.UK shows conditional fields open without JavaScript, so a
// field revealed by an option that was not chosen is posted too: it is ignored, as is anything
// the page does not ask.
import { typeOf } from './fields';
import { pageFields, visibleFields } from './flow';
import type { Answers, ResolvedPage } from './types';

/** A parsed form body: one value per name, or all of them when a name repeats (checkboxes). */
export type PostedForm = Record<string, string | string[] | undefined>;

function valuesOf(posted: PostedForm, name: string): string[] {
  const value = Object.hasOwn(posted, name) ? posted[name] : undefined;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string');
}

/** The page's answers from a posted form, given the answers of earlier pages: the fields showing
 *  with what was chosen, each read by its type. Fields of the page not showing are left out. */
export function answersFromForm(page: ResolvedPage, posted: PostedForm, earlier: Answers): Answers {
  const read: Answers = {};
  for (const field of pageFields(page))
    if (!Object.hasOwn(read, field.name)) {
      const type = typeOf(field);
      const names = type.postedNames(field);
      read[field.name] = type.fromForm(
        field,
        Object.fromEntries(names.map((name) => [name, valuesOf(posted, name)])),
      );
    }
  const showing = new Set(visibleFields(page, { ...earlier, ...read }).map((f) => f.name));
  return Object.fromEntries(Object.entries(read).filter(([name]) => showing.has(name)));
}

/** The answers with this page's fields replaced by what was posted (hidden ones removed). */
export function withPageAnswers(page: ResolvedPage, earlier: Answers, posted: Answers): Answers {
  const names = new Set(pageFields(page).map((field) => field.name));
  const kept = Object.entries(earlier).filter(([name]) => !names.has(name));
  return { ...Object.fromEntries(kept), ...posted };
}
