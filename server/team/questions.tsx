// GET /team/questions/:survey/:field: one question's figures as a chart and a table, or for a
// free-text question its answers, newest first, searchable and filterable by another answer.
import type { FastifyInstance } from 'fastify';
import { Button } from '../../renderers';
import {
  allFields,
  isChoice,
  isFreeText,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';
import { otherMode } from '../../engine/fields/choice';
import type { FeedbackFilter } from '../storage/team-types';
import type { FeedbackRecord } from '../storage/types';
import { BarChart } from './charts';
import { CROSSTAB_PATH } from './crosstab-page';
import { sharedQuestionOf } from './pooled';
import { POOLED_PATH, pooledQuery } from './pooled-page';
import { langOf, notFoundPage, queryValues, type TeamContext } from './context';
import { figuresFromTally, type QuestionFigures, type Scales } from './figures';
import { FigureBlock, registerFigureCsv, type CsvTable } from './figure-download';
import { otherTextOf } from './answers';
import { withLang } from './layout';
import { choiceMatch, filterQuery, firstValues, type ParsedFilter } from './filters';
import { pageOf, Pagination } from './pagination';
import { maskPersonalData } from './privacy';
import { FilterErrors, DateRange, SegmentControls, titleOf } from './segments';
import { withinBudget, type TeamReader } from './access';
import { SearchTooLong } from './responses-pages';
import { Table } from './table';
import { formatDate, responsesFound, text, type TextKey, type UiLang } from './text';
import { surveyName } from './privacy';

/** Free-text answers shown a page at a time. */
const TEXT_PAGE_SIZE = 50;

export const questionPath = (survey: ResolvedSurvey, field: ResolvedField) =>
  `/team/questions/${survey.id}/${field.name}`;

/** A share as the question's table shows it: a percentage to one decimal. */
const percentFigure = (share: number) => Math.round(share * 1000) / 10;
const percent = (share: number) => `${percentFigure(share)}%`;

/** A choice question's table as CSV: each answer's count and percentage, of how many answered. */
export function distributionCsv(lang: UiLang, q: QuestionFigures): CsvTable {
  const t = (key: TextKey) => text(lang, key);
  return {
    header: [t('answer'), t('count'), t('percentage'), t('answered'), t('crosstabNote')],
    rows: q.distribution.map((b) => [
      b.label[lang],
      b.count,
      percentFigure(b.share),
      q.n,
      q.lowSample ? t('fewAnswers') : '',
    ]),
  };
}

export function Distribution(props: { lang: UiLang; q: QuestionFigures; id: string }) {
  const { lang, q } = props;
  const t = (key: TextKey) => text(lang, key);
  return (
    <>
      <BarChart
        id={props.id}
        title={q.field.label[lang]}
        bars={q.distribution.map((b) => ({
          label: b.label[lang],
          value: b.count,
          note: `${b.count} (${percent(b.share)})`,
        }))}
      />
      <Table
        caption={
          <>
            {t('answered')}: {q.n}
            {q.lowSample && (
              <>
                {' '}
                <strong className="govuk-tag govuk-tag--yellow">{t('fewAnswers')}</strong>
              </>
            )}
          </>
        }
        columns={[
          { heading: t('answer') },
          { heading: t('count'), numeric: true },
          { heading: t('percentage'), numeric: true },
        ]}
        rowHeadings
        rows={q.distribution.map((b) => ({
          key: b.value,
          cells: [b.label[lang], b.count, percent(b.share)],
        }))}
      />
    </>
  );
}

function FreeText(props: {
  lang: UiLang;
  survey: ResolvedSurvey;
  field: ResolvedField;
  records: FeedbackRecord[];
  total: number;
  page: number;
  pages: number;
  q: Record<string, string | undefined>;
  parsed: ParsedFilter;
  /** The answer's text in a record (an Other answer can be sent in its choice's place). */
  textOf: (record: FeedbackRecord) => string;
  tooLong?: boolean;
}) {
  const { lang, survey, field, q } = props;
  // Other pages keep the filter (dates, search, other answer) and the language.
  const pageHref = (n: number) => {
    const kept = filterQuery(props.parsed.kept);
    return withLang(`${questionPath(survey, field)}?${kept ? `${kept}&` : ''}page=${n}`, lang);
  };
  const t = (key: TextKey) => text(lang, key);
  return (
    <>
      <form method="get" action={questionPath(survey, field)} noValidate>
        {lang === 'cy' && <input type="hidden" name="lang" value="cy" />}
        {/* Every filter in use but the search this form asks for. */}
        {[...new URLSearchParams(filterQuery(props.parsed.kept, ['q']))].map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        <div className="govuk-form-group">
          <label className="govuk-label" htmlFor="q">
            {t('search')}
          </label>
          <input
            className="govuk-input govuk-input--width-20"
            id="q"
            name="q"
            type="search"
            defaultValue={q.q}
          />
        </div>
        <Button classes="govuk-button--secondary">{t('applyFilter')}</Button>
      </form>
      {props.tooLong && <SearchTooLong lang={lang} />}
      <p className="govuk-body">{responsesFound(lang, props.total)}</p>
      <ul className="govuk-list">
        {props.records.map((r) => (
          <li key={r.id} className="govuk-!-margin-bottom-4">
            <p
              className="govuk-body govuk-!-margin-bottom-1 govuk-!-text-break-word"
              lang={r.lang && r.lang !== lang ? r.lang : undefined}
            >
              {maskPersonalData(props.textOf(r))}
            </p>
            <a className="govuk-link govuk-body-s" href={withLang(`/team/responses/${r.id}`, lang)}>
              {formatDate(lang, r.receivedAt, true)}
            </a>
          </li>
        ))}
      </ul>
      <Pagination lang={lang} page={props.page} pages={props.pages} href={pageHref} />
    </>
  );
}

/**
 * Which responses a free-text question's page lists, and the text it shows of each. An Other
 * text sent in its choice's place ('replace') or after the option's label ('append') is read
 * from the choice's answer; one sent on its own, from its own field.
 */
export function freeTextFilter(
  survey: ResolvedSurvey,
  field: ResolvedField,
  base: FeedbackFilter,
): { filter: FeedbackFilter; textOf: (record: FeedbackRecord) => string } {
  const parent = field.otherOf
    ? allFields(survey).find((f) => f.name === field.otherOf)
    : undefined;
  const option = parent?.options?.find((o) => o.other);
  if (!parent || !option || otherMode(parent) === 'separate')
    return {
      filter: { ...base, anyOf: [field.name], textIn: base.text && field.name },
      textOf: (r) => r.answers[field.name] ?? '',
    };
  return {
    filter: {
      ...base,
      answers: [...(base.answers ?? []), choiceMatch(parent, option.value)],
      textIn: base.text && parent.name,
    },
    // The Other text, as the field's type reads it out of the choice's answer.
    textOf: (r) => otherTextOf(parent, r.answers[parent.name] ?? ''),
  };
}

/** A choice question's figures for the page's responses. */
async function choiceFigures(
  reader: TeamReader,
  survey: ResolvedSurvey,
  field: ResolvedField,
  parsed: ParsedFilter,
  scales: Scales,
) {
  const counted = await reader.tally(parsed.filter, [field.name]);
  return figuresFromTally(survey, scales, counted, parsed.range).questions.find(
    (x) => x.field.name === field.name,
  )!;
}

export function registerQuestions(team: FastifyInstance, ctx: TeamContext): void {
  registerFigureCsv(
    team,
    ctx,
    '/team/questions/:survey/:field.csv',
    'question',
    async (request) => {
      const params = request.params as { survey: string; field: string };
      const survey = ctx.surveys.get(params.survey);
      const field = survey && allFields(survey).find((f) => f.name === params.field);
      // Only a choice question has a figure table (a free-text one lists answers).
      if (!survey || !field || !isChoice(field)) return undefined;
      const reader = ctx.reader(request);
      const parsed = await reader.segment(queryValues(request), { survey, ranged: true });
      if (parsed.errors.length) return 'back';
      return distributionCsv(
        langOf(request),
        await choiceFigures(reader, survey, field, parsed, ctx.scales),
      );
    },
    (request) => request.url.split('?')[0]!.replace(/\.csv$/, ''),
  );

  team.get<{ Params: { survey: string; field: string } }>(
    '/team/questions/:survey/:field',
    { preHandler: ctx.allow('viewer') },
    async (request, reply) => {
      const lang = langOf(request);
      const survey = ctx.surveys.get(request.params.survey);
      const field = survey && allFields(survey).find((f) => f.name === request.params.field);
      if (!survey || !field || !(isChoice(field) || isFreeText(field))) {
        return notFoundPage(ctx, request, reply);
      }
      const reader = ctx.reader(request);
      const parsed = await reader.segment(queryValues(request), { survey, ranged: true });
      const { range } = parsed;
      let body;
      if (parsed.errors.length) body = null;
      else if (isChoice(field)) {
        const figures = await choiceFigures(reader, survey, field, parsed, ctx.scales);
        const kept = filterQuery(parsed.kept);
        const shared = sharedQuestionOf(ctx.surveys.values(), survey, field);
        body = (
          <>
            <FigureBlock
              lang={lang}
              download={{ path: `${questionPath(survey, field)}.csv`, query: kept }}
            >
              <Distribution lang={lang} q={figures} id="chart" />
            </FigureBlock>
            <p className="govuk-body">
              <a
                className="govuk-link"
                href={withLang(
                  `${CROSSTAB_PATH}?${[`survey=${survey.id}`, kept, `score=${field.name}`].filter(Boolean).join('&')}`,
                  lang,
                )}
              >
                {text(lang, 'crosstabLink')}
              </a>
            </p>
            {shared && (
              <p className="govuk-body">
                <a
                  className="govuk-link"
                  href={withLang(
                    `${POOLED_PATH}?${[kept, pooledQuery(shared)].filter(Boolean).join('&')}`,
                    lang,
                  )}
                >
                  {text(lang, 'pooledLink')}
                </a>
              </p>
            )}
          </>
        );
      } else {
        const { filter, textOf } = freeTextFilter(survey, field, parsed.filter);
        const found = await withinBudget(async () => {
          const total = await reader.count(filter);
          const paging = pageOf(total, TEXT_PAGE_SIZE, firstValues(parsed.query).page);
          return { total, ...paging, records: await reader.list(filter, paging) };
        });
        const { total, page, pages, records } = found ?? {
          total: 0,
          page: 1,
          pages: 1,
          records: [],
        };
        body = (
          <FreeText
            lang={lang}
            survey={survey}
            field={field}
            records={records}
            total={total}
            page={page}
            pages={pages}
            q={firstValues(parsed.query)}
            parsed={parsed}
            textOf={textOf}
            tooLong={!found}
          />
        );
      }
      const path = questionPath(survey, field);
      return ctx.render(
        request,
        reply,
        {
          title: titleOf(lang, field.label[lang], parsed),
          query: parsed.query,
          children: (
            <>
              <FilterErrors lang={lang} parsed={parsed} />
              <span className="govuk-caption-l">{surveyName(survey, lang)}</span>
              <h1 className="govuk-heading-l">{field.label[lang]}</h1>
              <DateRange lang={lang} range={range} />
              <SegmentControls
                lang={lang}
                action={path}
                parsed={parsed}
                query={parsed.query}
                surveys={[survey]}
                keep={['q']}
              />
              {body}
            </>
          ),
        },
        parsed.errors.length ? 400 : 200,
      );
    },
  );
}
