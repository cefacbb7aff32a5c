import type { MouseEvent } from 'react';
import {
  attrs,
  contentProps,
  cx,
  hasContent,
  type Attributes,
  type Content,
  type Styled,
} from './common';
import { Logo } from './Logo';

export interface FooterLink {
  href: string;
  text: string;
  attributes?: Attributes;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface FooterProps extends Styled {
  containerClasses?: string;
  navigation?: { title: string; width?: string; columns?: number; items?: FooterLink[] }[];
  /** Support links (contact, terms, privacy, accessibility) and optional custom text. */
  meta?: Content & { visuallyHiddenTitle?: string; items?: FooterLink[] };
  /** Open Government Licence statement; null hides it. Default: govuk's English text. */
  contentLicence?: Content | null;
  /** Default '© Crown copyright' (Welsh '© Hawlfraint y Goron'). */
  copyright?: Content;
}

const LICENCE_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';
const COPYRIGHT_URL =
  'https://www.nationalarchives.gov.uk/information-management/re-using-public-sector-information/uk-government-licensing-framework/crown-copyright/';

/** govuk-frontend 6 `footer`. Pass `contentLicence` and `copyright` for Welsh. */
export function Footer(props: FooterProps) {
  const { meta, navigation } = props;
  return (
    <div className={cx('govuk-footer', props.classes)} {...attrs(props.attributes)}>
      <div className={cx('govuk-width-container', props.containerClasses)}>
        <Logo classes="govuk-footer__crown" useLogotype={false} />
        {!!navigation?.length && (
          <>
            <div className="govuk-footer__navigation">
              {navigation.map((nav, i) => (
                <div
                  key={i}
                  className={`govuk-footer__section govuk-grid-column-${nav.width || 'full'}`}
                >
                  <h2 className="govuk-footer__heading govuk-heading-m">{nav.title}</h2>
                  {!!nav.items?.length && (
                    <ul
                      className={cx(
                        'govuk-footer__list',
                        nav.columns ? `govuk-footer__list--columns-${nav.columns}` : undefined,
                      )}
                    >
                      {nav.items
                        .filter((item) => item.href && item.text)
                        .map((item, j) => (
                          <li key={j} className="govuk-footer__list-item">
                            <FooterAnchor {...item} />
                          </li>
                        ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
            <hr className="govuk-footer__section-break" />
          </>
        )}
        <div className="govuk-footer__meta">
          <div className="govuk-footer__meta-item govuk-footer__meta-item--grow">
            {meta && (
              <>
                <h2 className="govuk-visually-hidden">
                  {meta.visuallyHiddenTitle || 'Support links'}
                </h2>
                {!!meta.items?.length && (
                  <ul className="govuk-footer__inline-list">
                    {meta.items.map((item, i) => (
                      <li key={i} className="govuk-footer__inline-list-item">
                        <FooterAnchor {...item} />
                      </li>
                    ))}
                  </ul>
                )}
                {hasContent(meta) && (
                  <div className="govuk-footer__meta-custom" {...contentProps(meta)} />
                )}
              </>
            )}
            {props.contentLicence !== null && (
              <>
                <svg
                  aria-hidden="true"
                  focusable="false"
                  className="govuk-footer__licence-logo"
                  xmlns="http://www.w3.org/2000/svg"
                  viewBox="0 0 483.2 195.7"
                  height="17"
                  width="41"
                >
                  <path
                    fill="currentColor"
                    d="M421.5 142.8V.1l-50.7 32.3v161.1h112.4v-50.7zm-122.3-9.6A47.12 47.12 0 0 1 221 97.8c0-26 21.1-47.1 47.1-47.1 16.7 0 31.4 8.7 39.7 21.8l42.7-27.2A97.63 97.63 0 0 0 268.1 0c-36.5 0-68.3 20.1-85.1 49.7A98 98 0 0 0 97.8 0C43.9 0 0 43.9 0 97.8s43.9 97.8 97.8 97.8c36.5 0 68.3-20.1 85.1-49.7a97.76 97.76 0 0 0 149.6 25.4l19.4 22.2h3v-87.8h-80l24.3 27.5zM97.8 145c-26 0-47.1-21.1-47.1-47.1s21.1-47.1 47.1-47.1 47.2 21 47.2 47S123.8 145 97.8 145"
                  />
                </svg>
                {hasContent(props.contentLicence) ? (
                  <span
                    className="govuk-footer__licence-description"
                    {...contentProps(props.contentLicence)}
                  />
                ) : (
                  <span className="govuk-footer__licence-description">
                    All content is available under the{' '}
                    <a className="govuk-footer__link" href={LICENCE_URL} rel="license">
                      Open Government Licence v3.0
                    </a>
                    , except where otherwise stated
                  </span>
                )}
              </>
            )}
          </div>
          <div className="govuk-footer__meta-item">
            <a
              className="govuk-footer__link govuk-footer__copyright-logo"
              href={COPYRIGHT_URL}
              {...(hasContent(props.copyright)
                ? contentProps(props.copyright)
                : { children: '© Crown copyright' })}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

function FooterAnchor(item: FooterLink) {
  return (
    <a
      className="govuk-footer__link"
      href={item.href}
      {...attrs(item.attributes)}
      onClick={item.onClick}
    >
      {item.text}
    </a>
  );
}
