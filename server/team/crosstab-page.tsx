// GET /team/crosstab?survey=&score=&by= (and the same table as crosstab.csv): one survey's score
// question broken down by the answers to another of its choice questions, for the responses the
// segment chooses (server/team/filters.ts), read through the member's reader.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roleOf, type ResolvedField, type ResolvedSurvey } from '../../engine';
import { Button, ErrorMessage, ErrorSummary } from '../../renderers';
import { langOf, query, queryValues, type TeamContext } from './context';
import { byFields, crosstab, scoreFields, type Crosstab, type CrossRow } from './crosstab';
import { percentCell, pointsCell, sendCsv } from './figure-csv';
import { filterQuery, type ParsedFilter } from './filters';
import { withLang } from './layout';
import { surveyName } from './privacy';
import { FilterErrors, linkTo, SegmentForm, SegmentTags } from './segments';
import { Table } from './table';
import { formatDate, text, type TextKey, type UiLang } from './text';

export const CROSSTAB_PATH = '/team/crosstab';

type Choice = 'score' | 'by';
type ChoiceError = { field: Choice; key: TextKey };

/** The page's survey, score and "by" questions as asked (or the defaults), and what is wrong. */
function choose(survey: ResolvedSurvey, q: Record<string, string | undefined>) {
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
  const score = pick('score', scores, scores.find((f) => f.scale) ?? scores[0]);
  const by = pick(
    'by',
    bys,
    bys.find((f) => f.name !== score?.name),
  );
  if (score && by && score.name === by.name && !errors.length)
    errors.push({ field: 'by', key: 'crosstabSame' });
  return { scores, bys, score, by, errors };
}

const percent = (share: number) => `${percentCell(share).toFixed(1)}%`;

function rowLabel(lang: UiLang, row: CrossRow): string {
  if ('all' in row.key) return text(lang, 'all');
  if ('unanswered' in row.key) return text(lang, 'crosstabNoAnswer');
  return row.key.option.label[lang];
}

function headlineHeading(lang: UiLang, table: Crosstab): string | undefined {
  if (table.measure === 'net-promoter') return text(lang, 'nps');
  if (table.measure === 'satisfaction') return text(lang, 'csat');
  if (table.measure === 'likelihood') return text(lang, 'recommend');
  return undefined;
}

/** The table's header and rows as the CSV has them (one column a figure). */
function csvOf(lang: UiLang, table: Crosstab): { header: string[]; rows: (string | number)[][] } {
  const t = (key: TextKey) => text(lang, key);
  const headline = headlineHeading(lang, table);
  const header = [
    table.by.label[lang],
    t('answered'),
    ...(headline
      ? [headline, `${headline}: ${t('crosstabLow')}`, `${headline}: ${t('crosstabHigh')}`]
      : []),
    ...table.score.options!.flatMap((o) => [
      `${o.label[lang]}: ${t('count')}`,
      `${o.label[lang]}: ${t('percentage')}`,
      `${o.label[lang]}: ${t('crosstabLow')}`,
      `${o.label[lang]}: ${t('crosstabHigh')}`,
    ]),
    t('crosstabNote'),
  ];
  const figure = (kind: 'topTwo' | 'nps' | undefined, value: number) =>
    kind === 'nps' ? pointsCell(value) : percentCell(value);
  const rows = table.rows.map((row) => [
    rowLabel(lang, row),
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
  ]);
  return { header, rows };
}

function CrosstabTable(props: { lang: UiLang; table: Crosstab }) {
  const { lang, table } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  const headline = headlineHeading(lang, table);
  const nps = table.measure === 'net-promoter';
  const shown = (v: number) => (nps ? `${Math.round(v)}` : percent(v));
  const interval = (low: number, high: number) => (
    <span className="govuk-body-s govuk-!-display-block govuk-!-margin-bottom-0">
      {t('interval', { low: shown(low), high: shown(high) })}
    </span>
  );
  return (
    <Table
      caption={t('crosstabCaption', { score: table.score.label[lang], by: table.by.label[lang] })}
      captionSize="m"
      rowHeadings
      columns={[
        { heading: table.by.label[lang] },
        { heading: t('answered'), numeric: true },
        ...(headline ? [{ heading: headline, numeric: true }] : []),
        ...table.score.options!.map((o) => ({ heading: o.label[lang], numeric: true })),
      ]}
      rows={table.rows.map((row, i) => ({
        key: String(i),
        cells: [
          <>
            {rowLabel(lang, row)}
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
                    {nps ? Math.round(row.headline.value) : percent(row.headline.value)}
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
    const chosen = survey && choose(survey, query(request));
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
            <p className="govuk-body">
              {t('dateRange', {
                from: formatDate(lang, parsed.range.from),
                to: formatDate(lang, new Date(parsed.range.to.getTime() - 1)),
              })}
            </p>
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
            <SegmentTags
              lang={lang}
              path={CROSSTAB_PATH}
              parsed={parsed}
              surveys={[survey]}
              extra={choice}
            />
            <SegmentForm
              lang={lang}
              action={CROSSTAB_PATH}
              parsed={parsed}
              query={parsed.query}
              surveys={[survey]}
              hidden={['survey']}
              extra={table ? { score: table.score.name, by: table.by.name } : undefined}
            />
            {table && (
              <>
                <CrosstabTable lang={lang} table={table} />
                {roleOf(table.by) === 'choices' && (
                  <p className="govuk-body">{t('crosstabTicks')}</p>
                )}
                <p className="govuk-body">
                  <a
                    className="govuk-link"
                    href={withLang(
                      `${CROSSTAB_PATH}.csv?${[filters, choice].filter(Boolean).join('&')}`,
                      lang,
                    )}
                  >
                    {t('crosstabDownload')}
                  </a>
                </p>
              </>
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

  team.get(`${CROSSTAB_PATH}.csv`, { preHandler: ctx.allow('viewer') }, async (request, reply) =>
    crosstabCsv(request, reply, await read(request)),
  );

  function crosstabCsv(
    request: FastifyRequest,
    reply: FastifyReply,
    { table }: Awaited<ReturnType<typeof read>>,
  ) {
    // A table that could not be made: back to the page, which says why.
    if (!table) {
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '');
      return ctx.refuse(request, reply, 'badInput', `${CROSSTAB_PATH}?${asked}`);
    }
    const { header, rows } = csvOf(langOf(request), table);
    return sendCsv(reply, 'crosstab', header, rows);
  }
}
