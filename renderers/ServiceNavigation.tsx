import type { MouseEvent, ReactNode } from 'react';
import { attrs, contentProps, cx, type Attributes, type Content, type Styled } from './common';

export interface ServiceNavigationItem extends Content {
  href?: string;
  /** The current page (aria-current="page"). */
  current?: boolean;
  /** In the current section (aria-current="true"). */
  active?: boolean;
  attributes?: Attributes;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface ServiceNavigationProps extends Styled {
  serviceName?: string;
  /** Service name link, e.g. the survey start page. */
  serviceUrl?: string;
  onServiceNameClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  navigation?: (ServiceNavigationItem | null | false | '')[];
  /** Landmark label when there is a service name or slot (default 'Service information'). */
  ariaLabel?: string;
  menuButtonText?: string;
  menuButtonLabel?: string;
  navigationLabel?: string;
  navigationId?: string;
  navigationClasses?: string;
  collapseNavigationOnMobile?: boolean;
  /** React content for govuk's slots; `end` takes e.g. <LanguageNavigation>, with align 'inline' to sit beside the name. */
  slots?: {
    start?: ReactNode;
    end?: ReactNode | { children: ReactNode; align?: 'inline' };
    navigationStart?: ReactNode;
    navigationEnd?: ReactNode;
  };
}

/**
 * govuk-frontend 6 `service-navigation`: the service name (linked) and optional navigation.
 * The mobile menu toggle stays in its no-JavaScript state (hidden; the list is always shown).
 */
export function ServiceNavigation(props: ServiceNavigationProps) {
  const menuButtonText = props.menuButtonText || 'Menu';
  const navigationId = props.navigationId || 'navigation';
  const { slots = {} } = props;
  const endSlot = isAligned(slots.end) ? slots.end.children : slots.end;
  const endInline = isAligned(slots.end) && slots.end.align === 'inline';
  const items = (props.navigation ?? []).filter((item): item is ServiceNavigationItem => !!item);
  const collapse = props.collapseNavigationOnMobile ?? items.length > 1;
  const common = {
    className: cx('govuk-service-navigation', props.classes),
    'data-module': 'govuk-service-navigation',
    ...attrs(props.attributes),
  };

  const inner = (
    <div
      className={cx(
        'govuk-width-container',
        endInline && 'govuk-service-navigation__inlining-container',
      )}
    >
      {slots.start}
      <div className="govuk-service-navigation__container">
        {props.serviceName && (
          <span className="govuk-service-navigation__service-name">
            {props.serviceUrl ? (
              <a
                href={props.serviceUrl}
                className="govuk-service-navigation__link"
                onClick={props.onServiceNameClick}
              >
                {props.serviceName}
              </a>
            ) : (
              <span className="govuk-service-navigation__text">{props.serviceName}</span>
            )}
          </span>
        )}
        {(items.length > 0 || slots.navigationStart || slots.navigationEnd) && (
          <nav
            aria-label={props.navigationLabel || menuButtonText}
            className={cx('govuk-service-navigation__wrapper', props.navigationClasses)}
          >
            {collapse && (
              <button
                type="button"
                className="govuk-service-navigation__toggle govuk-js-service-navigation-toggle"
                aria-controls={navigationId}
                aria-label={
                  props.menuButtonLabel && props.menuButtonLabel !== menuButtonText
                    ? props.menuButtonLabel
                    : undefined
                }
                hidden
                aria-hidden="true"
              >
                {menuButtonText}
              </button>
            )}
            <ul className="govuk-service-navigation__list" id={navigationId}>
              {slots.navigationStart}
              {items.map((item, i) => (
                <NavigationItem key={i} {...item} />
              ))}
              {slots.navigationEnd}
            </ul>
          </nav>
        )}
      </div>
      {endSlot}
    </div>
  );

  return props.serviceName || slots.start || endSlot ? (
    <section aria-label={props.ariaLabel ?? 'Service information'} {...common}>
      {inner}
    </section>
  ) : (
    <div {...common}>{inner}</div>
  );
}

function isAligned(end: unknown): end is { children: ReactNode; align?: 'inline' } {
  return !!end && typeof end === 'object' && 'children' in end && !('props' in end);
}

function NavigationItem(item: ServiceNavigationItem) {
  const highlighted = item.active || item.current;
  const ariaCurrent = highlighted ? (item.current ? 'page' : 'true') : undefined;
  const content = contentProps(item);
  // Highlighted items are wrapped in <strong> so the state survives user style overrides.
  const inner = highlighted
    ? { children: <strong className="govuk-service-navigation__active-fallback" {...content} /> }
    : content;
  return (
    <li
      className={cx(
        'govuk-service-navigation__item',
        highlighted && 'govuk-service-navigation__item--active',
      )}
    >
      {item.href ? (
        <a
          className="govuk-service-navigation__link"
          href={item.href}
          aria-current={ariaCurrent}
          {...attrs(item.attributes)}
          onClick={item.onClick}
          {...inner}
        />
      ) : (
        (item.html || item.text || item.children) && (
          <span className="govuk-service-navigation__text" aria-current={ariaCurrent} {...inner} />
        )
      )}
    </li>
  );
}
