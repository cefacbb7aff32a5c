// The GOV.UK table on the team's pages: a page gives the caption, the columns and the rows.
import { useId, type ReactNode } from 'react';

export interface Column {
  heading: ReactNode;
  /** Figures: the heading and every cell of the column are aligned right. */
  numeric?: boolean;
}

export function Table(props: {
  caption: ReactNode;
  /** 'hidden' when only screen readers need it, because the page heading above says the same. */
  captionSize?: 's' | 'm' | 'hidden';
  columns: Column[];
  rows: { key: string; cells: ReactNode[] }[];
  /** Each row's first cell names the row (`<th scope="row">`). */
  rowHeadings?: boolean;
}) {
  const size = props.captionSize ?? 's';
  const caption =
    size === 'hidden'
      ? 'govuk-table__caption govuk-table__caption--s govuk-visually-hidden'
      : `govuk-table__caption govuk-table__caption--${size}`;
  const numeric = (column: Column | undefined, base: string) =>
    column?.numeric ? `${base} ${base}--numeric` : base;
  const id = useId();
  // A table wider than a phone's screen scrolls in its own box, named by the caption, which
  // takes the keyboard focus so it can be scrolled without a pointer (src/styles.scss).
  return (
    <div className="app-table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="govuk-table">
        <caption className={caption} id={id}>
          {props.caption}
        </caption>
        <thead className="govuk-table__head">
          <tr className="govuk-table__row">
            {props.columns.map((column, i) => (
              <th key={i} scope="col" className={numeric(column, 'govuk-table__header')}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="govuk-table__body">
          {props.rows.map((row) => (
            <tr key={row.key} className="govuk-table__row">
              {row.cells.map((cell, i) =>
                i === 0 && props.rowHeadings ? (
                  <th key={i} scope="row" className="govuk-table__header">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={numeric(props.columns[i], 'govuk-table__cell')}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
