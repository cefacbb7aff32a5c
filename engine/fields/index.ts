// The field-type registry: the schema's `type` names mapped to their modules. Adding a type to
// FieldType (engine/types.ts) without a module here, or without a renderer in src/fields, does
// not compile; the checker refuses a definition whose type has no module.
import type { FieldType, ResolvedField } from '../types';
import { checkboxes } from './checkboxes';
import { email } from './email';
import { radios } from './radios';
import { text } from './text';
import { textarea } from './textarea';
import type { FieldTypeModule } from './types';

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

export type { Entry, FieldTypeModule, TeamRole } from './types';
export { chosenValues, offeredOptions } from './choice';
