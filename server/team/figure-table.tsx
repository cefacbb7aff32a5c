// A score question's figures for several groups of responses (a crosstab's answers, the surveys
// pooled), as a table on the page and as the same table's CSV: each group's n, its headline
// (CSAT, likely to recommend or NPS) and each answer's count and share, with 95% intervals, and
// groups with few answers marked.
import type { ResolvedField } from '../../engine';
import type { FigureRow } from './crosstab';
import { percentCell, pointsCell } from './figure-csv';
import type { Measure } from './figures';
import { Table } from './table';
import { text, type TextKey, type UiLang } from './text';

export interface LabelledRow {
  label: string;
  row: FigureRow;
}

interface FigureTableProps {
  lang: UiLang;
  caption: string;
  /** The heading of the column naming each group. */
  first: string;
  score: ResolvedField;
  measure?: Measure;
  rows: LabelledRow[];
}

const percent = (share: number) => `${percentCell(share).toFixed(1)}%`;

function headlineHeading(lang: UiLang, measure: Measure | undefined): string | undefined {
  if (measure === 'net-promoter') return text(lang, 'nps');
  if (measure === 'satisfaction') return text(lang, 'csat');
  if (measure === 'likelihood') return text(lang, 'recommend');
  return undefined;
}

export function FigureTable(props: FigureTableProps) {
  const { lang, measure } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  const headline = headlineHeading(lang, measure);
  const nps = measure === 'net-promoter';
  const shown = (v: number) => (nps ? `${Math.round(v)}` : percent(v));
  const interval = (low: number, high: number) => (
    <span className="govuk-body-s govuk-!-display-block govuk-!-margin-bottom-0">
      {t('interval', { low: shown(low), high: shown(high) })}
    </span>
  );
  return (
    <Table
      caption={props.caption}
      captionSize="m"
      rowHeadings
      columns={[
        { heading: props.first },
        { heading: t('answered'), numeric: true },
        ...(headline ? [{ heading: headline, numeric: true }] : []),
        ...props.score.options!.map((o) => ({ heading: o.label[lang], numeric: true })),
      ]}
      rows={props.rows.map(({ label, row }, i) => ({
        key: String(i),
        cells: [
          <>
            {label}
            {row.lowSample && (
              <>
                {' '}
                <strong className="govuk-tag govuk-tag--yellow">{t('fewAnswers')}</strong>
              </>
            )}
          </>,
          row.n,
          ...(headline
            ? [
                row.headline ? (
                  <>
                    {shown(row.headline.value)}
                    {interval(row.headline.interval.low, row.headline.interval.high)}
                  </>
                ) : (
                  '–'
                ),
              ]
            : []),
          ...row.cells.map((c) =>
            c.interval ? (
              <>
                {c.count} ({percent(c.share)}){interval(c.interval.low, c.interval.high)}
              </>
            ) : (
              c.count
            ),
          ),
        ],
      }))}
    />
  );
}

/** The table's header and rows as the CSV has them: one column a figure, figures as numbers. */
export function figureCsv(
  lang: UiLang,
  first: string,
  score: ResolvedField,
  measure: Measure | undefined,
  rows: LabelledRow[],
): { header: string[]; rows: (string | number)[][] } {
  const t = (key: TextKey) => text(lang, key);
  const headline = headlineHeading(lang, measure);
  const header = [
    first,
    t('answered'),
    ...(headline
      ? [headline, `${headline}: ${t('crosstabLow')}`, `${headline}: ${t('crosstabHigh')}`]
      : []),
    ...score.options!.flatMap((o) => [
      `${o.label[lang]}: ${t('count')}`,
      `${o.label[lang]}: ${t('percentage')}`,
      `${o.label[lang]}: ${t('crosstabLow')}`,
      `${o.label[lang]}: ${t('crosstabHigh')}`,
    ]),
    t('crosstabNote'),
  ];
  const figure = (kind: 'topTwo' | 'nps', value: number) =>
    kind === 'nps' ? pointsCell(value) : percentCell(value);
  return {
    header,
    rows: rows.map(({ label, row }) => [
      label,
      row.n,
      ...(headline
        ? row.headline
          ? [row.headline.value, row.headline.interval.low, row.headline.interval.high].map((v) =>
              figure(row.headline!.kind, v),
            )
          : ['', '', '']
        : []),
      ...row.cells.flatMap((c) => [
        c.count,
        row.n ? percentCell(c.share) : '',
        c.interval ? percentCell(c.interval.low) : '',
        c.interval ? percentCell(c.interval.high) : '',
      ]),
      row.lowSample ? t('fewAnswers') : '',
    ]),
  };
}
