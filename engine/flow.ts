// Routing through a survey: next, path, back, progress, guards, and which fields are showing.
import { FINISH, START, followingPage as following, otherName, ruleVars } from './graph';
import { chosenValues, typeOf } from './fields';
import { offeredOptions } from './fields/choice';
import { evaluate, isTruthy } from './rules';
import type {
  Answers,
  AnswerValue,
  Option,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
  Target,
} from './types';

/** Other text limits (docs/architecture.md, 'Limits'). */
export const OTHER_MIN = 2;
export const OTHER_MAX = 100;

export function firstPage(s: ResolvedSurvey): ResolvedPage {
  const page = s.pages[0];
  if (!page) throw new Error(`Survey ${s.id} has no pages`);
  return page;
}

export function findPage(s: ResolvedSurvey, id: string): ResolvedPage | undefined {
  return s.pages.find((page) => page.id === id);
}

function pageAt(s: ResolvedSurvey, id: string): ResolvedPage {
  const page = findPage(s, id);
  if (!page) throw new Error(`Survey ${s.id} has no page ${id}`);
  return page;
}

function followingPage(s: ResolvedSurvey, pageId: string): Target {
  return following(s.pages, pageId);
}

/** Where Continue goes from a page: a page id or 'finish'. A rule that gives no usable target falls back to the following page. */
export function nextPage(s: ResolvedSurvey, pageId: string, answers: Answers): Target {
  const page = pageAt(s, pageId);
  if (page.next === undefined) return followingPage(s, pageId);
  const target = typeof page.next === 'string' ? page.next : evaluate(page.next, answers);
  if (typeof target === 'string' && (target === FINISH || findPage(s, target))) return target;
  return followingPage(s, pageId);
}

/** Page ids from the first page to 'finish' (exclusive), following `next` with these answers. */
export function pathFor(s: ResolvedSurvey, answers: Answers): string[] {
  const path: string[] = [];
  let id: Target = firstPage(s).id;
  // A page seen twice means a loop in the definition (the checker reports it); stop there.
  while (id !== FINISH && !path.includes(id)) {
    path.push(id);
    id = nextPage(s, id, answers);
  }
  return path;
}

/** The back link target: the predecessor on the path, 'start' for the first page. */
export function backOf(s: ResolvedSurvey, pageId: string, answers: Answers): string {
  const path = pathFor(s, answers);
  const onPath = path.indexOf(pageId);
  if (onPath > 0) return path[onPath - 1]!;
  if (onPath === 0) return START;
  const index = s.pages.findIndex((page) => page.id === pageId);
  return index > 0 ? s.pages[index - 1]!.id : START;
}

/** 'Question {position} of {total}': position on the current path and its length. */
export function progressOf(
  s: ResolvedSurvey,
  pageId: string,
  answers: Answers,
): { position: number; total: number } {
  const path = pathFor(s, answers);
  const onPath = path.indexOf(pageId);
  const position = onPath >= 0 ? onPath + 1 : s.pages.findIndex((page) => page.id === pageId) + 1;
  return { position, total: path.length };
}

/** Where to send the respondent instead of this page, or null when the page's guard passes (or it has none). */
export function guardRedirect(s: ResolvedSurvey, pageId: string, answers: Answers): string | null {
  const guard = findPage(s, pageId)?.guard;
  if (!guard) return null;
  return isTruthy(evaluate(guard.when, answers)) ? null : guard.otherwise;
}

/** The text box revealed by an Other option: `<name>Other`, required, 2 to 100 characters, with
 *  a character count like every other limited text box. */
export function otherField(field: ResolvedField, option: Option): ResolvedField {
  return {
    name: otherName(field.name),
    type: 'textarea',
    label: option.label,
    required: true,
    minLength: OTHER_MIN,
    maxLength: OTHER_MAX,
    characterCount: true,
    rows: 2,
    allow: field.allow,
    otherOf: field.name,
  };
}

/** Fields shown under an option when it is chosen: its reveal fields, then the Other text field. */
export function optionReveals(field: ResolvedField, option: Option): ResolvedField[] {
  const revealed = field.reveal?.[option.value] ?? [];
  const name = otherName(field.name);
  if (!option.other || revealed.some((f) => f.name === name)) return revealed;
  return [...revealed, otherField(field, option)];
}

/** Whether a field's own `showWhen` rule lets it show with these answers. */
export function isShown(field: ResolvedField, answers: Answers): boolean {
  if (field.retired) return false; // kept for the answers already given, no longer asked
  return field.showWhen === undefined || isTruthy(evaluate(field.showWhen, answers));
}

/**
 * A field shown by a rule on a choice made on the same page: that choice's name and the option
 * values that show the field (the other answers as they are). A page draws such a field even
 * while it is hidden, to open it as the choice is made (as GOV.UK's conditional reveals open):
 * a page drawn without a script shows it, so nobody is asked for an answer they never saw.
 */
export function revealedOnPage(
  page: ResolvedPage,
  field: ResolvedField,
  answers: Answers,
): { by: string; values: string[] } | undefined {
  if (field.showWhen === undefined || field.retired) return undefined;
  for (const choice of page.fields) {
    if (choice === field || !choice.options) continue;
    const several = Array.isArray(typeOf(choice).empty());
    const options = offeredOptions(choice, answers);
    const values = options
      .filter((o) => isShown(field, { ...answers, [choice.name]: several ? [o.value] : o.value }))
      .map((o) => o.value);
    if (values.length > 0 && values.length < options.length) return { by: choice.name, values };
  }
  return undefined;
}

function visibleOf(fields: ResolvedField[], answers: Answers): ResolvedField[] {
  return fields
    .filter((field) => isShown(field, answers))
    .flatMap((field) => {
      const chosen = chosenValues(answers[field.name]);
      const revealed = offeredOptions(field, answers)
        .filter((option) => chosen.includes(option.value))
        .flatMap((option) => visibleOf(optionReveals(field, option), answers));
      return [field, ...revealed];
    });
}

function isSurvey(x: ResolvedSurvey | ResolvedPage): x is ResolvedSurvey {
  return 'pages' in x;
}

/** Fields showing with these answers: a page's fields plus those revealed by chosen options
 *  (for a survey: the visible fields of every page on the current path). */
export function visibleFields(
  from: ResolvedSurvey | ResolvedPage,
  answers: Answers,
): ResolvedField[] {
  if (!isSurvey(from)) return visibleOf(from.fields, answers);
  return pathFor(from, answers).flatMap((id) => visibleOf(pageAt(from, id).fields, answers));
}

function everyField(fields: ResolvedField[]): ResolvedField[] {
  return fields.flatMap((field) => [
    field,
    ...everyField((field.options ?? []).flatMap((option) => optionReveals(field, option))),
  ]);
}

/** The answers without anything saved for this page's fields (revealed and Other fields too):
 *  what a 'Skip this question' link leaves, so nothing of the page is sent. */
export function skipPage(page: ResolvedPage, answers: Answers): Answers {
  const names = new Set(pageFields(page).map((field) => field.name));
  return Object.fromEntries(Object.entries(answers).filter(([name]) => !names.has(name)));
}

/** Every field a page can show, whatever the answers. */
export function pageFields(page: ResolvedPage): ResolvedField[] {
  return everyField(page.fields);
}

/** Every field the survey can show, including revealed and Other fields, in page order. */
export function allFields(s: ResolvedSurvey): ResolvedField[] {
  const seen = new Set<string>();
  return s.pages
    .flatMap(pageFields)
    .filter((field) => !seen.has(field.name) && seen.add(field.name));
}

/** Whether the field must be answered with these answers. */
export function isRequired(field: ResolvedField, answers: Answers): boolean {
  if (field.required) return true;
  return field.requiredWhen !== undefined && isTruthy(evaluate(field.requiredWhen, answers));
}

/** Fills every required, unanswered, visible field of the path's pages with a valid example answer. */
function fillRequired(s: ResolvedSurvey, answers: Answers): Answers {
  const filled: Answers = { ...answers };
  for (let changed = true, rounds = 0; changed && rounds < 20; rounds++) {
    changed = false;
    for (const field of visibleFields(s, filled)) {
      if (typeOf(field).isEmpty(filled[field.name]) && isRequired(field, filled)) {
        filled[field.name] = typeOf(field).example(field, filled);
        changed = true;
      }
    }
  }
  // Keep only what is showing, as a respondent's answers would be.
  const visible = new Set(visibleFields(s, filled).map((field) => field.name));
  return Object.fromEntries(Object.entries(filled).filter(([name]) => visible.has(name)));
}

/** Every distinct path through the survey, each with answers that produce it (and pass validation). */
export function enumeratePaths(
  s: ResolvedSurvey,
  limit = 200,
): { pages: string[]; answers: Answers }[] {
  const fieldsByName = new Map(allFields(s).map((field) => [field.name, field]));
  const branchNames = [
    ...new Set(
      s.pages.flatMap((page) =>
        page.next !== undefined && typeof page.next !== 'string' ? ruleVars(page.next) : [],
      ),
    ),
  ].filter((name) => fieldsByName.has(name));
  // Each branching field can take each of its options (one at a time for checkboxes) or, when optional, no answer.
  const choices: (AnswerValue | undefined)[][] = branchNames.map((name) => {
    const field = fieldsByName.get(name)!;
    // Each option as the field's type reads it when it alone is chosen.
    // A retired option is no longer offered, so no respondent's route goes through it.
    const values: (AnswerValue | undefined)[] = (field.options ?? [])
      .filter((o) => !o.retired)
      .map((o) => typeOf(field).fromForm(field, { [field.name]: [o.value] }));
    if (values.length === 0) values.push(typeOf(field).example(field, {}));
    if (!field.required) values.push(undefined);
    return values;
  });

  const results: { pages: string[]; answers: Answers }[] = [];
  const seen = new Set<string>();
  const maxTries = Math.max(limit, 1) * 50;
  const indices = choices.map(() => 0);
  for (let tries = 0; tries < maxTries && results.length < limit; tries++) {
    const chosen: Answers = {};
    branchNames.forEach((name, i) => {
      const value = choices[i]![indices[i]!];
      if (value !== undefined) chosen[name] = value;
    });
    const answers = fillRequired(s, chosen);
    const pages = pathFor(s, answers);
    const key = pages.join(' ');
    if (!seen.has(key)) {
      seen.add(key);
      results.push({ pages, answers });
    }
    // Odometer step through every combination.
    let digit = indices.length - 1;
    while (digit >= 0 && ++indices[digit]! >= choices[digit]!.length) indices[digit--] = 0;
    if (digit < 0) break;
  }
  return results;
}
