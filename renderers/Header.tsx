import { attrs, cx, type Styled } from './common';
import { Logo } from './Logo';

export interface HeaderProps extends Styled {
  /** The GOV.UK logo link (default '//gov.uk'). */
  homepageUrl?: string;
  productName?: string;
  /** Default 'govuk-width-container'. */
  containerClasses?: string;
}

/**
 * govuk-frontend 6 `header`: the GOV.UK logo only. The service name belongs in
 * ServiceNavigation below it. Use `classes` for a themed variant.
 */
export function Header(props: HeaderProps) {
  return (
    <div className={cx('govuk-header', props.classes)} {...attrs(props.attributes)}>
      <div
        className={cx('govuk-header__container', props.containerClasses || 'govuk-width-container')}
      >
        <div className="govuk-header__logo">
          <a href={props.homepageUrl || '//gov.uk'} className="govuk-header__homepage-link">
            <Logo classes="govuk-header__logotype" ariaLabelText="GOV.UK" />
            {props.productName && (
              <span className="govuk-header__product-name">{props.productName}</span>
            )}
          </a>
        </div>
      </div>
    </div>
  );
}
