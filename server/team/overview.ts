// GET /team: per survey, counts by language, the weekly trend and the headline scores.
import { createElement } from 'react';
import type { FastifyInstance } from 'fastify';
import { langOf, query, type TeamContext } from './context';
import { choiceFields, figuresFromTally } from './figures';
import { Overview } from './pages';
import { text } from './text';

const DAY = 24 * 60 * 60 * 1000;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both days included); default the last 30 days. */
export function dateRange(q: Record<string, string | undefined>, now: Date) {
  const to = (day(q.to) ?? startOfDay(now)).getTime() + DAY;
  return { from: day(q.from) ?? new Date(to - 30 * DAY), to: new Date(to) };
}

/** A YYYY-MM-DD query value as midnight UTC, or undefined. */
export function day(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const startOfDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function registerOverview(team: FastifyInstance, ctx: TeamContext): void {
  team.get('/team', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const range = dateRange(query(request), ctx.clock());
    const surveys = await Promise.all(
      [...ctx.surveys.values()].map(async (survey) => ({
        survey,
        figures: figuresFromTally(
          survey,
          ctx.scales,
          await ctx.store.tallyFeedback(
            { surveyId: survey.id, ...range },
            choiceFields(survey).map((f) => f.name),
          ),
          range,
        ),
      })),
    );
    return ctx.render(request, reply, {
      title: text(lang, 'overview'),
      children: createElement(Overview, { lang, range, surveys }),
    });
  });
}
