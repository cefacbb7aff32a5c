import { contentProps, cx, type Content } from './common';

export interface ProgressCaptionProps extends Content {
  /** Caption size class (default 'govuk-caption-l', matching an 'l' heading). */
  classes?: string;
}

/**
 * Not a govuk macro: the 'Question 1 of 9' caption, `<span class="govuk-caption-l">`.
 * Place it in the heading area, e.g. as the start of a legend's or label's children
 * (GOV.UK 'caption inside heading' pattern). The app supplies the localised text.
 */
export function ProgressCaption(props: ProgressCaptionProps) {
  return <span className={cx(props.classes || 'govuk-caption-l')} {...contentProps(props)} />;
}
