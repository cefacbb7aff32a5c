import type { MouseEvent } from 'react';
import { attrs, contentProps, cx, escapeHtml, type Attributes, type Content } from './common';

export interface LanguageItem extends Content {
  /** Link to this language's page; without it (or with `current`) the item is the current language. */
  href?: string;
  current?: boolean;
  /** Language of the item's text, also used as hreflang. */
  lang?: string;
  hrefLang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  /** Visually hidden text after the link, in the page's language. */
  languageDescriptionText?: string;
  classes?: string;
  attributes?: Attributes;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface LanguageNavigationProps {
  items: LanguageItem[];
  /** Default 'Language' (Welsh 'Iaith'). */
  ariaLabel?: string;
  classes?: string;
  attributes?: Attributes;
}

/** govuk-frontend 6 `language-navigation` (English/Cymraeg toggle): current item `aria-current`, links `lang` + `hreflang`. */
export function LanguageNavigation(props: LanguageNavigationProps) {
  return (
    <nav
      className={cx('govuk-language-navigation', props.classes)}
      {...attrs(props.attributes)}
      aria-label={props.ariaLabel || 'Language'}
    >
      <ul className="govuk-language-navigation__list">
        {props.items.map((item, i) => (
          <li key={item.lang ?? i} className="govuk-language-navigation__list-item">
            {item.current || !item.href ? (
              <span
                className={cx('govuk-language-navigation__text', item.classes)}
                aria-current="true"
                lang={item.lang}
                dir={item.dir}
                {...attrs(item.attributes)}
                {...contentProps(item)}
              />
            ) : (
              <a
                className={cx('govuk-language-navigation__link', item.classes)}
                href={item.href}
                rel="alternate"
                lang={item.lang}
                hrefLang={item.hrefLang || item.lang || undefined}
                dir={item.dir}
                {...attrs(item.attributes)}
                onClick={item.onClick}
                {...linkContent(item)}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

// Link content plus the optional visually hidden description; trusted html is serialised with it.
function linkContent(item: LanguageItem) {
  const description = item.languageDescriptionText;
  if (item.children == null && item.html) {
    const extra = description
      ? `<span class="govuk-visually-hidden"> ${escapeHtml(description)}</span>`
      : '';
    return { dangerouslySetInnerHTML: { __html: item.html + extra } };
  }
  return {
    children: (
      <>
        {item.children ?? item.text}
        {description && <span className="govuk-visually-hidden"> {description}</span>}
      </>
    ),
  };
}
