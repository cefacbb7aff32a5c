import {
  useEffect,
  useImperativeHandle,
  useRef,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { attrs, cx, type Attributes, type Styled } from './common';

export interface ErrorSummaryItem {
  text?: string;
  html?: string;
  /** Link to the field, `#<field id>`. */
  href?: string;
  attributes?: Attributes;
}

export interface ErrorSummaryProps extends Styled {
  /** 'There is a problem' / 'Mae problem'. */
  titleText?: string;
  titleHtml?: string;
  descriptionText?: string;
  descriptionHtml?: string;
  /** React description content (govuk's `caller`). */
  children?: ReactNode;
  errorList?: ErrorSummaryItem[];
  /** govuk option: don't focus on load (rendered as data-disable-auto-focus). */
  disableAutoFocus?: boolean;
  /** Focus the summary when it mounts (default: unless disableAutoFocus). */
  focusOnMount?: boolean;
  /** Focus again whenever this value changes (e.g. the form's submit count), as after a repeated failed submit. */
  focusKey?: unknown;
  /** The summary's root element. Its focus() alone does nothing (it is not focusable until we focus it); use focusKey. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * govuk-frontend `error-summary`. Like govuk JS: focuses itself on mount (tabindex -1 until
 * blurred) and a click on an error link focuses the field and scrolls its legend or label into view.
 * The server's markup already has the state govuk JS would give it on load (tabindex -1, and
 * `autofocus`, which the browser honours as the page loads), so the summary takes focus
 * without any script too: a page answering a form posted without JavaScript.
 */
export function ErrorSummary(props: ErrorSummaryProps) {
  const root = useRef<HTMLDivElement>(null);
  const focusOnMount = props.focusOnMount ?? !props.disableAutoFocus;
  const { ref, focusKey } = props;
  useImperativeHandle(ref, () => root.current as HTMLDivElement);

  useEffect(() => {
    if (focusOnMount && root.current) setFocus(root.current);
  }, [focusOnMount, focusKey]);

  const hasDescription = props.children != null || props.descriptionHtml || props.descriptionText;
  return (
    <div
      ref={root}
      className={cx('govuk-error-summary', props.classes)}
      data-disable-auto-focus={
        props.disableAutoFocus === undefined ? undefined : String(props.disableAutoFocus)
      }
      {...attrs(props.attributes)}
      data-module="govuk-error-summary"
      {...(focusOnMount ? { tabIndex: -1, autoFocus: true } : {})}
      onClick={focusTarget}
    >
      <div role="alert">
        <h2 className="govuk-error-summary__title" {...html(props.titleHtml, props.titleText)} />
        <div className="govuk-error-summary__body">
          {hasDescription && (
            <p
              {...(props.children != null
                ? { children: props.children }
                : html(props.descriptionHtml, props.descriptionText))}
            />
          )}
          {!!props.errorList?.length && (
            <ul className="govuk-list govuk-error-summary__list">
              {props.errorList.map((item, i) =>
                item.href ? (
                  <li key={i}>
                    <a
                      href={item.href}
                      {...attrs(item.attributes)}
                      {...html(item.html, item.text)}
                    />
                  </li>
                ) : (
                  <li key={i} {...html(item.html, item.text)} />
                ),
              )}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

// As govuk's setFocus: focusable with tabindex -1 only until it loses focus.
function setFocus(element: HTMLElement) {
  element.setAttribute('tabindex', '-1');
  element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  element.focus();
}

function html(markup?: string, text?: string) {
  return markup ? { dangerouslySetInnerHTML: { __html: markup } } : { children: text };
}

function focusTarget(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element).closest?.('a');
  const id = link?.hash.slice(1);
  const input = id ? document.getElementById(decodeURIComponent(id)) : null;
  if (!input) return;
  const legendOrLabel = associatedLegendOrLabel(input);
  if (!legendOrLabel) return;
  event.preventDefault();
  legendOrLabel.scrollIntoView?.();
  input.focus({ preventScroll: true });
}

// The legend for radios/checkboxes, or for other fields when it is close enough to stay on screen; else the label.
function associatedLegendOrLabel(input: HTMLElement): Element | null {
  const legend = input.closest('fieldset')?.getElementsByTagName('legend')[0];
  if (legend) {
    if (input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio'))
      return legend;
    const legendTop = legend.getBoundingClientRect().top;
    const rect = input.getBoundingClientRect();
    if (
      rect.height &&
      window.innerHeight &&
      rect.top + rect.height - legendTop < window.innerHeight / 2
    )
      return legend;
  }
  return document.querySelector(`label[for='${CSS.escape(input.id)}']`) ?? input.closest('label');
}
