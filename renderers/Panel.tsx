import { createElement } from 'react';
import {
  attrs,
  contentProps,
  cx,
  hasContent,
  type Attributes,
  type Content,
  type Styled,
} from './common';
import { Button } from './Button';

export interface PanelAction {
  text: string;
  href?: string;
  type?: 'button' | 'submit' | 'reset';
  classes?: string;
  attributes?: Attributes;
}

export interface PanelProps extends Content, Styled {
  titleText?: string;
  titleHtml?: string;
  /** Heading level of the title (default 1). */
  headingLevel?: number;
  /** Interruption panels only. */
  actions?: Styled & { items?: PanelAction[] };
}

/** govuk-frontend `panel` (confirmation by default; interruption with `govuk-panel--interruption`). */
export function Panel(props: PanelProps) {
  const isInterruption = !!props.classes?.includes('govuk-panel--interruption');
  const title = props.titleHtml
    ? { dangerouslySetInnerHTML: { __html: props.titleHtml } }
    : { children: props.titleText };
  const { actions } = props;
  return (
    <div
      className={cx('govuk-panel', !isInterruption && 'govuk-panel--confirmation', props.classes)}
      {...attrs(props.attributes)}
    >
      {createElement(`h${props.headingLevel || 1}`, { className: 'govuk-panel__title', ...title })}
      {hasContent(props) && <div className="govuk-panel__body" {...contentProps(props)} />}
      {isInterruption && actions && (
        <div className={cx('govuk-panel__actions', actions.classes)} {...attrs(actions.attributes)}>
          {!!actions.items?.length && (
            <div className="govuk-button-group">
              {actions.items.map((action, i) =>
                !action.href || action.type === 'button' ? (
                  <Button
                    key={i}
                    text={action.text}
                    type={action.type || 'button'}
                    href={action.href}
                    classes={cx('govuk-button--inverse', action.classes)}
                    attributes={action.attributes}
                  />
                ) : (
                  <a
                    key={i}
                    className={cx('govuk-link govuk-link--inverse', action.classes)}
                    href={action.href}
                    {...attrs(action.attributes)}
                  >
                    {action.text}
                  </a>
                ),
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
