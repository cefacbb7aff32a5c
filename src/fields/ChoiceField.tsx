// Radios and checkboxes: options with hints, the 'or' divider, exclusive options and the
// fields an option reveals.
import { offeredOptions, optionReveals } from '../../engine';
import { Checkboxes, Radios } from '../../renderers';
import type { CheckboxItem } from '../../renderers';
import { errorMessageOf, hintOf, labelContentOf, sizeOf, type FieldViewProps } from './common';
import { FieldView } from './FieldView';

function itemsOf(props: FieldViewProps): CheckboxItem[] {
  const { field, lang, t } = props;
  const items: CheckboxItem[] = [];
  for (const option of offeredOptions(field, props.answers)) {
    if (option.dividerBefore) items.push({ divider: t('common.or') });
    const revealed = optionReveals(field, option);
    items.push({
      value: option.value,
      text: option.label[lang],
      hint: option.hint ? { text: option.hint[lang] } : undefined,
      behaviour: option.exclusive ? 'exclusive' : undefined,
      conditional: revealed.length
        ? {
            children: revealed.map((child) => (
              <FieldView
                {...props}
                key={child.name}
                field={child}
                level="nested"
                caption={undefined}
              />
            )),
          }
        : undefined,
    });
  }
  return items;
}

function commonProps(props: FieldViewProps) {
  const size = sizeOf(props.level);
  return {
    name: props.field.name,
    idPrefix: props.field.name,
    items: itemsOf(props),
    hint: hintOf(props),
    errorMessage: errorMessageOf(props),
    fieldset: {
      legend: {
        children: labelContentOf(props),
        isPageHeading: props.level === 'page',
        classes: size ? `govuk-fieldset__legend--${size}` : undefined,
      },
    },
  };
}

export function RadiosField(props: FieldViewProps) {
  const { field, values, setValue } = props;
  const value = values[field.name];
  return (
    <Radios
      {...commonProps(props)}
      classes={field.inline ? 'govuk-radios--inline' : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => setValue(field.name, next)}
    />
  );
}

export function CheckboxesField(props: FieldViewProps) {
  const { field, values, setValue } = props;
  const value = values[field.name];
  return (
    <Checkboxes
      {...commonProps(props)}
      values={Array.isArray(value) ? value : []}
      onChange={(next) => setValue(field.name, next)}
    />
  );
}
