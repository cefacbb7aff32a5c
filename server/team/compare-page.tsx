// GET /team/compare: one survey's responses in a chosen period (the filter's dates, by default
// the last 30 days) against an earlier one (`beforeFrom`/`beforeTo`, by default the same number
// of days just before), in words and in tables. The segment applies to both periods.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../../engine';
import { compareFigures, type NpsChange, type ShareChange, type Verdict } from './compare';
import {
  compareCsv,
  COMPARE_TABLES,
  headlineRows,
  npsFigure,
  shareRows,
  subjectOf,
  VERDICT_SHORT,
  type CompareRow,
  type CompareTable,
} from './compare-csv';
import { FigureBlock, joinQuery, registerFigureCsv } from './figure-download';
import { langOf, query, queryValues, type TeamContext } from './context';
import { choiceFields, figuresFromTally } from './figures';
import {
  filterQuery,
  parseFilter,
  type FilterError,
  type ParsedFilter,
  type QueryValues,
} from './filters';
import { beforeQuery, FilterErrors, SegmentControls, titleOf } from './segments';
import { Table } from './table';
import { addDays, daysBetween, ukDay, ukMidnight } from '../uk-time';
import { formatDate, text, type TextKey, type UiLang } from './text';

type Range = { from: Date; to: Date };

export const COMPARE_PATH = '/team/compare';

const COMPARE_LABELS: Record<CompareTable, TextKey> = {
  headlines: 'downloadHeadlines',
  shares: 'downloadShares',
};

/**
 * As many UK days as `after` holds, ending where it starts. Counted in days, not milliseconds:
 * a period across the clocks changing is an hour shorter or longer than its days times 24 hours.
 */
export function justBefore(after: Range): Range {
  const first = ukDay(after.from);
  const days = daysBetween(first, ukDay(after.to));
  return { from: ukMidnight(addDays(first, -days)), to: after.from };
}

/**
 * The earlier period: the one asked for, or as long as `after` and just before it. One asked
 * for must end before `after` starts: a response in both periods would be compared with itself
 * (the tests take the periods as independent), and a later "earlier" period would be described
 * backwards. `datesValid` false (the chosen period's own dates are wrong) leaves that unchecked.
 */
export function earlierPeriod(
  q: Record<string, string | undefined>,
  after: Range,
  options: Parameters<typeof parseFilter>[1],
  datesValid = true,
): { range: Range; errors: FilterError[] } {
  const from = q.beforeFrom?.trim();
  const to = q.beforeTo?.trim();
  if (!from && !to) return { range: justBefore(after), errors: [] };
  if (!from || !to)
    return {
      range: after,
      errors: [{ field: from ? 'beforeTo' : 'beforeFrom', key: 'compareBeforeMissing' }],
    };
  const parsed = parseFilter({ from, to }, { ...options, ranged: true });
  const errors: FilterError[] = parsed.errors.map((e) => ({
    ...e,
    field: e.field === 'to' ? 'beforeTo' : 'beforeFrom',
  }));
  if (!errors.length && datesValid) {
    if (parsed.range.from >= after.from)
      errors.push({ field: 'beforeFrom', key: 'compareBeforeLater' });
    else if (parsed.range.to > after.from)
      errors.push({ field: 'beforeTo', key: 'compareBeforeOverlaps' });
  }
  return { range: parsed.range, errors };
}

/** Whether the filter's own dates were understood (so the periods can be put in order). */
export const datesUnderstood = (parsed: ParsedFilter) =>
  !parsed.errors.some((e) => e.field === 'from' || e.field === 'to');

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A change of share in percentage points, signed, its noun counted ('+1 point', '−2 bwynt'). */
export function changeInPoints(lang: UiLang, share: number): string {
  const n = Math.round(share * 1000) / 10;
  return text(lang, 'comparePoints', { count: n, n: signed(n) });
}

/** A change of share with its 95% interval: '−37.5 points (95% interval −55.1 to −16.9)'. */
export function shareChangeText(lang: UiLang, c: ShareChange): string {
  const points = (share: number) => signed(Math.round(share * 1000) / 10);
  const change = changeInPoints(lang, c.change);
  return c.low === undefined
    ? change
    : `${change} (${text(lang, 'interval', { low: points(c.low), high: points(c.high!) })})`;
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const VERDICT_WORDS: Record<Exclude<Verdict, 'no-data'>, TextKey> = {
  significant: 'verdictSignificant',
  chance: 'verdictChance',
  'too-few': 'verdictTooFew',
};

/** "Satisfaction (CSAT) fell from 72% to 61%; this is unlikely to be chance." */
export function changeSentence(
  lang: UiLang,
  measure: string,
  a: string,
  b: string,
  difference: number,
  verdict: Verdict,
): string {
  if (verdict === 'no-data') return capital(text(lang, 'compareNoData', { measure }));
  const key = difference > 0 ? 'compareRose' : difference < 0 ? 'compareFell' : 'compareSame';
  return capital(text(lang, key, { measure, a, b, verdict: text(lang, VERDICT_WORDS[verdict]) }));
}

/** A row's change as the page shows it: signed, with its interval ("+12.5 points (95% …)"). */
function changeText(lang: UiLang, r: CompareRow): string {
  const change = r.nps
    ? signed(r.change)
    : text(lang, 'comparePoints', { count: r.change, n: signed(r.change) });
  return r.low === undefined
    ? change
    : `${change} (${text(lang, 'interval', { low: signed(r.low), high: signed(r.high!) })})`;
}

function Comparison(props: {
  lang: UiLang;
  comparison: ReturnType<typeof compareFigures>;
  /** The page's query for its CSVs (filters and the earlier period). */
  query: string;
}) {
  const { lang, comparison } = props;
  const t = (key: TextKey, params?: Record<string, string | number>) => text(lang, key, params);
  // Two questions with the same measure (two satisfaction questions, say) would give the same
  // sentence twice: then each sentence names its question.
  const subjects = comparison.questions.flatMap((q) => [
    ...(q.topTwo ? [subjectOf(q)] : []),
    ...(q.nps ? ['subjectNps' as const] : []),
  ]);
  const measureOf = (subject: TextKey, q: (typeof comparison.questions)[number]) =>
    subjects.filter((s) => s === subject).length > 1
      ? t('subjectOfQuestion', { subject: t(subject), question: q.field.label[lang] })
      : t(subject);
  const { before, after } = comparison.counts;
  const sentences = [
    t(
      after > before
        ? 'compareCountRose'
        : after < before
          ? 'compareCountFell'
          : 'compareCountSame',
      {
        a: before,
        b: after,
      },
    ),
  ];
  for (const q of comparison.questions) {
    if (q.topTwo) {
      const c: ShareChange = q.topTwo;
      sentences.push(
        changeSentence(
          lang,
          measureOf(subjectOf(q), q),
          percent(c.before.share),
          percent(c.after.share),
          c.change,
          c.verdict,
        ),
      );
    }
    if (q.nps) {
      const c: NpsChange = q.nps;
      sentences.push(
        changeSentence(
          lang,
          measureOf('subjectNps', q),
          String(npsFigure(c.before.score)),
          String(npsFigure(c.after.score)),
          npsFigure(c.change),
          c.verdict,
        ),
      );
    }
  }
  const headlines = headlineRows(lang, comparison);
  const figure = (r: CompareRow, value: number) => (r.nps ? String(value) : `${value}%`);
  const cells = (r: CompareRow, of: (n: number) => string) => [
    `${figure(r, r.before)} ${of(r.beforeOf)}`,
    `${figure(r, r.after)} ${of(r.afterOf)}`,
    changeText(lang, r),
    t(VERDICT_SHORT[r.verdict]),
  ];
  const columns = [
    { heading: t('compareBefore'), numeric: true },
    { heading: t('compareAfter'), numeric: true },
    { heading: t('compareChange'), numeric: true },
    { heading: t('compareVerdict') },
  ];
  const query = (table: CompareTable) => ({
    path: `/team/compare/${table}.csv`,
    query: props.query,
    label: COMPARE_LABELS[table],
  });
  return (
    <>
      <h2 className="govuk-heading-m">{t('compareSummary')}</h2>
      <ul className="govuk-list govuk-list--bullet">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      {headlines.length > 0 && (
        <FigureBlock lang={lang} download={query('headlines')}>
          <Table
            caption={t('headlines')}
            columns={[{ heading: t('question') }, ...columns]}
            rowHeadings
            rows={headlines.map((r) => ({
              key: r.key,
              cells: [
                `${r.question.field.label[lang]} (${r.label})`,
                ...cells(r, (n) => `(n = ${n})`),
              ],
            }))}
          />
        </FigureBlock>
      )}
      <h2 className="govuk-heading-m">{t('compareShares')}</h2>
      <FigureBlock lang={lang} download={query('shares')}>
        {comparison.questions.map((q) => (
          <Table
            key={q.field.name}
            caption={q.field.label[lang]}
            columns={[{ heading: t('answer') }, ...columns]}
            rowHeadings
            rows={shareRows(lang, q).map((r) => ({
              key: r.key,
              cells: [r.label, ...cells(r, (n) => `(${n})`)],
            }))}
          />
        ))}
      </FigureBlock>
    </>
  );
}

function ComparePage(props: {
  lang: UiLang;
  parsed: ParsedFilter;
  query: QueryValues;
  surveys: ResolvedSurvey[];
  survey?: ResolvedSurvey;
  before: Range;
  comparison?: ReturnType<typeof compareFigures>;
  csvQuery: string;
}) {
  const { lang, parsed } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  const last = (r: Range) => formatDate(lang, new Date(r.to.getTime() - 1));
  return (
    <>
      <FilterErrors lang={lang} parsed={parsed} />
      {props.survey && <span className="govuk-caption-l">{props.survey.title[lang]}</span>}
      <h1 className="govuk-heading-l">{t('compare')}</h1>
      {props.survey && !parsed.errors.length ? (
        <p className="govuk-body">
          {t('compareIntro', {
            from: formatDate(lang, parsed.range.from),
            to: last(parsed.range),
            beforeFrom: formatDate(lang, props.before.from),
            beforeTo: last(props.before),
          })}
        </p>
      ) : (
        !parsed.errors.length && <p className="govuk-body">{t('compareChooseSurvey')}</p>
      )}
      <SegmentControls
        lang={lang}
        action="/team/compare"
        parsed={parsed}
        query={props.query}
        surveys={props.survey ? [props.survey] : props.surveys}
        named={props.surveys}
        surveySelect
        before
      />
      {props.comparison && (
        <Comparison lang={lang} comparison={props.comparison} query={props.csvQuery} />
      )}
      <CompareMethod lang={lang} many="compareMethodMany" />
    </>
  );
}

/** How changes are tested, for a non-statistician; `many` says which changes are corrected together. */
export function CompareMethod(props: { lang: UiLang; many: TextKey }) {
  const t = (key: TextKey) => text(props.lang, key);
  return (
    <>
      <h2 className="govuk-heading-m">{t('compareMethodHeading')}</h2>
      <p className="govuk-body">{t('compareMethod')}</p>
      <p className="govuk-body">{t('compareMethodTest')}</p>
      <p className="govuk-body">{t(props.many)}</p>
    </>
  );
}

export function registerCompare(team: FastifyInstance, ctx: TeamContext): void {
  const read = async (request: FastifyRequest) => {
    const reader = ctx.reader(request);
    const parsed = await reader.segment(queryValues(request), { ranged: true });
    const options = { surveys: ctx.surveys, now: ctx.clock(), ranged: true };
    const before = earlierPeriod(query(request), parsed.range, options, datesUnderstood(parsed));
    parsed.errors.push(...before.errors);
    const survey = parsed.filter.surveyId ? ctx.surveys.get(parsed.filter.surveyId) : undefined;
    let comparison;
    if (survey && !parsed.errors.length) {
      const fields = choiceFields(survey).map((f) => f.name);
      const figures = async (range: Range) =>
        figuresFromTally(
          survey,
          ctx.scales,
          await reader.tally({ ...parsed.filter, ...range }, fields),
          range,
        );
      comparison = compareFigures(await figures(before.range), await figures(parsed.range));
    }
    return { parsed, before, survey, comparison };
  };

  team.get(COMPARE_PATH, { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const { parsed, before, survey, comparison } = await read(request);
    return ctx.render(
      request,
      reply,
      {
        title: titleOf(lang, text(lang, 'compare'), parsed),
        query: parsed.query,
        children: (
          <ComparePage
            lang={lang}
            parsed={parsed}
            query={parsed.query}
            surveys={[...ctx.surveys.values()]}
            survey={survey}
            before={before.range}
            comparison={comparison}
            csvQuery={joinQuery(filterQuery(parsed.kept), beforeQuery(parsed.query))}
          />
        ),
      },
      parsed.errors.length ? 400 : 200,
    );
  });

  for (const table of COMPARE_TABLES)
    registerFigureCsv(
      team,
      ctx,
      `${COMPARE_PATH}/${table}.csv`,
      `compare-${table}`,
      async (request) => {
        const { comparison } = await read(request);
        // No comparison (no survey chosen, or a wrong filter): the page says why.
        if (!comparison) return 'back';
        return compareCsv(langOf(request), table, comparison);
      },
      COMPARE_PATH,
    );
}
