// GET /team: per survey, counts by language, the weekly trend and the headline scores, for the
// responses the filter chooses (server/team/filters.ts), as the member's role allows it.
import { createElement } from 'react';
import type { FastifyInstance } from 'fastify';
import { langOf, query, queryValues, type TeamContext } from './context';
import { choiceFields, figuresFromTally } from './figures';
import { Overview } from './pages';
import { titleOf } from './segments';
import { text } from './text';
import { noteDays, notesFor, scoreTrends, trendPeriod } from './trends';

export function registerOverview(team: FastifyInstance, ctx: TeamContext): void {
  team.get('/team', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
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
    return ctx.render(
      request,
      reply,
      {
        title: titleOf(lang, text(lang, 'overview'), parsed),
        query: parsed.query,
        children: createElement(Overview, {
          lang,
          range,
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
}
