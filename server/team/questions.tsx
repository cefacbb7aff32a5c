// GET /team/questions/:survey/:field: one question's figures as a chart and a table, or for a
// free-text question its answers, newest first, searchable and filterable by another answer.
import type { FastifyInstance } from 'fastify';
import { Button } from '../../renderers';
import { allFields, type ResolvedField, type ResolvedSurvey } from '../../engine';
import type { FeedbackRecord } from '../storage/types';
import { BarChart } from './charts';
import { langOf, query, type TeamContext } from './context';
import { figuresFromTally, type QuestionFigures } from './figures';
import { withLang } from './layout';
import { dateRange } from './overview';
import { pageOf, Pagination } from './pagination';
import { maskPersonalData } from './privacy';
import { roleFilter, withinBudget } from './responses';
import { SearchTooLong } from './responses-pages';
import { searchTerm } from './search';
import { Table } from './table';
import { formatDate, responsesFound, text, type TextKey, type UiLang } from './text';
import { surveyName } from './privacy';

/** Free-text answers shown a page at a time. */
const TEXT_PAGE_SIZE = 50;

export const isChoice = (f: ResolvedField) => f.type === 'radios' || f.type === 'checkboxes';
export const isFreeText = (f: ResolvedField) =>
  f.type === 'textarea' || (f.type === 'text' && !f.autocomplete);

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
  tooLong?: boolean;
}) {
  const { lang, survey, field, q } = props;
  // Other pages keep the filter (dates, search, other answer) and the language.
  const pageHref = (n: number) => {
    const kept = new URLSearchParams();
    for (const key of ['from', 'to', 'q', 'answer']) if (q[key]) kept.set(key, q[key]!);
    kept.set('page', String(n));
    return withLang(`${questionPath(survey, field)}?${kept}`, lang);
  };
  const t = (key: TextKey) => text(lang, key);
  const others = allFields(survey).filter((f) => f.type === 'radios' && f.options?.length);
  return (
    <>
      <form method="get" action={questionPath(survey, field)} noValidate>
        {lang === 'cy' && <input type="hidden" name="lang" value="cy" />}
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
        {others.length > 0 && (
          <div className="govuk-form-group">
            <label className="govuk-label" htmlFor="answer">
              {t('whoAnswered')}
            </label>
            <select
              className="govuk-select"
              id="answer"
              name="answer"
              defaultValue={q.answer ?? ''}
            >
              <option value="">{t('anyAnswer')}</option>
              {others.map((f) => (
                <optgroup key={f.name} label={f.label[lang]}>
                  {(f.options ?? []).map((o) => (
                    <option key={o.value} value={`${f.name}:${o.value}`}>
                      {o.label[lang]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        )}
        <Button classes="govuk-button--secondary">{t('applyFilter')}</Button>
      </form>
      {props.tooLong && <SearchTooLong lang={lang} />}
      <p className="govuk-body">{responsesFound(lang, props.total)}</p>
      <ul className="govuk-list">
        {props.records.map((r) => (
          <li key={r.id} className="govuk-!-margin-bottom-4">
            <p
              className="govuk-body govuk-!-margin-bottom-1"
              lang={r.lang && r.lang !== lang ? r.lang : undefined}
            >
              {maskPersonalData(r.answers[field.name] ?? '')}
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

export function registerQuestions(team: FastifyInstance, ctx: TeamContext): void {
  team.get<{ Params: { survey: string; field: string } }>(
    '/team/questions/:survey/:field',
    { preHandler: ctx.allow('viewer') },
    async (request, reply) => {
      const lang = langOf(request);
      const survey = ctx.surveys.get(request.params.survey);
      const field = survey && allFields(survey).find((f) => f.name === request.params.field);
      if (!survey || !field || !(isChoice(field) || isFreeText(field))) {
        return ctx.render(
          request,
          reply,
          {
            title: text(lang, 'notFound'),
            children: <h1 className="govuk-heading-l">{text(lang, 'notFound')}</h1>,
          },
          404,
        );
      }
      const q = query(request);
      const range = dateRange(q, ctx.clock());
      let body;
      let keptQuery = q;
      if (isChoice(field)) {
        const counted = await ctx.store.tallyFeedback({ surveyId: survey.id, ...range }, [
          field.name,
        ]);
        const figures = figuresFromTally(survey, ctx.scales, counted, range).questions.find(
          (x) => x.field.name === field.name,
        )!;
        body = <Distribution lang={lang} q={figures} id="chart" />;
      } else {
        const [other, value] = (q.answer ?? '').split(':');
        const unchecked = {
          surveyId: survey.id,
          ...range,
          anyOf: [field.name],
          text: searchTerm(q.q),
          textIn: field.name,
          answers:
            other && value !== undefined && /^\w+$/.test(other) ? { [other]: value } : undefined,
        };
        const allowed = await roleFilter(request, ctx, unchecked, q);
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
            tooLong={!found}
          />
        );
      }
      return ctx.render(request, reply, {
        title: field.label[lang],
        query: keptQuery,
        children: (
          <>
            <span className="govuk-caption-l">{surveyName(survey, lang)}</span>
            <h1 className="govuk-heading-l">{field.label[lang]}</h1>
            <p className="govuk-body">
              {text(lang, 'dateRange', {
                from: formatDate(lang, range.from),
                to: formatDate(lang, new Date(range.to.getTime() - 1)),
              })}
            </p>
            {body}
          </>
        ),
      });
    },
  );
}
