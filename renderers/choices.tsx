// Markup shared by Radios and Checkboxes: govuk's two templates differ only in the
// class prefix, input type and a few checkbox-only options.
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import {
  attrs,
  contentProps,
  cx,
  hasContent,
  ids,
  type Attributes,
  type Content,
  type Styled,
  FormGroup,
} from './common';
import { ErrorMessage, type ErrorMessageProps } from './ErrorMessage';
import { Fieldset, type FieldsetProps } from './Fieldset';
import { Hint, type HintProps } from './Hint';
import { Label } from './Label';

export interface ChoiceItem {
  value?: string | number;
  text?: string;
  html?: string;
  /** Overrides the generated id (`idPrefix`, `idPrefix-2`, ...). */
  id?: string;
  /** Explicit checked state; overrides `value`/`values` (govuk semantics). */
  checked?: boolean;
  disabled?: boolean;
  label?: Styled;
  hint?: HintProps;
  /** Content revealed when the item is checked: trusted `html`, or React `children`. */
  conditional?: { html?: string | false; children?: ReactNode };
  /** Render an 'or' style divider instead of an item. */
  divider?: string;
  attributes?: Attributes;
}

/** Content before/after the inputs inside the group. */
export type GroupContent = Content;

export interface ChoicesOptions<Item extends ChoiceItem> extends Styled {
  name: string;
  /** Id base for items, hint and error (defaults to `name`). */
  idPrefix?: string;
  /** Falsy entries are skipped but still count for id numbering, as in govuk. */
  items: (Item | null | false | undefined | '')[];
  fieldset?: Omit<FieldsetProps, 'children' | 'html'>;
  hint?: HintProps;
  errorMessage?: ErrorMessageProps | null | false;
  formGroup?: Styled & { beforeInputs?: GroupContent; afterInputs?: GroupContent };
}

interface ChoiceGroupProps<Item extends ChoiceItem> extends ChoicesOptions<Item> {
  kind: 'radios' | 'checkboxes';
  /** Checkboxes' own describedBy, placed on the inputs when there is no fieldset. */
  describedBy?: string;
  isChecked: (item: Item) => boolean;
  onItemChange: (item: Item, event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Per-item input attributes the kind adds (checkboxes: name, data-behaviour). */
  inputExtras?: (item: Item) => Record<string, string | undefined>;
}

export function hasConditional(item: ChoiceItem): boolean {
  const c = item.conditional;
  return !!c && (!!c.html || (c.children != null && c.children !== false));
}

export function ChoiceGroup<Item extends ChoiceItem>(props: ChoiceGroupProps<Item>) {
  const { kind } = props;
  const idPrefix = props.idPrefix || props.name;
  const hintId = props.hint ? `${idPrefix}-hint` : undefined;
  const errorId = props.errorMessage ? `${idPrefix}-error` : undefined;
  const baseDescribedBy =
    (props.fieldset?.describedBy || (kind === 'checkboxes' ? props.describedBy : '')) ?? '';
  const describedBy = ids(baseDescribedBy, hintId, errorId);

  const items = props.items.map((item, index) => {
    if (!item) return null;
    const itemId = item.id || (index > 0 ? `${idPrefix}-${index + 1}` : idPrefix);
    if (item.divider) {
      return (
        <div key={itemId} className={`govuk-${kind}__divider`}>
          {item.divider}
        </div>
      );
    }
    const checked = props.isChecked(item);
    const conditionalId = `conditional-${itemId}`;
    const withConditional = hasConditional(item);
    const itemHintId = hasContent(item.hint) ? `${itemId}-item-hint` : undefined;
    const itemDescribedBy =
      kind === 'checkboxes' ? ids(props.fieldset ? '' : describedBy, itemHintId) : itemHintId;
    return [
      <div key={itemId} className={`govuk-${kind}__item`}>
        <input
          className={`govuk-${kind}__input`}
          id={itemId}
          name={props.name}
          type={kind === 'radios' ? 'radio' : 'checkbox'}
          value={item.value === undefined ? '' : String(item.value)}
          checked={checked}
          disabled={item.disabled || undefined}
          // govuk JS turns data-aria-controls into aria-controls. It also sets aria-expanded, which
          // ARIA 1.2 does not allow on radios or checkboxes (govuk-frontend issue 979): we leave it out
          // so the pages have no axe violations; the revealed content follows the input directly.
          aria-controls={withConditional ? conditionalId : undefined}
          aria-describedby={itemDescribedBy}
          {...props.inputExtras?.(item)}
          {...attrs(item.attributes)}
          onChange={(event) => props.onItemChange(item, event)}
          onBlur={props.onBlur}
        />
        <Label
          text={item.text}
          html={item.html}
          classes={cx(`govuk-${kind}__label`, item.label?.classes)}
          attributes={item.label?.attributes}
          for={itemId}
        />
        {itemHintId && (
          <Hint
            {...item.hint}
            id={itemHintId}
            classes={cx(`govuk-${kind}__hint`, item.hint?.classes)}
          />
        )}
      </div>,
      withConditional && (
        <div
          key={conditionalId}
          className={cx(
            `govuk-${kind}__conditional`,
            !checked && `govuk-${kind}__conditional--hidden`,
          )}
          id={conditionalId}
          {...contentProps({
            children: item.conditional?.children,
            html: item.conditional?.html || undefined,
          })}
        />
      ),
    ];
  });

  const before = props.formGroup?.beforeInputs;
  const after = props.formGroup?.afterInputs;
  const inner = (
    <>
      {props.hint && <Hint {...props.hint} id={hintId} />}
      {props.errorMessage && <ErrorMessage {...props.errorMessage} id={errorId} />}
      <div
        className={cx(`govuk-${kind}`, props.classes)}
        {...attrs(props.attributes)}
        data-module={`govuk-${kind}`}
      >
        {before && <InlineContent {...before} />}
        {items}
        {after && <InlineContent {...after} />}
      </div>
    </>
  );

  return (
    <FormGroup error={props.errorMessage} formGroup={props.formGroup}>
      {props.fieldset ? (
        <Fieldset {...props.fieldset} describedBy={describedBy}>
          {inner}
        </Fieldset>
      ) : (
        inner
      )}
    </FormGroup>
  );
}

/** Group-level text/html/children without a wrapper (trusted html needs a host element: a span-less div is not allowed, so html is wrapped in a div). */
function InlineContent(content: GroupContent) {
  const c = contentProps(content);
  return c.dangerouslySetInnerHTML ? <div {...c} /> : <>{c.children}</>;
}
