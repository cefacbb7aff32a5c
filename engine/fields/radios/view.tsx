// The radios field's view: one GOV.UK radios component (engine/fields/radios is its module).
import { Radios } from '../../../renderers';
import { choiceProps } from '../../../src/fields/choices';
import type { FieldViewProps } from '../../../src/fields/common';

export function view(props: FieldViewProps) {
  const { field, values, setValue } = props;
  const value = values[field.name];
  return (
    <Radios
      {...choiceProps(props)}
      classes={field.inline ? 'govuk-radios--inline' : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => setValue(field.name, next)}
    />
  );
}
