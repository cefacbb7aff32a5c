import { attrs, contentProps, cx, hasContent, type Content, type Styled } from './common';

export interface LabelProps extends Content, Styled {
  /** The id of the control this labels (`for`). */
  for?: string;
  /** Wrap the label in `<h1 class="govuk-label-wrapper">`. */
  isPageHeading?: boolean;
}

/** govuk-frontend `label`. Renders nothing without content. */
export function Label(props: LabelProps) {
  if (!hasContent(props)) return null;
  const label = (
    <label
      className={cx('govuk-label', props.classes)}
      {...attrs(props.attributes)}
      htmlFor={props.for}
      {...contentProps(props)}
    />
  );
  return props.isPageHeading ? <h1 className="govuk-label-wrapper">{label}</h1> : label;
}
