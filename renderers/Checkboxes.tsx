import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { ChoiceGroup, type ChoiceItem, type ChoicesOptions } from './choices';

export interface CheckboxItem extends ChoiceItem {
  /** Overrides the group name for this checkbox. */
  name?: string;
  /** 'exclusive': a 'None of these' option; checking it clears the others, checking another clears it. */
  behaviour?: 'exclusive';
}

export interface CheckboxesProps extends ChoicesOptions<CheckboxItem> {
  /** Extra ids for aria-describedby (placed on the fieldset, or on each input without one). */
  describedBy?: string;
  /** The checked values. When the prop is present the component is controlled by it; when absent, it keeps its own state. */
  values?: (string | number)[];
  /** Receives the new list of checked values, exclusive behaviour already applied. */
  onChange?: (values: string[], event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** govuk-frontend `checkboxes`, with conditional reveal and exclusive behaviour in React state. */
export function Checkboxes(props: CheckboxesProps) {
  const { values, onChange, onBlur, ...options } = props;
  const items = props.items.filter((item): item is CheckboxItem => !!item && !item.divider);
  // Uncontrolled: start from checked items (or `values`), then follow the user's clicks.
  const [own, setOwn] = useState(() =>
    items.filter((item) => item.checked ?? isIn(item, values)).map((item) => String(item.value)),
  );
  const controlled = 'values' in props;
  const isChecked = (item: CheckboxItem) =>
    controlled ? (item.checked ?? isIn(item, values)) : isIn(item, own);

  const change = (item: CheckboxItem, event: ChangeEvent<HTMLInputElement>) => {
    const value = String(item.value ?? '');
    const checked = items.filter(isChecked).map((i) => String(i.value));
    let next: string[];
    if (!event.target.checked) next = checked.filter((v) => v !== value);
    else if (item.behaviour === 'exclusive') next = [value];
    else {
      const exclusive = new Set(
        items.filter((i) => i.behaviour === 'exclusive').map((i) => String(i.value)),
      );
      next = [...checked.filter((v) => !exclusive.has(v)), value];
    }
    setOwn(next);
    onChange?.(next, event);
  };

  return (
    <ChoiceGroup
      {...options}
      kind="checkboxes"
      isChecked={isChecked}
      onItemChange={change}
      onBlur={onBlur}
      inputExtras={(item) => ({ name: item.name || props.name, 'data-behaviour': item.behaviour })}
    />
  );
}

function isIn(item: CheckboxItem, values?: (string | number)[]): boolean {
  return !!values && item.value !== undefined && values.map(String).includes(String(item.value));
}
