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

// Each role in the two questions the team's pages ask most; a new role is a compile error here.
const ROLES: Record<TeamRole, { chosen: boolean; ownWords: boolean }> = {
  choice: { chosen: true, ownWords: false },
  choices: { chosen: true, ownWords: false },
  text: { chosen: false, ownWords: true },
  contact: { chosen: false, ownWords: false },
};

/** A question answered by choosing options (one or several): counted in the team's figures. */
export const isChoice = (field: ResolvedField) => ROLES[roleOf(field)].chosen;

/** A question answered in the respondent's own words (not choices, not contact details). */
export const isFreeText = (field: ResolvedField) => ROLES[roleOf(field)].ownWords;

export type { Entry, FieldTypeModule, TeamRole } from './types';
export { chosenValues, offeredOptions } from './choice';
