import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { ChoiceGroup, type ChoiceItem, type ChoicesOptions } from './choices';

export type RadioItem = ChoiceItem;

export interface RadiosProps extends ChoicesOptions<RadioItem> {
  /** The chosen value. When the prop is present (even undefined: nothing chosen) the component is controlled by it; when absent, it keeps its own state. */
  value?: string | number | null;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** govuk-frontend `radios`, with conditional reveal driven by React state. */
export function Radios(props: RadiosProps) {
  const { value, onChange, onBlur, ...options } = props;
  const matches = (item: RadioItem, chosen: RadiosProps['value']) =>
    chosen !== undefined &&
    chosen !== null &&
    chosen !== '' &&
    String(item.value) === String(chosen);
  // Uncontrolled: start from the checked item (or `value`), then follow the user's clicks.
  const [own, setOwn] = useState(() => {
    const first = props.items.find(
      (item) => item && !item.divider && (item.checked ?? matches(item, value)),
    );
    return first ? String(first.value) : undefined;
  });
  const controlled = 'value' in props;
  const isChecked = (item: RadioItem) =>
    controlled ? (item.checked ?? matches(item, value)) : matches(item, own);
  return (
    <ChoiceGroup
      {...options}
      kind="radios"
      isChecked={isChecked}
      onItemChange={(item, event) => {
        const chosen = String(item.value ?? '');
        setOwn(chosen);
        onChange?.(chosen, event);
      }}
      onBlur={onBlur}
    />
  );
}
