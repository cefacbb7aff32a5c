import { attrs, contentProps, cx, type Content, type Styled } from './common';

export interface HintProps extends Content, Styled {
  id?: string;
}

/** govuk-frontend `hint`. */
export function Hint(props: HintProps) {
  return (
    <div
      id={props.id}
      className={cx('govuk-hint', props.classes)}
      {...attrs(props.attributes)}
      {...contentProps(props)}
    />
  );
}
