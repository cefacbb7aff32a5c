import { attrs, contentProps, cx, type Content, type Styled } from './common';
import { Tag } from './Tag';

export interface PhaseBannerProps extends Content, Styled {
  /** The phase tag, e.g. { text: 'Beta' } (Welsh 'Beta'). */
  tag?: Content & { classes?: string };
}

/** govuk-frontend `phase-banner`. */
export function PhaseBanner(props: PhaseBannerProps) {
  return (
    <div
      className={cx('govuk-phase-banner govuk-width-container', props.classes)}
      {...attrs(props.attributes)}
    >
      <p className="govuk-phase-banner__content">
        <Tag {...props.tag} classes={cx('govuk-phase-banner__content__tag', props.tag?.classes)} />
        <span className="govuk-phase-banner__text" {...contentProps(props)} />
      </p>
    </div>
  );
}
