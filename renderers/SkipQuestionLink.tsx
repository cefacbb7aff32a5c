import type { MouseEvent } from 'react';
import { cx } from './common';

export interface SkipQuestionLinkProps {
  href: string;
  /** Localised link text, e.g. 'Skip this question' / 'Hepgor y cwestiwn hwn'. */
  text: string;
  /** Paragraph classes (default 'govuk-body'). */
  classes?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Not a govuk macro: a paragraph holding a `govuk-link` to skip the current question. */
export function SkipQuestionLink(props: SkipQuestionLinkProps) {
  return (
    <p className={cx(props.classes || 'govuk-body')}>
      <a className="govuk-link" href={props.href} onClick={props.onClick}>
        {props.text}
      </a>
    </p>
  );
}
