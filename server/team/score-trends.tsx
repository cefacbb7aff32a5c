// The overview's scores over time for one survey: for each headline score a chart (point and
// 95% interval each week or month, numbered note markers) and a table of the same figures with
// the notes' text, so a screen reader user gets everything the chart shows; and the list of the
// notes themselves, shared by the survey's trends.
import type { Note } from '../storage/team-types';
import { axisDate } from './charts';
import { filterQuery, type KeptFilter } from './filters';
import { noteDate } from './notes-page';
import { linkTo } from './segments';
import { Table } from './table';
import { ScoreChart } from './trend-chart';
import { notesIn, periodParam, type Period, type ScoreTrend, type TrendPeriod } from './trends';
import { formatDate, formatUk, text, type TextKey, type UiLang } from './text';

/** A period's name in a table ("2 March 2026 (partial week)", "March 2026"). */
function periodName(lang: UiLang, p: Period, period: TrendPeriod): string {
  const name = period === 'week' ? formatDate(lang, p.start) : formatUk(lang, p.start, 'month');
  const partial: TextKey = period === 'week' ? 'partialWeek' : 'partialMonth';
  return p.partial ? `${name} (${text(lang, partial)})` : name;
}

/** The numbered notes' text for a period ("1. 11 June 2026: New phone line opened"). */
export const notesText = (lang: UiLang, notes: Note[], numbered: Note[]) =>
  notes.map((n) => `${numbered.indexOf(n) + 1}. ${noteDate(lang, n)}: ${n.text}`).join('; ');

/** The notes of a survey's trends, numbered as their markers are. */
export function TrendNotes(props: { lang: UiLang; notes: Note[] }) {
  if (!props.notes.length) return null;
  return (
    <>
      <h4 className="govuk-heading-s">{text(props.lang, 'notesOnTrend')}</h4>
      <ol className="govuk-list govuk-list--number">
        {props.notes.map((n) => (
          <li key={n.id}>
            {noteDate(props.lang, n)}: {n.text}
          </li>
        ))}
      </ol>
    </>
  );
}

/** "Show scores by week (shown) | month", each a link to the overview with the filter kept. */
export function PeriodLinks(props: { lang: UiLang; period: TrendPeriod; kept: KeptFilter }) {
  const { lang } = props;
  const link = (period: TrendPeriod, key: TextKey) =>
    period === props.period ? (
      <strong>{text(lang, 'periodShown', { period: text(lang, key) })}</strong>
    ) : (
      <a
        className="govuk-link"
        href={linkTo(
          '/team',
          [filterQuery(props.kept), periodParam(period)].filter(Boolean).join('&'),
          lang,
        )}
      >
        {text(lang, key)}
      </a>
    );
  return (
    <p className="govuk-body">
      {text(lang, 'trendPeriod')}: {link('week', 'byWeek')} | {link('month', 'byMonth')}
    </p>
  );
}

const MEASURE: Record<ScoreTrend['kind'], TextKey> = {
  csat: 'csat',
  recommend: 'recommend',
  nps: 'nps',
};

/** One score's trend: its chart and its table. */
export function ScoreTrendFigure(props: {
  lang: UiLang;
  id: string;
  trend: ScoreTrend;
  period: TrendPeriod;
  /** The survey's notes in the range, numbered in this order. */
  notes: Note[];
}) {
  const { lang, trend, period } = props;
  const t = (key: TextKey, params?: Record<string, string | number>) => text(lang, key, params);
  const nps = trend.kind === 'nps';
  const figure = (v: number) => (nps ? `${Math.round(v)}` : `${Math.round(v)}%`);
  const scoreText = (p: ScoreTrend['points'][number]) =>
    p.score === undefined
      ? t('noAnswers')
      : `${figure(p.score)} (${t('interval', { low: figure(p.low!), high: figure(p.high!) })})`;
  const title = t(period === 'week' ? 'scoreTrendWeek' : 'scoreTrendMonth', {
    measure: t(MEASURE[trend.kind]),
    question: trend.field.label[lang],
  });
  const label = (p: Period) =>
    period === 'week' ? axisDate(lang, p.start) : formatUk(lang, p.start, 'axisMonth');
  const withNotes = trend.points.map((p) => notesIn(props.notes, p.period));
  const alt = trend.points
    .map((p, i) => {
      const marks = withNotes[i]!.map((n) => t('noteMarker', { n: props.notes.indexOf(n) + 1 }));
      return `${periodName(lang, p.period, period)}: ${scoreText(p)}, ${p.n}${
        marks.length ? ` (${marks.join(', ')})` : ''
      }`;
    })
    .join('; ');
  const anyNotes = withNotes.some((n) => n.length);
  return (
    <>
      <ScoreChart
        id={props.id}
        title={title}
        alt={alt}
        min={nps ? -100 : 0}
        max={100}
        points={trend.points.map((p, i) => ({
          label: label(p.period),
          score: p.score,
          low: p.low,
          high: p.high,
          notes: withNotes[i]!.map((n) => props.notes.indexOf(n) + 1),
        }))}
      />
      <Table
        caption={title}
        columns={[
          { heading: t(period === 'week' ? 'week' : 'month') },
          { heading: t('score') },
          { heading: t('answered'), numeric: true },
          ...(anyNotes ? [{ heading: t('notesColumn') }] : []),
        ]}
        rows={trend.points.map((p, i) => ({
          key: p.period.day,
          cells: [
            periodName(lang, p.period, period),
            scoreText(p),
            <>
              {p.n}
              {p.lowSample && (
                <>
                  {' '}
                  <strong className="govuk-tag govuk-tag--yellow">{t('fewAnswers')}</strong>
                </>
              )}
            </>,
            ...(anyNotes ? [notesText(lang, withNotes[i]!, props.notes)] : []),
          ],
        }))}
      />
    </>
  );
}
