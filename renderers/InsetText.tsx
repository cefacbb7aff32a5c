import { attrs, contentProps, cx, type Content, type Styled } from './common';

export interface InsetTextProps extends Content, Styled {
  id?: string;
}

/** govuk-frontend `inset-text`. */
export function InsetText(props: InsetTextProps) {
  return (
    <div
      id={props.id}
      className={cx('govuk-inset-text', props.classes)}
      {...attrs(props.attributes)}
      {...contentProps(props)}
    />
  );
}
