// GET /team/crosstab?survey=&score=&by= (and the same table as crosstab.csv): one survey's score
// question broken down by the answers to another of its choice questions, for the responses the
// segment chooses (server/team/filters.ts), read through the member's reader.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleOf, type ResolvedField, type ResolvedSurvey } from '../../engine';
import { Button, ErrorMessage, ErrorSummary } from '../../renderers';
import { langOf, query, queryValues, type TeamContext } from './context';
import { byFields, crosstab, scoreFields, type Crosstab, type CrossRow } from './crosstab';
import type { Scales } from './figures';
import { FigureBlock, joinQuery, registerFigureCsv } from './figure-download';
import { figureCsv, FigureTable } from './figure-table';
import { filterQuery, type ParsedFilter } from './filters';
import { surveyName } from './privacy';
import { FilterErrors, linkTo, DateRange, SegmentControls } from './segments';
import { text, type TextKey, type UiLang } from './text';

export const CROSSTAB_PATH = '/team/crosstab';

type Choice = 'score' | 'by';
type ChoiceError = { field: Choice; key: TextKey };

/** The page's survey, score and "by" questions as asked (or the defaults), and what is wrong. */
function choose(survey: ResolvedSurvey, scales: Scales, q: Record<string, string | undefined>) {
  const scores = scoreFields(survey);
  const bys = byFields(survey);
  const errors: ChoiceError[] = [];
  const pick = (field: Choice, from: ResolvedField[], fallback: ResolvedField | undefined) => {
    const asked = q[field]?.trim();
    if (!asked) return fallback;
    const found = from.find((f) => f.name === asked);
    if (!found)
      errors.push({ field, key: field === 'score' ? 'crosstabBadScore' : 'crosstabBadBy' });
    return found;
  };
  // By default the first question with a headline score (CSAT, NPS), else the first.
  const measured = scores.find((f) => f.scale && scales[f.scale]?.measure);
  const score = pick('score', scores, measured ?? scores[0]);
  const by = pick(
    'by',
    bys,
    bys.find((f) => f.name !== score?.name),
  );
  if (score && by && score.name === by.name && !errors.length)
    errors.push({ field: 'by', key: 'crosstabSame' });
  return { scores, bys, score, by, errors };
}

function rowLabel(lang: UiLang, row: CrossRow): string {
  if ('all' in row.key) return text(lang, 'all');
  if ('unanswered' in row.key) return text(lang, 'crosstabNoAnswer');
  return row.key.option.label[lang];
}

const labelled = (lang: UiLang, table: Crosstab) =>
  table.rows.map((row) => ({ label: rowLabel(lang, row), row }));

function ChoiceForm(props: {
  lang: UiLang;
  parsed: ParsedFilter;
  scores: ResolvedField[];
  bys: ResolvedField[];
  score?: ResolvedField;
  by?: ResolvedField;
  asked: Record<string, string | undefined>;
  errors: ChoiceError[];
}) {
  const { lang } = props;
  const t = (key: TextKey) => text(lang, key);
  const kept = [...new URLSearchParams(filterQuery(props.parsed.kept))];
  const select = (id: Choice, label: TextKey, fields: ResolvedField[], value?: string) => {
    const error = props.errors.find((e) => e.field === id);
    return (
      <div className={`govuk-form-group${error ? ' govuk-form-group--error' : ''}`}>
        <label className="govuk-label" htmlFor={id}>
          {t(label)}
        </label>
        {error && (
          <ErrorMessage id={`${id}-error`} visuallyHiddenText={t('errorPrefix')}>
            {t(error.key)}
          </ErrorMessage>
        )}
        <select
          className={`govuk-select${error ? ' govuk-select--error' : ''}`}
          id={id}
          name={id}
          defaultValue={value ?? ''}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {fields.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label[lang]}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <form method="get" action={CROSSTAB_PATH} noValidate>
      {lang === 'cy' && <input type="hidden" name="lang" value="cy" />}
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {select('score', 'crosstabScore', props.scores, props.score?.name ?? props.asked.score)}
      {select('by', 'crosstabBy', props.bys, props.by?.name ?? props.asked.by)}
      <Button>{t('crosstabShow')}</Button>
    </form>
  );
}

export function registerCrosstab(team: FastifyInstance, ctx: TeamContext): void {
  /** The page's table, or what to show instead. */
  const read = async (request: FastifyRequest) => {
    const reader = ctx.reader(request);
    const parsed = await reader.segment(queryValues(request), { ranged: true });
    const survey = parsed.filter.surveyId ? ctx.surveys.get(parsed.filter.surveyId) : undefined;
    const chosen = survey && choose(survey, ctx.scales, query(request));
    const table =
      survey && chosen?.score && chosen.by && !chosen.errors.length && !parsed.errors.length
        ? crosstab(
            ctx.scales,
            chosen.score,
            chosen.by,
            await reader.answerPairs(parsed.filter, [chosen.score.name, chosen.by.name]),
          )
        : undefined;
    return { parsed, survey, chosen, table };
  };

  team.get(CROSSTAB_PATH, { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
    const { parsed, survey, chosen, table } = await read(request);
    const choice = table ? `score=${table.score.name}&by=${table.by.name}` : '';
    const filters = filterQuery(parsed.kept);
    const errors = [...(chosen?.errors ?? [])];
    const failed = parsed.errors.length > 0 || errors.length > 0;
    // The segment form keeps the questions chosen, or as asked when one was wrong.
    const asked = query(request);
    const kept = Object.fromEntries(
      (['score', 'by'] as const).flatMap((key) => {
        const value = chosen?.[key]?.name ?? asked[key]?.trim();
        return value ? [[key, value]] : [];
      }),
    );
    const children = (
      <>
        <FilterErrors lang={lang} parsed={parsed} />
        {errors.length > 0 && (
          <ErrorSummary
            titleText={t('thereIsAProblem')}
            errorList={errors.map((e) => ({ text: t(e.key), href: `#${e.field}` }))}
          />
        )}
        {survey && <span className="govuk-caption-l">{surveyName(survey, lang)}</span>}
        <h1 className="govuk-heading-l">{t('crosstab')}</h1>
        <p className="govuk-body">{t('crosstabIntro')}</p>
        {!survey ? (
          <>
            <h2 className="govuk-heading-m">{t('crosstabChooseSurvey')}</h2>
            <ul className="govuk-list">
              {[...ctx.surveys.values()].map((s) => (
                <li key={s.id}>
                  <a
                    className="govuk-link"
                    href={linkTo(
                      CROSSTAB_PATH,
                      [filters, `survey=${s.id}`].filter(Boolean).join('&'),
                      lang,
                    )}
                  >
                    {surveyName(s, lang)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <DateRange lang={lang} range={parsed.range} />
            <ChoiceForm
              lang={lang}
              parsed={parsed}
              scores={chosen!.scores}
              bys={chosen!.bys}
              score={chosen!.score}
              by={chosen!.by}
              asked={query(request)}
              errors={errors}
            />
            <SegmentControls
              lang={lang}
              action={CROSSTAB_PATH}
              parsed={parsed}
              query={parsed.query}
              surveys={[survey]}
              extra={kept}
              tagsKeep={choice}
            />
            {table && (
              <FigureBlock
                lang={lang}
                download={{ path: `${CROSSTAB_PATH}.csv`, query: joinQuery(filters, choice) }}
              >
                <FigureTable
                  lang={lang}
                  caption={t('crosstabCaption', {
                    score: table.score.label[lang],
                    by: table.by.label[lang],
                  })}
                  first={table.by.label[lang]}
                  score={table.score}
                  measure={table.measure}
                  rows={labelled(lang, table)}
                />
                {roleOf(table.by) === 'choices' && (
                  <p className="govuk-body">{t('crosstabTicks')}</p>
                )}
              </FigureBlock>
            )}
            {!chosen!.scores.length || !chosen!.bys.length ? (
              <p className="govuk-body">{t('crosstabNone')}</p>
            ) : null}
          </>
        )}
      </>
    );
    return ctx.render(
      request,
      reply,
      {
        title: failed ? `${t('errorPrefix')}: ${t('crosstab')}` : t('crosstab'),
        query: parsed.query,
        children,
      },
      failed ? 400 : 200,
    );
  });

  // A table that could not be made: back to the page, which says why.
  registerFigureCsv(
    team,
    ctx,
    `${CROSSTAB_PATH}.csv`,
    'crosstab',
    async (request) => {
      const { table } = await read(request);
      if (!table) return 'back';
      const lang = langOf(request);
      return figureCsv(
        lang,
        table.by.label[lang],
        table.score,
        table.measure,
        labelled(lang, table),
      );
    },
    CROSSTAB_PATH,
  );
}
