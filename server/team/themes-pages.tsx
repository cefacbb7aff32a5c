// Themes: the list with each theme's count and share in the chosen period and the one before
// (compared as /team/compare does), a theme's page with its weekly trend and the (masked)
// answers behind it, and for analysts and admins the form to add, change or delete one
// (CSRF-checked, audited). The segment filters apply throughout; no answer text leaves here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Button, ErrorSummary } from '../../renderers';
import type { FeedbackFilter, Theme } from '../storage/team-types';
import type { Lang } from '../storage/types';
import { axisDate, ColumnChart } from './charts';
import { compareShares, correctForMany, type ShareChange } from './compare';
import { CompareMethod, datesUnderstood, earlierPeriod, shareChangeText } from './compare-page';
import { form, langOf, query, queryValues, notFoundPage, type TeamContext } from './context';
import type { TeamReader } from './access';
import { weekStart, weeksIn } from './figures';
import { filterQuery, type ParsedFilter, type QueryValues } from './filters';
import { withLang } from './layout';
import { WORDS_PATH } from './words-page';
import { themeScores, themeScoresCsv, ThemeScoresTables, type ThemeScores } from './theme-scores';
import { FigureLinks, joinQuery, registerFigureCsv } from './figure-download';
import { themesCsv } from './themes-csv';
import { pageOf, Pagination } from './pagination';
import { maskPersonalData } from './privacy';
import { beforeQuery, FilterErrors, linkTo, DateRange, SegmentControls, titleOf } from './segments';
import { hasRole } from './session';
import { Table } from './table';
import { termProblem, storableCharacters } from './term-check';
import { freeTextFields, freeTextsBy, matches, termsOf, themePattern } from './themes';
import { formatDate, responsesFound, text, type TextKey, type UiLang } from './text';
import { ukMidnight } from '../uk-time';

const THEMES_CSV = '/team/themes.csv';

const PAGE_SIZE = 50;
type Range = { from: Date; to: Date };

/** A response that matches a theme: its id and time. */
export interface ThemeMatch {
  id: string;
  receivedAt: Date;
}

/** What a theme's counts read with: the member's reader, and the surveys. */
export interface ThemeReads {
  reader: TeamReader;
  surveys: TeamContext['surveys'];
}

/** Of these responses' free-text answers, the ones holding the theme's terms, by response. */
async function matchingTexts(
  ctx: ThemeReads,
  theme: Theme,
  filter: FeedbackFilter,
): Promise<(ThemeMatch & { texts: string[]; lang: Lang | null })[]> {
  // Mutated forms are looked for in Welsh answers only: a pattern per language.
  const patterns = new Map<Lang | null, RegExp>();
  const patternFor = (lang: Lang | null) => {
    if (!patterns.has(lang)) patterns.set(lang, themePattern(theme, lang));
    return patterns.get(lang)!;
  };
  const fields = freeTextFields(ctx.surveys.values());
  const index = new Map(fields.map((name, i) => [name, i]));
  const rows = await ctx.reader.answersOf(filter, fields);
  return rows.flatMap(({ id, surveyId, receivedAt, lang, values }) => {
    const texts = freeTextsBy(ctx.surveys.get(surveyId), (name) => values[index.get(name)!]).filter(
      (t) => matches(patternFor(lang), t),
    );
    return texts.length ? [{ id, receivedAt, lang, texts }] : [];
  });
}

/** The matching texts of some of the theme's responses (a page of them), in their order. */
async function textsOf(
  ctx: ThemeReads,
  theme: Theme,
  found: ThemeMatch[],
): Promise<(ThemeMatch & { texts: string[]; lang?: Lang | null })[]> {
  if (!found.length) return [];
  const texts = new Map(
    (await matchingTexts(ctx, theme, { ids: found.map((m) => m.id) })).map((m) => [m.id, m]),
  );
  return found.map((m) => ({
    ...m,
    texts: texts.get(m.id)?.texts ?? [],
    lang: texts.get(m.id)?.lang,
  }));
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

const VERDICT: Record<ShareChange['verdict'], TextKey> = {
  significant: 'verdictYes',
  chance: 'verdictNo',
  'too-few': 'verdictTooFewShort',
  'no-data': 'verdictNoData',
};

/** The themes page's query: the segment, and the earlier period for the comparison. */
async function periods(ctx: TeamContext, request: FastifyRequest) {
  const options = { surveys: ctx.surveys, now: ctx.clock(), ranged: true };
  const parsed = await ctx.reader(request).segment(queryValues(request), { ranged: true });
  const before = earlierPeriod(query(request), parsed.range, options, datesUnderstood(parsed));
  parsed.errors.push(...before.errors);
  return { parsed, before: before.range };
}

/**
 * One theme in the two periods: matching responses of `n` (each period's responses), counted
 * from the theme's kept matches (server/storage/theme-match-sql.ts), once they are complete.
 */
export async function themeCounts(
  ctx: ThemeReads,
  theme: Theme,
  filter: FeedbackFilter,
  periods: { before: Range; after: Range; n: [number, number] },
): Promise<ShareChange> {
  const { before, after, n } = periods;
  const [c1, c2] = await Promise.all(
    [before, after].map((range) => ctx.reader.count({ ...filter, ...range, theme: theme.id })),
  );
  return compareShares(c1!, n[0], c2!, n[1]);
}

function ThemeList(props: {
  lang: UiLang;
  parsed: ParsedFilter;
  query: QueryValues;
  ctx: TeamContext;
  /** Each theme and its change; none while its matches are being worked out. */
  rows: { theme: Theme; change?: ShareChange }[];
  before: Range;
  canEdit: boolean;
}) {
  const { lang, parsed } = props;
  const t = (key: TextKey, params?: Record<string, string | number>) => text(lang, key, params);
  const kept = filterQuery(parsed.kept);
  const last = (r: Range) => formatDate(lang, new Date(r.to.getTime() - 1));
  const cell = (c: ShareChange['before']) =>
    t('themeShare', { count: c.hits, n: c.n, share: percent(c.share) });
  return (
    <>
      <FilterErrors lang={lang} parsed={parsed} />
      <h1 className="govuk-heading-l">{t('themes')}</h1>
      <p className="govuk-body">{t('themesIntro')}</p>
      <p className="govuk-body">{t('themesLanguage')}</p>
      {!parsed.errors.length && (
        <p className="govuk-body">
          {t('compareIntro', {
            from: formatDate(lang, parsed.range.from),
            to: last(parsed.range),
            beforeFrom: formatDate(lang, props.before.from),
            beforeTo: last(props.before),
          })}
        </p>
      )}
      {props.canEdit && (
        <Button href={withLang('/team/themes/new', lang)} classes="govuk-button--secondary">
          {t('themeAdd')}
        </Button>
      )}
      <p className="govuk-body">
        <a className="govuk-link" href={linkTo(WORDS_PATH, filterQuery(parsed.kept), lang)}>
          {t('wordsLink')}
        </a>
      </p>
      <SegmentControls
        lang={lang}
        action="/team/themes"
        parsed={parsed}
        query={props.query}
        surveys={[...props.ctx.surveys.values()]}
        surveySelect
        before
      />
      {props.rows.length ? (
        <Table
          caption={t('themeMatching')}
          columns={[
            { heading: t('theme') },
            { heading: t('compareBefore'), numeric: true },
            { heading: t('compareAfter'), numeric: true },
            { heading: t('compareChange'), numeric: true },
            { heading: t('compareVerdict') },
          ]}
          rowHeadings
          rows={props.rows.map(({ theme, change }) => ({
            key: theme.id,
            cells: [
              <a className="govuk-link" href={linkTo(`/team/themes/${theme.id}`, kept, lang)}>
                {theme.name}
              </a>,
              ...(change
                ? [
                    cell(change.before),
                    cell(change.after),
                    shareChangeText(lang, change),
                    t(VERDICT[change.verdict]),
                  ]
                : [t('themeCounting'), t('themeCounting'), '–', '–']),
            ],
          }))}
        />
      ) : (
        !parsed.errors.length && <p className="govuk-body">{t('noThemes')}</p>
      )}
      {props.rows.length > 0 && (
        <FigureLinks
          lang={lang}
          downloads={[{ path: THEMES_CSV, query: joinQuery(kept, beforeQuery(props.query)) }]}
        />
      )}
      <CompareMethod lang={lang} many="themesMethodMany" />
    </>
  );
}

function ThemePage(props: {
  lang: UiLang;
  theme: Theme;
  parsed: ParsedFilter;
  query: QueryValues;
  ctx: TeamContext;
  weeks: { start: Date; partial: boolean; count: number; n: number }[];
  /** How many responses match; undefined while its matches are being worked out. */
  total?: number;
  /** The page's responses, with their matching texts. */
  shown: (ThemeMatch & { texts: string[]; lang?: Lang | null })[];
  page: number;
  pages: number;
  csrf: string;
  canEdit: boolean;
  /** The theme by score (./theme-scores.tsx). */
  scores?: ThemeScores[];
}) {
  const { lang, theme, parsed } = props;
  const t = (key: TextKey, params?: Record<string, string | number>) => text(lang, key, params);
  const path = `/team/themes/${theme.id}`;
  const kept = filterQuery(parsed.kept);
  const surveys = [...props.ctx.surveys.values()];
  return (
    <>
      <FilterErrors lang={lang} parsed={parsed} />
      <span className="govuk-caption-l">{t('theme')}</span>
      <h1 className="govuk-heading-l">{theme.name}</h1>
      <dl className="govuk-summary-list">
        {(['en', 'cy'] as const).map((l) => (
          <div key={l} className="govuk-summary-list__row">
            <dt className="govuk-summary-list__key">
              {t(l === 'en' ? 'themeTermsEn' : 'themeTermsCy')}
            </dt>
            <dd className="govuk-summary-list__value" lang={l}>
              {theme.terms[l].join(', ')}
            </dd>
          </div>
        ))}
      </dl>
      {props.canEdit && (
        <div className="govuk-button-group">
          <Button href={withLang(`${path}/edit`, lang)} classes="govuk-button--secondary">
            {t('themeEdit')}
          </Button>
          <form method="post" action={withLang(`${path}/delete`, lang)}>
            <input type="hidden" name="csrf" value={props.csrf} />
            <Button classes="govuk-button--warning">{t('themeDelete')}</Button>
          </form>
        </div>
      )}
      <DateRange lang={lang} range={parsed.range} />
      <SegmentControls
        lang={lang}
        action={path}
        parsed={parsed}
        query={props.query}
        surveys={surveys}
        surveySelect
      />
      {!parsed.errors.length && props.total === undefined && (
        <div className="govuk-inset-text">{t('themeCountingPage')}</div>
      )}
      {!parsed.errors.length && props.total !== undefined && (
        <>
          <ColumnChart
            id="theme-trend"
            title={`${t('themeTrend')}: ${theme.name}`}
            columns={props.weeks.map((w) => ({
              label: axisDate(lang, w.start),
              value: w.count,
              partial: w.partial,
            }))}
            partialNote={t('partialWeek')}
          />
          <Table
            caption={t('themeTrend')}
            columns={[
              { heading: t('week') },
              { heading: t('themeMatching'), numeric: true },
              { heading: t('percentage'), numeric: true },
            ]}
            rows={props.weeks.map((w) => ({
              key: w.start.toISOString(),
              cells: [
                w.partial
                  ? `${formatDate(lang, w.start)} (${t('partialWeek')})`
                  : formatDate(lang, w.start),
                `${w.count} / ${w.n}`,
                percent(w.n ? w.count / w.n : 0),
              ],
            }))}
          />
          <ThemeScoresTables
            lang={lang}
            scores={props.scores ?? []}
            csv={{ path: `${path}/scores.csv`, query: kept }}
          />
          <h2 className="govuk-heading-m">{t('themeAnswers')}</h2>
          <p className="govuk-body">{responsesFound(lang, props.total)}</p>
          <ul className="govuk-list">
            {props.shown.map(({ id, receivedAt, texts, lang: answered }) => (
              <li key={id} className="govuk-!-margin-bottom-4">
                {texts.map((x, i) => (
                  <p
                    key={i}
                    className="govuk-body govuk-!-margin-bottom-1 govuk-!-text-break-word"
                    // Answers in the other language say so, for screen readers' pronunciation.
                    lang={answered && answered !== lang ? answered : undefined}
                  >
                    {maskPersonalData(x)}
                  </p>
                ))}
                <a
                  className="govuk-link govuk-body-s"
                  href={withLang(`/team/responses/${id}`, lang)}
                >
                  {formatDate(lang, receivedAt, true)}
                </a>
              </li>
            ))}
          </ul>
          <Pagination
            lang={lang}
            page={props.page}
            pages={props.pages}
            href={(n) => linkTo(path, `${kept ? `${kept}&` : ''}page=${n}`, lang)}
          />
        </>
      )}
    </>
  );
}

type FormErrors = {
  field: 'name' | 'termsEn' | 'termsCy';
  key: TextKey;
  params?: Record<string, string>;
}[];

function ThemeForm(props: {
  lang: UiLang;
  action: string;
  csrf: string;
  values: Record<string, string>;
  errors: FormErrors;
  heading: string;
}) {
  const { lang, values, errors } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  const errorOf = (field: string) => errors.find((e) => e.field === field);
  const group = (
    field: 'name' | 'termsEn' | 'termsCy',
    label: TextKey,
    control: 'input' | 'textarea',
  ) => {
    const error = errorOf(field);
    const describedBy = [control === 'textarea' && `${field}-hint`, error && `${field}-error`]
      .filter(Boolean)
      .join(' ');
    const common = {
      id: field,
      name: field,
      defaultValue: values[field] ?? '',
      'aria-describedby': describedBy || undefined,
    };
    return (
      <div className={`govuk-form-group${error ? ' govuk-form-group--error' : ''}`}>
        <label className="govuk-label govuk-label--s" htmlFor={field}>
          {t(label)}
        </label>
        {control === 'textarea' && (
          <div className="govuk-hint" id={`${field}-hint`}>
            {t('themeTermsHint')}
          </div>
        )}
        {error && (
          <p id={`${field}-error`} className="govuk-error-message">
            <span className="govuk-visually-hidden">{`${t('errorPrefix')}:`}</span>{' '}
            {t(error.key, error.params)}
          </p>
        )}
        {control === 'input' ? (
          <input
            className={`govuk-input govuk-!-width-two-thirds${error ? ' govuk-input--error' : ''}`}
            type="text"
            spellCheck={false}
            {...common}
          />
        ) : (
          <textarea
            className={`govuk-textarea${error ? ' govuk-textarea--error' : ''}`}
            rows={5}
            lang={field === 'termsCy' ? 'cy' : 'en'}
            spellCheck={false}
            {...common}
          />
        )}
      </div>
    );
  };
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {errors.length > 0 && (
          <ErrorSummary
            titleText={t('thereIsAProblem')}
            errorList={errors.map((e) => ({ text: t(e.key, e.params), href: `#${e.field}` }))}
          />
        )}
        <h1 className="govuk-heading-l">{props.heading}</h1>
        <p className="govuk-body">{t('themesIntro')}</p>
        <p className="govuk-body">{t('themesLanguage')}</p>
        <form method="post" action={withLang(props.action, lang)} noValidate>
          <input type="hidden" name="csrf" value={props.csrf} />
          {group('name', 'themeName', 'input')}
          {group('termsEn', 'themeTermsEn', 'textarea')}
          {group('termsCy', 'themeTermsCy', 'textarea')}
          <Button>{t('themeSave')}</Button>
        </form>
      </div>
    </div>
  );
}

/**
 * A theme from the form, or what is wrong with it: each list's first term that could never find
 * a theme is named (`storable`: the characters typed answers can hold).
 */
function themeOf(
  body: Record<string, string | string[] | undefined>,
  storable: (c: string) => boolean,
) {
  const one = (key: string) => [body[key] ?? ''].flat()[0] ?? '';
  const values = { name: one('name'), termsEn: one('termsEn'), termsCy: one('termsCy') };
  const name = values.name.replace(/\s+/g, ' ').trim();
  const terms = { en: termsOf(values.termsEn), cy: termsOf(values.termsCy) };
  const errors: FormErrors = [];
  if (!name) errors.push({ field: 'name', key: 'themeNameMissing' });
  else if (name.length > 80) errors.push({ field: 'name', key: 'themeNameLong' });
  if (!terms.en.length && !terms.cy.length)
    errors.push({ field: 'termsEn', key: 'themeTermsMissing' });
  for (const lang of ['en', 'cy'] as const) {
    const field = lang === 'en' ? 'termsEn' : 'termsCy';
    if (terms[lang].length > 50 || terms[lang].some((x) => x.length > 100)) {
      errors.push({ field, key: 'themeTermsLong' });
      continue;
    }
    for (const term of terms[lang]) {
      const problem = termProblem(term, storable);
      if (!problem) continue;
      const { key, ...rest } = problem;
      errors.push({ field, key, params: { term, ...rest } });
      break;
    }
  }
  return { values, theme: { name, terms }, errors };
}

export function registerThemes(team: FastifyInstance, ctx: TeamContext): void {
  const { store } = ctx;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    notFoundPage(ctx, request, reply);
  const themeById = async (request: FastifyRequest, id: string) =>
    (await ctx.reader(request).themes()).find((x) => x.id === id);
  const reads = (request: FastifyRequest): ThemeReads => ({
    reader: ctx.reader(request),
    surveys: ctx.surveys,
  });
  // Asked at each save: the surveys' fields say which characters typed answers can hold.
  const storable = () => storableCharacters(ctx.surveys.values());

  // The list's rows, for the page and its CSV alike.
  const themeList = async (request: FastifyRequest) => {
    const { parsed, before } = await periods(ctx, request);
    const read = reads(request);
    const themes = parsed.errors.length ? [] : await read.reader.themes();
    // Each period's responses, once for all the themes.
    const [n1, n2] = await Promise.all(
      [before, parsed.range].map((range) =>
        themes.length ? read.reader.count({ ...parsed.filter, ...range }) : 0,
      ),
    );
    const counted = { before, after: parsed.range, n: [n1!, n2!] as [number, number] };
    // Counted from each theme's kept matches once they are complete; a theme just added or
    // changed, over many responses, is matched in the background meanwhile (the page says so).
    const ready = themes.length ? await read.reader.themesReady() : () => true;
    const shown = themes.filter((theme) => ready(theme.id));
    const changes = await Promise.all(
      shown.map((theme) => themeCounts(read, theme, parsed.filter, counted)),
    );
    // The themes on the page are tested together: each verdict allows for the others.
    const tested = new Map(correctForMany(changes).map((change, i) => [shown[i]!, change]));
    const rows = themes.map((theme) => ({ theme, change: tested.get(theme) }));
    return { parsed, before, rows };
  };

  team.get('/team/themes', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const { parsed, before, rows } = await themeList(request);
    return ctx.render(
      request,
      reply,
      {
        title: titleOf(lang, text(lang, 'themes'), parsed),
        query: parsed.query,
        children: (
          <ThemeList
            lang={lang}
            parsed={parsed}
            query={parsed.query}
            ctx={ctx}
            rows={rows}
            before={before}
            canEdit={hasRole(request.team!.member, 'analyst')}
          />
        ),
      },
      parsed.errors.length ? 400 : 200,
    );
  });

  registerFigureCsv(
    team,
    ctx,
    THEMES_CSV,
    'themes',
    async (request) => {
      const { parsed, rows } = await themeList(request);
      // A wrong filter: the page says what is wrong.
      if (parsed.errors.length) return 'back';
      return themesCsv(langOf(request), rows);
    },
    '/team/themes',
  );

  const showForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    values: Record<string, string>,
    errors: FormErrors,
    heading: TextKey,
  ) => {
    const lang = langOf(request);
    const title = text(lang, heading);
    return ctx.render(
      request,
      reply,
      {
        title: errors.length ? `${text(lang, 'errorPrefix')}: ${title}` : title,
        children: (
          <ThemeForm
            lang={lang}
            action={action}
            csrf={request.team!.csrf}
            values={values}
            errors={errors}
            heading={title}
          />
        ),
      },
      errors.length ? 400 : 200,
    );
  };

  // Prefilled from a link (the words people use: server/team/words-page.tsx).
  team.get('/team/themes/new', { preHandler: ctx.allow('analyst') }, (request, reply) => {
    const asked = query(request);
    const prefill = Object.fromEntries(
      (['name', 'termsEn', 'termsCy'] as const).flatMap((key) =>
        asked[key] ? [[key, asked[key].slice(0, 200)]] : [],
      ),
    );
    return showForm(request, reply, '/team/themes', prefill, [], 'themeAdd');
  });

  team.post('/team/themes', { preHandler: ctx.allow('analyst') }, async (request, reply) => {
    const { values, theme, errors } = themeOf(form(request), storable());
    const added = errors.length ? undefined : await store.addTheme(theme);
    if (!added) {
      if (!errors.length) errors.push({ field: 'name', key: 'themeNameTaken' });
      return showForm(request, reply, '/team/themes', values, errors, 'themeAdd');
    }
    await ctx.audit(request, 'theme-add', added.id);
    return reply.redirect(withLang(`/team/themes/${added.id}`, langOf(request)), 303);
  });

  team.get<{ Params: { themeId: string } }>(
    '/team/themes/:themeId',
    { preHandler: ctx.allow('viewer') },
    async (request, reply) => {
      const theme = await themeById(request, request.params.themeId);
      if (!theme) return notFound(request, reply);
      const lang = langOf(request);
      const reader = ctx.reader(request);
      const parsed = await reader.segment(queryValues(request), { ranged: true });
      // Counted from the theme's kept matches once they are complete (a theme just added or
      // changed, over many responses, is matched in the background: the page says so).
      const ready = parsed.errors.length ? () => false : await reader.themesReady();
      const counted = ready(theme.id);
      const matching = { ...parsed.filter, theme: theme.id };
      const total = counted ? await reader.count(matching) : undefined;
      // Each week's matching responses of all the responses the filter chooses that week.
      const weeks: { start: Date; partial: boolean; count: number; n: number }[] = [];
      if (counted) {
        weeks.push(...weeksIn(parsed.range).map((w) => ({ ...w, count: 0, n: 0 })));
        const weekOf = (day: string) => {
          const start = weekStart(ukMidnight(day)).getTime();
          return weeks.find((x) => x.start.getTime() === start);
        };
        const [all, theirs] = await Promise.all([
          reader.dayCounts(parsed.filter),
          reader.dayCounts(matching),
        ]);
        for (const { day, n } of all) {
          const week = weekOf(day);
          if (week) week.n += n;
        }
        for (const { day, n } of theirs) {
          const week = weekOf(day);
          if (week) week.count += n;
        }
      }
      const chosen = parsed.filter.surveyId
        ? [ctx.surveys.get(parsed.filter.surveyId)!]
        : [...ctx.surveys.values()];
      const scores = counted
        ? await themeScores(reader, chosen, ctx.scales, parsed.filter, theme.id)
        : [];
      const { page, pages } = pageOf(total ?? 0, PAGE_SIZE, query(request).page);
      const shown = counted
        ? await textsOf(
            reads(request),
            theme,
            await reader.matches(matching, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
          )
        : [];
      return ctx.render(
        request,
        reply,
        {
          title: titleOf(lang, theme.name, parsed),
          query: parsed.query,
          children: (
            <ThemePage
              lang={lang}
              theme={theme}
              parsed={parsed}
              query={parsed.query}
              ctx={ctx}
              weeks={weeks}
              total={total}
              shown={shown}
              page={page}
              pages={pages}
              csrf={request.team!.csrf}
              canEdit={hasRole(request.team!.member, 'analyst')}
              scores={scores}
            />
          ),
        },
        parsed.errors.length ? 400 : 200,
      );
    },
  );

  // The theme by score as CSV, for the same filters; while its matches are being worked out,
  // its page (which says so).
  const themePage = (request: FastifyRequest) =>
    `/team/themes/${(request.params as { themeId: string }).themeId}`;
  registerFigureCsv(
    team,
    ctx,
    '/team/themes/:themeId/scores.csv',
    'theme-by-score',
    async (request) => {
      const theme = await themeById(request, (request.params as { themeId: string }).themeId);
      if (!theme) return undefined;
      const reader = ctx.reader(request);
      const parsed = await reader.segment(queryValues(request), { ranged: true });
      if (parsed.errors.length) return 'back';
      if (!(await reader.themesReady())(theme.id))
        return { see: linkTo(themePage(request), filterQuery(parsed.kept), langOf(request)) };
      const chosen = parsed.filter.surveyId
        ? [ctx.surveys.get(parsed.filter.surveyId)!]
        : [...ctx.surveys.values()];
      const scores = await themeScores(reader, chosen, ctx.scales, parsed.filter, theme.id);
      return themeScoresCsv(langOf(request), scores);
    },
    themePage,
  );

  team.get<{ Params: { themeId: string } }>(
    '/team/themes/:themeId/edit',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const theme = await themeById(request, request.params.themeId);
      if (!theme) return notFound(request, reply);
      const values = {
        name: theme.name,
        termsEn: theme.terms.en.join('\n'),
        termsCy: theme.terms.cy.join('\n'),
      };
      return showForm(request, reply, `/team/themes/${theme.id}`, values, [], 'themeEdit');
    },
  );

  team.post<{ Params: { themeId: string } }>(
    '/team/themes/:themeId',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const id = request.params.themeId;
      if (!(await themeById(request, id))) return notFound(request, reply);
      const { values, theme, errors } = themeOf(form(request), storable());
      const action = `/team/themes/${id}`;
      if (errors.length) return showForm(request, reply, action, values, errors, 'themeEdit');
      if (!(await store.updateTheme({ ...theme, id })))
        return showForm(
          request,
          reply,
          action,
          values,
          [{ field: 'name', key: 'themeNameTaken' }],
          'themeEdit',
        );
      await ctx.audit(request, 'theme-edit', id);
      return reply.redirect(withLang(action, langOf(request)), 303);
    },
  );

  team.post<{ Params: { themeId: string } }>(
    '/team/themes/:themeId/delete',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      if (!(await store.removeTheme(request.params.themeId))) return notFound(request, reply);
      await ctx.audit(request, 'theme-delete', request.params.themeId);
      return reply.redirect(withLang('/team/themes', langOf(request)), 303);
    },
  );
}
