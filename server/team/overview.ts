// GET /team: per survey, counts by language, the weekly trend and the headline scores, for the
// responses the filter chooses (server/team/filters.ts), as the member's role allows it; and each
// kind of table as CSV (/team/overview/<table>.csv, ./overview-csv.ts), read the same way.
import { createElement } from 'react';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf, query, queryValues, type TeamContext } from './context';
import { registerFigureCsv } from './figure-download';
import { choiceFields, figuresFromTally } from './figures';
import { overviewCsv, OVERVIEW_TABLES } from './overview-csv';
import { Overview } from './pages';
import { titleOf } from './segments';
import { text } from './text';
import { noteDays, notesFor, scoreTrends, trendPeriod } from './trends';

export function registerOverview(team: FastifyInstance, ctx: TeamContext): void {
  const read = async (request: FastifyRequest) => {
    const reader = ctx.reader(request);
    const parsed = await reader.segment(queryValues(request), { ranged: true });
    const { filter, range } = parsed;
    const period = trendPeriod(query(request).period);
    const notes = parsed.errors.length ? [] : await reader.notes(noteDays(range));
    const chosen = filter.surveyId
      ? [ctx.surveys.get(filter.surveyId)!]
      : [...ctx.surveys.values()];
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
  };

  team.get('/team', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const { parsed, period, surveys } = await read(request);
    return ctx.render(
      request,
      reply,
      {
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
      parsed.errors.length ? 400 : 200,
    );
  });

  for (const table of OVERVIEW_TABLES)
    registerFigureCsv(
      team,
      ctx,
      `/team/overview/${table}.csv`,
      table,
      async (request) => {
        const { parsed, period, surveys } = await read(request);
        if (parsed.errors.length) return 'back';
        return overviewCsv(langOf(request), table, surveys, period);
      },
      '/team',
    );
}
