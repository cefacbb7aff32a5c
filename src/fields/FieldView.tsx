// One definition field as GOV.UK components: its type's view (engine/fields/<type>/view.tsx),
// found in the registry generated from the field types' folders (./views.ts).
import type { FieldViewProps } from './common';
import { FIELD_VIEWS } from './views';

export function FieldView(props: FieldViewProps) {
  const Render = FIELD_VIEWS[props.field.type];
  return <Render {...props} />;
}

export { messageText, type FieldLevel, type FieldViewProps } from './common';
