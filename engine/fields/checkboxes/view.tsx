// The checkboxes field's view: one GOV.UK checkboxes component (engine/fields/checkboxes is its
// module).
import { Checkboxes } from '../../../renderers';
import { choiceProps } from '../../../src/fields/choices';
import type { FieldViewProps } from '../../../src/fields/common';

export function view(props: FieldViewProps) {
  const { field, values, setValue } = props;
  const value = values[field.name];
  return (
    <Checkboxes
      {...choiceProps(props)}
      values={Array.isArray(value) ? value : []}
      onChange={(next) => setValue(field.name, next)}
    />
  );
}
