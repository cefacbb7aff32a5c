// The field-type registry: the schema's `type` names mapped to their modules. Adding a type to
// FieldType (engine/types.ts) without a module here, or without a renderer in src/fields, does
// not compile; the checker refuses a definition whose type has no module.
import type { FieldType, ResolvedField } from '../types';
import { checkboxes } from './checkboxes';
import { email } from './email';
import { radios } from './radios';
import { text } from './text';
import { textarea } from './textarea';
import type { FieldTypeModule, TeamRole } from './types';

export const FIELD_TYPES: Record<FieldType, FieldTypeModule> = {
  radios,
  checkboxes,
  textarea,
  text,
  email,
};

/** The module of a field's type. */
export function typeOf(field: Pick<ResolvedField, 'type'>): FieldTypeModule {
  return FIELD_TYPES[field.type];
}

/** What the team's pages do with the field (see TeamRole). */
export const roleOf = (field: ResolvedField): TeamRole => typeOf(field).role(field);

/** A question answered by choosing options (one or several): counted in the team's figures. */
export const isChoice = (field: ResolvedField) => ['choice', 'choices'].includes(roleOf(field));

/** A question answered in the respondent's own words (not choices, not contact details). */
export const isFreeText = (field: ResolvedField) => roleOf(field) === 'text';

export type { Entry, FieldTypeModule, TeamRole } from './types';
export { chosenValues, offeredOptions } from './choice';
