// What the radios and checkboxes views share (engine/fields/radios/view.tsx and
// checkboxes/view.tsx): options with hints, the 'or' divider, exclusive options and the fields
// an option reveals.
import { offeredOptions, optionReveals } from '../../engine';
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

/** The props a GOV.UK radios or checkboxes component takes for this field. */
export function choiceProps(props: FieldViewProps) {
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
