// The team's pages as React content for `renderPage`.
import type { ReactNode } from 'react';
import { allFields, isChoice, isFreeText, type ResolvedSurvey } from '../../engine';
import { Button } from '../../renderers';
import { axisDate, ColumnChart } from './charts';
import { questionPath } from './questions';
import { LOW_SAMPLE, type QuestionFigures, type SurveyFigures } from './figures';
import { filterQuery, type ParsedFilter, type QueryValues } from './filters';
import { FilterErrors, linkTo, DateRange, SegmentControls } from './segments';
import { PeriodLinks, ScoreTrendFigure, notesText, TrendNotes } from './score-trends';
import { Table } from './table';
import { periodParam, periodQuery, type ScoreTrend, type TrendPeriod } from './trends';
import type { Note } from '../storage/team-types';
import { FigureLinks, joinQuery } from './figure-download';
import {
  headlineFigure,
  headlineKind,
  OVERVIEW_LABELS,
  OVERVIEW_TABLES,
  scoredQuestions,
  weekNotes,
} from './overview-csv';
import { formatDate, text, type UiLang } from './text';
import { surveyName } from './privacy';

const date = (lang: UiLang, d: Date) => formatDate(lang, d);

export function PasskeyForm(props: {
  lang: UiLang;
  kind: 'enrol' | 'sign-in';
  heading: string;
  intro: string;
  button: string;
  /** The single sign-on button's address, when OIDC is configured. */
  sso?: string;
}) {
  const t = (key: Parameters<typeof text>[1]) => text(props.lang, key);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{props.heading}</h1>
        <p className="govuk-body">{props.intro}</p>
        {/* `hidden` on a wrapper without a class: on the message itself, GOV.UK's
            .govuk-error-message (display: block) would show it before any attempt. */}
        <div id="passkey-error" tabIndex={-1} hidden>
          <p className="govuk-error-message">
            <span className="govuk-visually-hidden">{`${t('errorPrefix')}:`}</span> {t('failed')}
          </p>
        </div>
        <noscript>
          <p className="govuk-body">{t('needsScript')}</p>
        </noscript>
        <form method="post" data-passkey={props.kind} noValidate>
          <Button>{props.button}</Button>
        </form>
        {props.sso && (
          <>
            <h2 className="govuk-heading-m">{t('ssoHeading')}</h2>
            <p className="govuk-body">{t('ssoIntro')}</p>
            {/* A link, not a form: the CSP's form-action 'self' would stop a form's redirect
                to the provider. It works without JavaScript. */}
            <Button href={props.sso} classes="govuk-button--secondary">
              {t('ssoButton')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

export function Message(props: {
  heading: string;
  body: string;
  link?: { href: string; text: string };
}) {
  return (
    <>
      <h1 className="govuk-heading-l">{props.heading}</h1>
      <p className="govuk-body">{props.body}</p>
      {props.link && (
        <p className="govuk-body">
          <a className="govuk-link" href={props.link.href}>
            {props.link.text}
          </a>
        </p>
      )}
    </>
  );
}

/** A scored question's row in the headline table: question, measure, score, how many answered. */
function headline(lang: UiLang, q: QuestionFigures): ReactNode[] {
  const t = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) =>
    text(lang, key, params);
  // No answers: no score to give (a 0% would read as everyone unhappy).
  const figure = headlineFigure(q);
  return [
    q.field.label[lang],
    t(headlineKind(q)),
    !figure
      ? t('noAnswersYet')
      : figure.low !== undefined
        ? `${figure.score} (${t('interval', { low: figure.low, high: figure.high! })})`
        : `${figure.score}%`,
    <>
      {q.n}
      {q.lowSample && (
        <>
          {' '}
          <strong className="govuk-tag govuk-tag--yellow">{t('fewAnswers')}</strong>
        </>
      )}
    </>,
  ];
}

/** A survey's part of the overview: its figures, scores over time and notes (in date order). */
export interface OverviewSurvey {
  survey: ResolvedSurvey;
  figures: SurveyFigures;
  trends: ScoreTrend[];
  notes: Note[];
}

export function Overview(props: {
  lang: UiLang;
  range: { from: Date; to: Date };
  period: TrendPeriod;
  surveys: OverviewSurvey[];
  parsed: ParsedFilter;
  query: QueryValues;
  /** Every survey, for the filter form. */
  all: ResolvedSurvey[];
}) {
  const { lang, parsed } = props;
  const t = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) =>
    text(lang, key, params);
  // A question's page keeps the filter, except the survey (its address names it).
  const kept = filterQuery(parsed.kept, ['survey']);
  const segmented = Object.keys(parsed.kept).length > 0;
  return (
    <>
      <FilterErrors lang={lang} parsed={parsed} />
      <h1 className="govuk-heading-l">{t('overview')}</h1>
      <DateRange lang={lang} range={props.range} />
      <SegmentControls
        lang={lang}
        action="/team"
        parsed={parsed}
        query={props.query}
        surveys={props.all}
        surveySelect
        extra={periodQuery(props.period)}
      />
      {props.surveys.length > 0 && (
        <FigureLinks
          lang={lang}
          downloads={OVERVIEW_TABLES.map((table) => ({
            path: `/team/overview/${table}.csv`,
            query: joinQuery(filterQuery(parsed.kept), periodParam(props.period)),
            label: OVERVIEW_LABELS[table],
          }))}
        />
      )}
      {props.surveys.map(({ survey, figures, trends, notes }) => {
        const scored = scoredQuestions({ survey, figures, trends, notes });
        const inWeeks = figures.weeks.map((w) => weekNotes(notes, w.start));
        return (
          <section key={survey.id} className="govuk-!-margin-bottom-9">
            <h2 className="govuk-heading-m">{surveyName(survey, lang)}</h2>
            {segmented && figures.counts.all < LOW_SAMPLE && (
              <div className="govuk-inset-text">{t('segmentSmall')}</div>
            )}
            <Table
              caption={t('responses')}
              columns={[
                { heading: t('all'), numeric: true },
                { heading: t('inEnglish'), numeric: true },
                { heading: t('inWelsh'), numeric: true },
                { heading: t('unknown'), numeric: true },
              ]}
              rows={[
                {
                  key: 'counts',
                  cells: [
                    figures.counts.all,
                    figures.counts.en,
                    figures.counts.cy,
                    figures.counts.unknown,
                  ],
                },
              ]}
            />
            {scored.length ? (
              <Table
                caption={t('headlines')}
                columns={[
                  { heading: t('question') },
                  { heading: t('measure') },
                  { heading: t('score') },
                  { heading: t('answered') },
                ]}
                rowHeadings
                rows={scored.map((q) => ({ key: q.field.name, cells: headline(lang, q) }))}
              />
            ) : (
              <p className="govuk-body">{t('noScores')}</p>
            )}
            <ColumnChart
              id={`trend-${survey.id}`}
              title={`${t('trend')}: ${surveyName(survey, lang)}`}
              columns={figures.weeks.map((w, i) => ({
                label: axisDate(lang, w.start),
                value: w.count,
                partial: w.partial,
                notes: inWeeks[i]!.map((n) => notes.indexOf(n) + 1),
              }))}
              partialNote={t('partialWeek')}
              noteName={(n) => t('noteMarker', { n })}
            />
            <Table
              caption={t('trend')}
              columns={[
                { heading: t('week') },
                { heading: t('responses'), numeric: true },
                ...(notes.length ? [{ heading: t('notesColumn') }] : []),
              ]}
              rows={figures.weeks.map((w, i) => ({
                key: w.start.toISOString(),
                cells: [
                  w.partial ? `${date(lang, w.start)} (${t('partialWeek')})` : date(lang, w.start),
                  w.count,
                  ...(notes.length ? [notesText(lang, inWeeks[i]!, notes)] : []),
                ],
              }))}
            />
            {trends.length > 0 && (
              <>
                <h3 className="govuk-heading-s">{t('scoreTrends')}</h3>
                <PeriodLinks lang={lang} period={props.period} kept={parsed.kept} />
                {trends.map((trend) => (
                  <ScoreTrendFigure
                    key={trend.field.name}
                    id={`score-${survey.id}-${trend.field.name}`}
                    lang={lang}
                    trend={trend}
                    period={props.period}
                    notes={notes}
                  />
                ))}
              </>
            )}
            <TrendNotes lang={lang} notes={notes} />
            <p className="govuk-body">
              <a className="govuk-link" href={linkTo('/team/notes', '', lang)}>
                {t('notesLink')}
              </a>
            </p>
            <p className="govuk-body">
              <a
                className="govuk-link"
                href={linkTo(
                  '/team/compare',
                  filterQuery({ ...parsed.kept, survey: survey.id }),
                  lang,
                )}
              >
                {t('compareLink')}
              </a>
            </p>
            <h3 className="govuk-heading-s">{t('questions')}</h3>
            <ul className="govuk-list">
              {allFields(survey)
                .filter((f) => isChoice(f) || isFreeText(f))
                .map((f) => (
                  <li key={f.name}>
                    <a className="govuk-link" href={linkTo(questionPath(survey, f), kept, lang)}>
                      {f.label[lang]}
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
