// What is sent: the answers on the current path, shaped and sanitised by each field's type.
// Prepared in the browser (and for a no-JavaScript post on the server); checked by ./receive.
import { roleOf, typeOf, type TeamRole } from './fields';
import { otherMode } from './fields/choice';
import { allFields, findPage, pathFor, visibleFields } from './flow';
import type { FindWithheld } from './sanitise';
import type { Answers, ResolvedField, ResolvedPage, ResolvedSurvey, Submission } from './types';

export const SERVICE_NAME = 'serviceName';

/** Whether an Other text field is sent under its own name (not folded into its choice). */
export function isOtherSentSeparately(
  field: ResolvedField,
  fieldsByName: Map<string, ResolvedField>,
): boolean {
  const parent = field.otherOf ? fieldsByName.get(field.otherOf) : undefined;
  return !parent || otherMode(parent) === 'separate';
}

export function pathPages(s: ResolvedSurvey, answers: Answers): ResolvedPage[] {
  return pathFor(s, answers).map((id) => findPage(s, id)!);
}

/** The finder that withholds parts of a field's typed text, or none (text kept as given, such as
 *  contact details), given the field and its role: a policy the caller passes in (the service's
 *  is masking/'s). */
export type Withholding = (field: ResolvedField, role: TeamRole) => FindWithheld | undefined;

/** The flat object of strings sent for these answers: fields showing on the current path,
 *  sanitised (around what `withholding` finds in each field's typed text), plus serviceName. */
export function prepareSubmission(
  s: ResolvedSurvey,
  answers: Answers,
  withholding?: Withholding,
): Submission {
  const fieldsByName = new Map(allFields(s).map((field) => [field.name, field]));
  const entries: [string, string][] = [];
  for (const page of pathPages(s, answers)) {
    for (const field of visibleFields(page, answers)) {
      if (field.otherOf && !isOtherSentSeparately(field, fieldsByName)) continue;
      const value = typeOf(field).send(field, answers, withholding?.(field, roleOf(field)));
      if (value !== '') entries.push([field.name, value]);
    }
  }
  entries.push([SERVICE_NAME, s.serviceName]);
  return Object.fromEntries(entries);
}
