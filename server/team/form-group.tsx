// A GOV.UK form group of the team's forms: label, hint and error message, the control (drawn by
// the caller) described by the hint and the error, and marked when in error.
import type { ReactNode } from 'react';
import { ErrorMessage } from '../../renderers';
import { text, type UiLang } from './text';

export function FormGroup(props: {
  lang: UiLang;
  id: string;
  label: string;
  hint?: string;
  /** The error message, already in the member's language. */
  error?: string;
  children: (describedBy: string | undefined, error: boolean) => ReactNode;
}) {
  const { id, error } = props;
  const describedBy =
    [props.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`govuk-form-group${error ? ' govuk-form-group--error' : ''}`}>
      <label className="govuk-label" htmlFor={id}>
        {props.label}
      </label>
      {props.hint && (
        <div className="govuk-hint" id={`${id}-hint`}>
          {props.hint}
        </div>
      )}
      {error && (
        <ErrorMessage id={`${id}-error`} visuallyHiddenText={text(props.lang, 'errorPrefix')}>
          {error}
        </ErrorMessage>
      )}
      {props.children(describedBy, !!error)}
    </div>
  );
}
