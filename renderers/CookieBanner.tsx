import type { MouseEvent } from 'react';
import { attrs, cx, type Attributes, type Content } from './common';
import { Button } from './Button';

export interface CookieBannerAction {
  text: string;
  /** 'button' (default without href), 'submit', or a link with `href`. */
  type?: 'button' | 'submit' | 'reset';
  href?: string;
  name?: string;
  value?: string;
  classes?: string;
  attributes?: Attributes;
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => void;
}

export interface CookieBannerMessage extends Content {
  headingText?: string;
  headingHtml?: string;
  classes?: string;
  role?: string;
  attributes?: Attributes;
  hidden?: boolean;
  actions?: CookieBannerAction[];
}

export interface CookieBannerProps {
  /** Landmark label (default 'Cookie banner'; Welsh 'Baner cwcis'). */
  ariaLabel?: string;
  hidden?: boolean;
  classes?: string;
  attributes?: Attributes;
  messages: CookieBannerMessage[];
}

/** govuk-frontend `cookie-banner`. This service's use: one informational message and a 'Hide' button. */
export function CookieBanner(props: CookieBannerProps) {
  return (
    <div
      className={cx('govuk-cookie-banner', props.classes)}
      data-nosnippet=""
      role="region"
      aria-label={props.ariaLabel || 'Cookie banner'}
      hidden={props.hidden || undefined}
      {...attrs(props.attributes)}
    >
      {props.messages.map((message, i) => (
        <div
          key={i}
          className={cx('govuk-cookie-banner__message', message.classes, 'govuk-width-container')}
          role={message.role}
          {...attrs(message.attributes)}
          hidden={message.hidden || undefined}
        >
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              {(message.headingHtml || message.headingText) && (
                <h2
                  className="govuk-cookie-banner__heading govuk-heading-m"
                  {...(message.headingHtml
                    ? { dangerouslySetInnerHTML: { __html: message.headingHtml } }
                    : { children: message.headingText })}
                />
              )}
              <div className="govuk-cookie-banner__content" {...messageContent(message)} />
            </div>
          </div>
          {message.actions && (
            <div className="govuk-button-group">
              {message.actions.map((action, j) =>
                !action.href || action.type === 'button' ? (
                  <Button
                    key={j}
                    text={action.text}
                    type={action.type || 'button'}
                    name={action.name}
                    value={action.value}
                    classes={action.classes}
                    href={action.href}
                    attributes={action.attributes}
                    onClick={action.onClick}
                  />
                ) : (
                  <a
                    key={j}
                    className={cx('govuk-link', action.classes)}
                    href={action.href}
                    {...attrs(action.attributes)}
                    onClick={action.onClick}
                  >
                    {action.text}
                  </a>
                ),
              )}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

function messageContent(message: CookieBannerMessage) {
  if (message.children != null) return { children: message.children };
  if (message.html) return { dangerouslySetInnerHTML: { __html: message.html } };
  return { children: message.text ? <p className="govuk-body">{message.text}</p> : null };
}
