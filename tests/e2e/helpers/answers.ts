// Journey plans generated from the definitions: which path, which answers on each page,
// which skip links to follow. The engine's enumeratePaths gives a minimal answer set per
// distinct path; a 'rich' plan also fills optional fields, Other and revealed fields.
import { chosenValues, isRequired, pageFields, typeOf } from '../../../engine';
import { enumeratePaths, ruleVars, visibleFields } from '../../../engine';
import type {
  Answers,
  AnswerValue,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
} from '../../../engine';

export type Style = 'minimal' | 'rich';

export interface Plan {
  name: string;
  /** The path the seed answers lead along (before any skip). */
  pages: string[];
  /** Answers that fix the path (from enumeratePaths). */
  seed: Answers;
  style: Style;
  /** Follow the 'Skip this question' link on every page that has one. */
  skipAll: boolean;
}

/** At most this many enumerated paths per survey, as the brief bounds the run time. */
const MAX_PATHS = 6;

export function plansFor(survey: ResolvedSurvey): Plan[] {
  const paths = enumeratePaths(survey, MAX_PATHS);
  const plans: Plan[] = paths.map((path, i) => ({
    name: `path ${i + 1} (${path.pages.join(' ')}) required answers only`,
    pages: path.pages,
    seed: path.answers,
    style: 'minimal',
    skipAll: false,
  }));
  const first = paths[0]!;
  plans.push({
    name: `path 1 every field, Other and revealed fields`,
    pages: first.pages,
    seed: first.answers,
    style: 'rich',
    skipAll: false,
  });
  if (survey.pages.some((page) => page.skip)) {
    plans.push({
      name: `path 1 following every skip link`,
      pages: first.pages,
      seed: first.answers,
      style: 'minimal',
      skipAll: true,
    });
  }
  return plans;
}

/** Fields whose answers steer `next` rules: a rich plan keeps the seed's answer for them. */
export function branchFields(survey: ResolvedSurvey): Set<string> {
  return new Set(
    survey.pages.flatMap((page) =>
      page.next !== undefined && typeof page.next !== 'string' ? ruleVars(page.next) : [],
    ),
  );
}

// Accents, markup and a dash the sanitiser must fold or drop; a line break only where one can be typed.
export const RICH_TEXT = 'The <b>café</b> form was quick – thank you!\nNothing else to add.';
export const RICH_LINE = 'Café volunteer – part time';

/** A valid answer a respondent might type into this text field. */
function sampleText(field: ResolvedField, rich: boolean): string {
  // Only the free-text types get the tests' samples; any other type's module says what to enter.
  if (field.type !== 'text' && field.type !== 'textarea')
    return typeOf(field).example(field, {}) as string;
  let text: string;
  if (field.autocomplete === 'given-name') text = rich ? 'Siân' : 'Sam';
  else if (field.autocomplete === 'family-name') text = rich ? "O'Brien-Jones" : 'Jones';
  else if (field.otherOf) text = rich ? 'A friend, at work' : 'Example answer';
  else if (field.type === 'textarea') text = rich ? RICH_TEXT : 'Example answer';
  else text = rich ? RICH_LINE : 'Example answer';
  return field.maxLength ? text.slice(0, field.maxLength) : text;
}

/** A rich choice: an option that reveals something when there is one, several for checkboxes. */
function richChoice(field: ResolvedField): AnswerValue {
  const options = field.options ?? [];
  const reveals = (o: (typeof options)[number]) => !!o.other || !!field.reveal?.[o.value]?.length;
  if (typeOf(field).role(field) === 'choices') {
    const plain = options.filter((o) => !o.exclusive);
    const picked = [
      ...plain.filter((o) => !reveals(o)).slice(0, 2),
      ...plain.filter(reveals).slice(0, 1),
    ];
    return options.filter((o) => picked.includes(o)).map((o) => o.value);
  }
  return (options.find(reveals) ?? options[Math.min(1, options.length - 1)])!.value;
}

function isEmpty(value: AnswerValue | undefined): boolean {
  return chosenValues(value).every((v) => v.trim() === '');
}

/** What to enter on this page for this plan, given the answers already saved. */
export function answersForPage(
  survey: ResolvedSurvey,
  page: ResolvedPage,
  saved: Answers,
  plan: Plan,
): Answers {
  const names = new Set(pageFields(page).map((field) => field.name));
  const entered: Answers = Object.fromEntries(
    Object.entries(plan.seed).filter(([name]) => names.has(name)),
  );
  if (plan.style === 'minimal') return entered;

  const keep = branchFields(survey);
  // Revealed fields appear as choices are made: fill until nothing new shows.
  for (let round = 0; round < 5; round++) {
    let changed = false;
    for (const field of visibleFields(page, { ...saved, ...entered })) {
      if (keep.has(field.name) || !isEmpty(entered[field.name])) continue;
      const choice = field.options ? richChoice(field) : sampleText(field, true);
      entered[field.name] = choice;
      changed = true;
    }
    if (!changed) break;
  }
  // Drop what is not showing (e.g. a reveal under an option the seed did not choose).
  const visible = new Set(visibleFields(page, { ...saved, ...entered }).map((field) => field.name));
  return Object.fromEntries(Object.entries(entered).filter(([name]) => visible.has(name)));
}

/** Required fields on this page for these answers (for the error journeys). */
export function requiredFields(page: ResolvedPage, answers: Answers): ResolvedField[] {
  return visibleFields(page, answers).filter((field) => isRequired(field, answers));
}
