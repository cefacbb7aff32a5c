// GET /team/questions/:survey/:field: one question's figures as a chart and a table, or for a
// free-text question its answers, newest first, searchable and filterable by another answer.
import type { FastifyInstance } from 'fastify';
import { Button } from '../../renderers';
import {
  allFields,
  isChoice,
  isFreeText,
  typeOf,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';
import { otherMode } from '../../engine/fields/choice';
import type { FeedbackFilter } from '../storage/team-types';
import type { FeedbackRecord } from '../storage/types';
import { BarChart } from './charts';
import { langOf, notFoundPage, query, type TeamContext } from './context';
import { figuresFromTally, type QuestionFigures } from './figures';
import { withLang } from './layout';
import { choiceFilter, filterQuery, parseFilter, type ParsedFilter } from './filters';
import { pageOf, Pagination } from './pagination';
import { maskPersonalData } from './privacy';
import { FilterErrors, SegmentForm, SegmentTags, titleOf } from './segments';
import { roleFilter, withinBudget } from './responses';
import { SearchTooLong } from './responses-pages';
import { Table } from './table';
import { formatDate, responsesFound, text, type TextKey, type UiLang } from './text';
import { surveyName } from './privacy';

/** Free-text answers shown a page at a time. */
const TEXT_PAGE_SIZE = 50;

export const questionPath = (survey: ResolvedSurvey, field: ResolvedField) =>
  `/team/questions/${survey.id}/${field.name}`;

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

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
        {(['from', 'to', 'respondentLang', 'answer'] as const).map((key) =>
          props.parsed.kept[key] ? (
            <input key={key} type="hidden" name={key} value={props.parsed.kept[key]} />
          ) : null,
        )}
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
  const filter = choiceFilter(parent, option.value);
  return {
    filter: {
      ...base,
      otherAnswers: { ...base.otherAnswers, ...filter.otherAnswers },
      ticked: { ...base.ticked, ...filter.ticked },
      textIn: base.text && parent.name,
    },
    // The field's type reads its sent answer back (engine/fields), as the server's check does.
    textOf: (r) => typeOf(parent).parseSent(parent, r.answers[parent.name] ?? '').other ?? '',
  };
}

export function registerQuestions(team: FastifyInstance, ctx: TeamContext): void {
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
      const q = query(request);
      const parsed = parseFilter(q, {
        surveys: ctx.surveys,
        now: ctx.clock(),
        survey,
        ranged: true,
      });
      const { range } = parsed;
      let body;
      let keptQuery: Record<string, string | undefined> = q;
      if (parsed.errors.length) body = null;
      else if (isChoice(field)) {
        const allowed = await roleFilter(request, ctx, parsed.filter, parsed.kept);
        keptQuery = allowed.q;
        const counted = await ctx.store.tallyFeedback(allowed.filter, [field.name]);
        const figures = figuresFromTally(survey, ctx.scales, counted, range).questions.find(
          (x) => x.field.name === field.name,
        )!;
        body = <Distribution lang={lang} q={figures} id="chart" />;
      } else {
        const { filter: asked, textOf } = freeTextFilter(survey, field, parsed.filter);
        const allowed = await roleFilter(request, ctx, asked, parsed.kept);
        keptQuery = allowed.q;
        const filter = allowed.filter;
        const found = await withinBudget(async () => {
          const total = await ctx.store.countFeedback(filter);
          const paging = pageOf(total, TEXT_PAGE_SIZE, q.page);
          return { total, ...paging, records: await ctx.store.findFeedback(filter, paging) };
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
            q={allowed.q}
            parsed={{ ...parsed, kept: allowed.q as ParsedFilter['kept'] }}
            textOf={textOf}
            tooLong={!found}
          />
        );
      }
      const path = questionPath(survey, field);
      // What the member's role allowed of the filter, as the page shows it back.
      const shown = { ...parsed, kept: keptQuery as ParsedFilter['kept'] };
      return ctx.render(
        request,
        reply,
        {
          title: titleOf(lang, field.label[lang], parsed),
          query: { ...keptQuery, page: q.page },
          children: (
            <>
              <FilterErrors lang={lang} parsed={parsed} />
              <span className="govuk-caption-l">{surveyName(survey, lang)}</span>
              <h1 className="govuk-heading-l">{field.label[lang]}</h1>
              <p className="govuk-body">
                {text(lang, 'dateRange', {
                  from: formatDate(lang, range.from),
                  to: formatDate(lang, new Date(range.to.getTime() - 1)),
                })}
              </p>
              <SegmentTags lang={lang} path={path} parsed={shown} surveys={[survey]} keep={['q']} />
              <SegmentForm
                lang={lang}
                action={path}
                parsed={shown}
                query={keptQuery}
                surveys={[survey]}
                hidden={['q']}
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
