// GET /team: per survey, counts by language, the weekly trend and the headline scores, for the
// responses the filter chooses (server/team/filters.ts), as the member's role allows it; and each
// kind of table as CSV (/team/overview/<table>.csv, ./overview-csv.ts), read the same way.
import { createElement } from 'react';
import type { FastifyInstance } from 'fastify';
import type { TeamReader } from './access';
import { langOf, queryValues, type TeamContext } from './context';
import { firstValues, type QueryValues } from './filters';
import { registerFigureCsv } from './figure-download';
import { choiceFields, figuresFromTally } from './figures';
import { overviewCsv, OVERVIEW_TABLES } from './overview-csv';
import { Overview } from './pages';
import { titleOf } from './segments';
import { text, type UiLang } from './text';
import { noteDays, notesFor, scoreTrends, trendPeriod } from './trends';

/** The overview's figures for a query (its filter, range and trend period), as `reader` may read them. */
async function readOverview(
  ctx: Pick<TeamContext, 'surveys' | 'scales'>,
  reader: TeamReader,
  values: QueryValues,
) {
  const parsed = await reader.segment(values, { ranged: true });
  const { filter, range } = parsed;
  const period = trendPeriod(firstValues(values).period);
  const notes = parsed.errors.length ? [] : await reader.notes(noteDays(range));
  const chosen = filter.surveyId ? [ctx.surveys.get(filter.surveyId)!] : [...ctx.surveys.values()];
  // A filter with errors shows the form and its errors, not every response.
  const surveys = parsed.errors.length
    ? []
    : await Promise.all(
        chosen.map(async (survey) => ({
          survey,
          figures: figuresFromTally(
            survey,
            ctx.scales,
            await reader.tally(
              { ...filter, surveyId: survey.id },
              choiceFields(survey).map((f) => f.name),
            ),
            range,
          ),
          trends: await scoreTrends(reader, survey, ctx.scales, filter, range, period),
          notes: notesFor(notes, survey.id, range),
        })),
      );
  return { parsed, period, surveys };
}

/** The overview page for a query, in a language: what GET /team sends, and the warm-up draws. */
export async function overviewPage(
  ctx: Pick<TeamContext, 'surveys' | 'scales'>,
  reader: TeamReader,
  values: QueryValues,
  lang: UiLang,
) {
  const { parsed, period, surveys } = await readOverview(ctx, reader, values);
  return {
    status: parsed.errors.length ? 400 : 200,
    page: {
      title: titleOf(lang, text(lang, 'overview'), parsed),
      query: parsed.query,
      children: createElement(Overview, {
        lang,
        range: parsed.range,
        period,
        surveys,
        parsed,
        query: parsed.query,
        all: [...ctx.surveys.values()],
      }),
    },
  };
}

export function registerOverview(team: FastifyInstance, ctx: TeamContext): void {
  team.get('/team', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const { status, page } = await overviewPage(
      ctx,
      ctx.reader(request),
      queryValues(request),
      langOf(request),
    );
    return ctx.render(request, reply, page, status);
  });

  for (const table of OVERVIEW_TABLES)
    registerFigureCsv(
      team,
      ctx,
      `/team/overview/${table}.csv`,
      table,
      async (request) => {
        const { parsed, period, surveys } = await readOverview(
          ctx,
          ctx.reader(request),
          queryValues(request),
        );
        if (parsed.errors.length) return 'back';
        return overviewCsv(langOf(request), table, surveys, period);
      },
      '/team',
    );
}
