import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { attrs, contentProps, cx, type Content, type Styled } from './common';

export interface ButtonProps extends Content, Styled {
  /** Render a link styled as a button. */
  href?: string;
  /** Button type (default 'submit'). */
  type?: 'submit' | 'button' | 'reset';
  name?: string;
  value?: string;
  disabled?: boolean;
  /** Ignore a second click within a second (govuk `preventDoubleClick`). */
  preventDoubleClick?: boolean;
  /** Start button: adds the arrow icon. */
  isStartButton?: boolean;
  id?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => void;
}

const DOUBLE_CLICK_MS = 1000;

/** govuk-frontend `button`, as `<button>` or, with `href`, `<a role="button">`. */
export function Button(props: ButtonProps) {
  const lastClick = useRef(0);
  const common = {
    className: cx('govuk-button', props.classes, props.isStartButton && 'govuk-button--start'),
    'data-module': 'govuk-button',
    ...attrs(props.attributes),
    id: props.id,
    onClick(event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) {
      if (props.preventDoubleClick) {
        const now = Date.now();
        if (now - lastClick.current < DOUBLE_CLICK_MS) {
          event.preventDefault();
          return;
        }
        lastClick.current = now;
      }
      props.onClick?.(event);
    },
  };
  const content = props.isStartButton ? (
    <>
      {props.children == null && props.html ? (
        <span dangerouslySetInnerHTML={{ __html: props.html }} />
      ) : (
        contentProps(props).children
      )}{' '}
      <svg
        className="govuk-button__start-icon"
        xmlns="http://www.w3.org/2000/svg"
        width="17.5"
        height="19"
        viewBox="0 0 33 40"
        aria-hidden="true"
        focusable="false"
      >
        <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
      </svg>
    </>
  ) : undefined;
  const body = content ? { children: content } : contentProps(props);

  if (props.href) {
    return (
      <a
        href={props.href}
        role="button"
        draggable="false"
        {...common}
        // Links with role="button" should also activate with the space key, as govuk JS does.
        onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
          if (event.key === ' ') {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
        {...body}
      />
    );
  }
  return (
    <button
      type={props.type || 'submit'}
      value={props.value || undefined}
      name={props.name || undefined}
      disabled={props.disabled || undefined}
      aria-disabled={props.disabled ? 'true' : undefined}
      data-prevent-double-click={
        props.preventDoubleClick === undefined ? undefined : String(props.preventDoubleClick)
      }
      {...common}
      {...body}
    />
  );
}
