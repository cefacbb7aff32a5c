// One definition field as GOV.UK components: the type-to-renderer map. A field type added to the
// engine's FieldType without a renderer here does not compile.
import type { FieldType } from '../../engine';
import { CheckboxesField, RadiosField } from './ChoiceField';
import type { FieldRenderer, FieldViewProps } from './common';
import { EmailField, TextField, TextareaField } from './TextFields';

export const FIELD_RENDERERS: Record<FieldType, FieldRenderer> = {
  radios: RadiosField,
  checkboxes: CheckboxesField,
  textarea: TextareaField,
  text: TextField,
  email: EmailField,
};

export function FieldView(props: FieldViewProps) {
  const Render = FIELD_RENDERERS[props.field.type];
  return <Render {...props} />;
}

export { messageText, type FieldLevel, type FieldViewProps } from './common';
