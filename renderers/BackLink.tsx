import type { MouseEvent } from 'react';
import { attrs, contentProps, cx, type Content, type Styled } from './common';

export interface BackLinkProps extends Content, Styled {
  /** Default '#'. */
  href?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** govuk-frontend `back-link`; the text defaults to 'Back' (pass Welsh 'Yn ôl'). */
export function BackLink(props: BackLinkProps) {
  const content = contentProps(props);
  return (
    <a
      href={props.href || '#'}
      className={cx('govuk-back-link', props.classes)}
      {...attrs(props.attributes)}
      onClick={props.onClick}
      {...(content.dangerouslySetInnerHTML || content.children ? content : { children: 'Back' })}
    />
  );
}
