// The field types: each is one folder here (scripts/field-types.ts says what it holds), and the
// registry of their modules is generated from the folders (./registry.ts), so a type is
// registered by being there; the checker refuses a definition whose type has no module.
import type { ResolvedField } from '../types';
import { FIELD_TYPES } from './registry';
import type { FieldTypeModule, TeamRole } from './types';

export { FIELD_TYPES };
export type { FieldType } from './registry';

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
  dateOrNumber: { chosen: false, ownWords: false },
  contact: { chosen: false, ownWords: false },
};

/** A question answered by choosing options (one or several): counted in the team's figures. */
export const isChoice = (field: ResolvedField) => ROLES[roleOf(field)].chosen;

/** A question answered in the respondent's own words (not choices, not contact details). */
export const isFreeText = (field: ResolvedField) => ROLES[roleOf(field)].ownWords;

export type { Entry, FieldFixture, FieldTypeModule, TeamRole } from './types';
export { chosenValues, offeredOptions } from './choice';
