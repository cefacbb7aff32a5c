import { attrs, contentProps, cx, escapeHtml, type Content, type Styled } from './common';

export interface ErrorMessageProps extends Content, Styled {
  id?: string;
  /** Visually hidden prefix, without the colon: 'Error' (default), Welsh 'Gwall'. Empty string for none. */
  visuallyHiddenText?: string | false;
}

/** govuk-frontend `error-message`: `<p class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> text</p>`. */
export function ErrorMessage(props: ErrorMessageProps) {
  const prefix = props.visuallyHiddenText ?? 'Error';
  const common = {
    id: props.id,
    className: cx('govuk-error-message', props.classes),
    ...attrs(props.attributes),
  };
  if (!prefix) return <p {...common} {...contentProps(props)} />;
  if (props.children == null && props.html) {
    const html = `<span class="govuk-visually-hidden">${escapeHtml(prefix)}:</span> ${props.html}`;
    return <p {...common} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <p {...common}>
      <span className="govuk-visually-hidden">{prefix}:</span> {props.children ?? props.text}
    </p>
  );
}
