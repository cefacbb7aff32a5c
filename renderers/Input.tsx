import type { ChangeEvent, FocusEvent } from 'react';
import {
  attrs,
  contentProps,
  cx,
  hasContent,
  ids,
  textValueProps,
  type Attributes,
  type Content,
  type Styled,
  FormGroup,
} from './common';
import { ErrorMessage, type ErrorMessageProps } from './ErrorMessage';
import { Hint, type HintProps } from './Hint';
import { Label, type LabelProps } from './Label';

export interface InputProps extends Styled {
  id?: string;
  name: string;
  type?: string;
  inputmode?: string;
  /** When the prop is present the control is controlled by it; when absent, the browser keeps the value. */
  value?: string | number;
  disabled?: boolean;
  describedBy?: string;
  label?: Omit<LabelProps, 'for'>;
  hint?: HintProps;
  errorMessage?: ErrorMessageProps | null | false;
  prefix?: Content & Styled;
  suffix?: Content & Styled;
  formGroup?: Styled & { beforeInput?: Content; afterInput?: Content };
  inputWrapper?: Styled;
  autocomplete?: string;
  autocapitalize?: string;
  pattern?: string;
  spellcheck?: boolean;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** govuk-frontend `input`. */
export function Input(props: InputProps) {
  const id = props.id || props.name;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.errorMessage ? `${id}-error` : undefined;
  const valueProps = textValueProps<HTMLInputElement>(props);

  const input = (
    <input
      className={cx('govuk-input', props.classes, props.errorMessage && 'govuk-input--error')}
      id={id}
      name={props.name}
      type={props.type || 'text'}
      spellCheck={typeof props.spellcheck === 'boolean' ? props.spellcheck : undefined}
      {...valueProps}
      disabled={props.disabled || undefined}
      aria-describedby={ids(props.describedBy, hintId, errorId)}
      autoComplete={props.autocomplete || undefined}
      autoCapitalize={props.autocapitalize || undefined}
      pattern={props.pattern || undefined}
      inputMode={(props.inputmode || undefined) as InputMode}
      {...attrs(props.attributes)}
      onBlur={props.onBlur}
    />
  );
  const { prefix, suffix } = props;
  const before = props.formGroup?.beforeInput;
  const after = props.formGroup?.afterInput;
  const wrapped =
    hasContent(prefix) || hasContent(suffix) || hasContent(before) || hasContent(after);

  return (
    <FormGroup error={props.errorMessage} formGroup={props.formGroup}>
      <Label {...props.label} for={id} />
      {props.hint && <Hint {...props.hint} id={hintId} />}
      {props.errorMessage && <ErrorMessage {...props.errorMessage} id={errorId} />}
      {wrapped ? (
        <div
          className={cx('govuk-input__wrapper', props.inputWrapper?.classes)}
          {...attrs(props.inputWrapper?.attributes)}
        >
          {hasContent(before) && <>{contentProps(before).children}</>}
          {hasContent(prefix) && <Affix {...prefix} type="prefix" />}
          {input}
          {hasContent(suffix) && <Affix {...suffix} type="suffix" />}
          {hasContent(after) && <>{contentProps(after).children}</>}
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}

type InputMode =
  'text' | 'search' | 'email' | 'tel' | 'url' | 'none' | 'numeric' | 'decimal' | undefined;

function Affix(props: Content & Styled & { type: 'prefix' | 'suffix'; attributes?: Attributes }) {
  return (
    <div
      className={cx(`govuk-input__${props.type}`, props.classes)}
      aria-hidden="true"
      {...attrs(props.attributes)}
      {...contentProps(props)}
    />
  );
}
