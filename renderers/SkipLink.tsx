import type { MouseEvent } from 'react';
import { attrs, contentProps, cx, type Content, type Styled } from './common';

export interface SkipLinkProps extends Content, Styled {
  /** Default '#content'. */
  href?: string;
}

/** govuk-frontend `skip-link`. Like govuk JS, moves focus to the target (made focusable until it loses focus). */
export function SkipLink(props: SkipLinkProps) {
  const href = props.href || '#content';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
      target.classList.add('govuk-skip-link-focused-element');
      target.addEventListener(
        'blur',
        () => {
          target.removeAttribute('tabindex');
          target.classList.remove('govuk-skip-link-focused-element');
        },
        { once: true },
      );
    }
    target.focus();
  };
  return (
    <a
      href={href}
      className={cx('govuk-skip-link', props.classes)}
      {...attrs(props.attributes)}
      data-module="govuk-skip-link"
      onClick={onClick}
      {...contentProps(props)}
    />
  );
}
