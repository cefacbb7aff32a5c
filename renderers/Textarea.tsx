import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import {
  attrs,
  contentProps,
  cx,
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

export interface TextareaProps extends Styled {
  id?: string;
  name: string;
  rows?: number;
  /** When the prop is present the control is controlled by it; when absent, the browser keeps the value. */
  value?: string;
  disabled?: boolean;
  describedBy?: string;
  label?: Omit<LabelProps, 'for'>;
  hint?: HintProps;
  errorMessage?: ErrorMessageProps | null | false;
  formGroup?: {
    classes?: string;
    attributes?: Attributes;
    beforeInput?: Content;
    afterInput?: Content;
  };
  autocomplete?: string;
  spellcheck?: boolean;
  onChange?: (value: string, event: ChangeEvent<HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLTextAreaElement>) => void;
}

/** govuk-frontend `textarea`. */
export function Textarea(props: TextareaProps) {
  const id = props.id || props.name;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.errorMessage ? `${id}-error` : undefined;
  const valueProps = textValueProps<HTMLTextAreaElement>(props);
  return (
    <FormGroup error={props.errorMessage} formGroup={props.formGroup}>
      <Label {...props.label} for={id} />
      {props.hint && <Hint {...props.hint} id={hintId} />}
      {props.errorMessage && <ErrorMessage {...props.errorMessage} id={errorId} />}
      {props.formGroup?.beforeInput && <Raw {...props.formGroup.beforeInput} />}
      <textarea
        className={cx(
          'govuk-textarea',
          props.errorMessage && 'govuk-textarea--error',
          props.classes,
        )}
        id={id}
        name={props.name}
        rows={props.rows || 5}
        spellCheck={typeof props.spellcheck === 'boolean' ? props.spellcheck : undefined}
        disabled={props.disabled || undefined}
        aria-describedby={ids(props.describedBy, hintId, errorId)}
        autoComplete={props.autocomplete || undefined}
        {...valueProps}
        {...attrs(props.attributes)}
        onBlur={props.onBlur}
      />
      {props.formGroup?.afterInput && <Raw {...props.formGroup.afterInput} />}
    </FormGroup>
  );
}

// Text or React children placed directly; trusted html needs a host element.
function Raw(content: Content): ReactNode {
  const c = contentProps(content);
  return c.dangerouslySetInnerHTML ? <div {...c} /> : <>{c.children}</>;
}
