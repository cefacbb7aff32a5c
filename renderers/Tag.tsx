import { attrs, contentProps, cx, type Content, type Styled } from './common';

export type TagProps = Content & Styled;

/** govuk-frontend `tag`. */
export function Tag(props: TagProps) {
  return (
    <strong
      className={cx('govuk-tag', props.classes)}
      {...attrs(props.attributes)}
      {...contentProps(props)}
    />
  );
}
