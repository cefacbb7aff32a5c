// Shared option shapes and helpers for the GOV.UK Frontend renderers.
// Props follow govuk-frontend's Nunjucks macro options (camelCase) so the package's
// fixtures.json can drive the conformance test directly.
import type { ChangeEvent, ReactNode } from 'react';

type AttributeValue = string | number | boolean | null | undefined;

/** govuk `attributes`: name -> value, or { value, optional } as in govuk's attributes macro. */
export type Attributes = Record<
  string,
  AttributeValue | { value: AttributeValue; optional?: boolean }
>;

/** Content given as plain text, trusted HTML, or (React only) children. Precedence: children, html, text. */
export interface Content {
  text?: string | number;
  html?: string;
  children?: ReactNode;
}

/** Options shared by hint, error message and label sub-options. */
export interface Styled {
  classes?: string;
  attributes?: Attributes;
}

// HTML attribute names React only accepts in its own spelling.
const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  maxlength: 'maxLength',
  minlength: 'minLength',
  readonly: 'readOnly',
  autocomplete: 'autoComplete',
  autocapitalize: 'autoCapitalize',
  spellcheck: 'spellCheck',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  hreflang: 'hrefLang',
  crossorigin: 'crossOrigin',
  novalidate: 'noValidate',
  accesskey: 'accessKey',
  contenteditable: 'contentEditable',
  'accept-charset': 'acceptCharset',
  'http-equiv': 'httpEquiv',
};

/** govuk `attributes` as React props, following govuk's attributes macro rules. */
export function attrs(attributes?: Attributes): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [name, item] of Object.entries(attributes ?? {})) {
    const { value, optional } =
      item !== null && typeof item === 'object' ? item : { value: item, optional: false };
    const key = REACT_NAMES[name.toLowerCase()] ?? name;
    if (optional && value === true) out[key] = true;
    else if (optional && (value === undefined || value === null || value === false)) continue;
    else out[key] = value === undefined || value === null ? '' : String(value);
  }
  return out;
}

/** Join class names, skipping empty ones. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

/** Whether content has anything to show (govuk's `if params.html or params.text`). */
export function hasContent(c?: Content | null): c is Content {
  return (
    !!c &&
    (c.children != null && c.children !== false
      ? true
      : !!c.html || (c.text !== undefined && c.text !== ''))
  );
}

/** The element props that render content: React children, or html via dangerouslySetInnerHTML. */
export function contentProps(c?: Content | null): {
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
} {
  if (!c) return {};
  if (c.children != null && c.children !== false) return { children: c.children };
  if (c.html) return { dangerouslySetInnerHTML: { __html: c.html } };
  return { children: c.text };
}

/** Content as one HTML string, for places where html must be combined with markup we add. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Space-separated id list, skipping empty parts (govuk's describedBy building). */
export function ids(...parts: (string | false | null | undefined)[]): string | undefined {
  const joined = parts.filter(Boolean).join(' ');
  return joined || undefined;
}

/** React value props for a text control: controlled when the caller passes `value` (even
 *  undefined), otherwise uncontrolled with `value` as the default. `onChange` gets the text first. */
export function textValueProps<E extends HTMLInputElement | HTMLTextAreaElement>(props: {
  value?: string | number;
  onChange?: (value: string, event: ChangeEvent<E>) => void;
}): {
  value?: string | number;
  defaultValue?: string | number;
  onChange?: (event: ChangeEvent<E>) => void;
} {
  const { onChange } = props;
  const handle = onChange && ((event: ChangeEvent<E>) => onChange(event.target.value, event));
  return 'value' in props
    ? { value: props.value ?? '', onChange: handle ?? (() => undefined) }
    : { defaultValue: props.value, onChange: handle };
}

/** The `govuk-form-group` wrapper every field has, marked when the field has an error. */
export function FormGroup(props: { error?: unknown; formGroup?: Styled; children: ReactNode }) {
  return (
    <div
      className={cx(
        'govuk-form-group',
        !!props.error && 'govuk-form-group--error',
        props.formGroup?.classes,
      )}
      {...attrs(props.formGroup?.attributes)}
    >
      {props.children}
    </div>
  );
}
