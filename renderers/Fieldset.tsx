import type { ReactNode } from 'react';
import {
  attrs,
  contentProps,
  cx,
  escapeHtml,
  hasContent,
  type Content,
  type Styled,
} from './common';

export interface LegendOptions extends Content {
  classes?: string;
  /** Wrap the legend content in `<h1 class="govuk-fieldset__heading">`. */
  isPageHeading?: boolean;
}

export interface FieldsetProps extends Styled {
  describedBy?: string;
  role?: string;
  legend?: LegendOptions;
  /** Fieldset body as trusted HTML (govuk `html`); React callers pass children instead. */
  html?: string;
  children?: ReactNode;
}

/** govuk-frontend `fieldset`. */
export function Fieldset(props: FieldsetProps) {
  const fieldsetProps = {
    className: cx('govuk-fieldset', props.classes),
    role: props.role,
    'aria-describedby': props.describedBy || undefined,
    ...attrs(props.attributes),
  };
  // Trusted HTML body cannot sit beside React children, so the legend is serialised with it.
  if (props.children == null && props.html) {
    const html = legendHtml(props.legend) + props.html;
    return <fieldset {...fieldsetProps} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <fieldset {...fieldsetProps}>
      <Legend {...props.legend} />
      {props.children}
    </fieldset>
  );
}

function Legend(legend: LegendOptions) {
  if (!hasContent(legend)) return null;
  const className = cx('govuk-fieldset__legend', legend.classes);
  if (legend.isPageHeading) {
    return (
      <legend className={className}>
        <h1 className="govuk-fieldset__heading" {...contentProps(legend)} />
      </legend>
    );
  }
  return <legend className={className} {...contentProps(legend)} />;
}

function legendHtml(legend?: LegendOptions): string {
  if (!legend || !(legend.html || legend.text)) return '';
  const inner = legend.html ?? escapeHtml(String(legend.text));
  const body = legend.isPageHeading ? `<h1 class="govuk-fieldset__heading">${inner}</h1>` : inner;
  return `<legend class="${escapeHtml(cx('govuk-fieldset__legend', legend.classes))}">${body}</legend>`;
}
