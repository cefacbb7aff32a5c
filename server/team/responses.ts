// The responses list, a response's page, tags on a response, deletion and the CSV export.
import { Readable } from 'node:stream';
import { createElement } from 'react';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { form, langOf, query, queryValues, type TeamContext } from './context';
import { withinBudget, type TeamReader } from './access';
import { feedbackCsv } from './export';
import { withLang } from './layout';
import { filterQuery, firstValues, type QueryValues } from './filters';
import { contactFields } from './privacy';
import { ConfirmDelete, ResponseList, ResponsePage } from './responses-pages';
import { pageOf } from './pagination';
import { hasRole } from './session';
import { titleOf } from './segments';
import { text, type UiLang } from './text';

const PAGE_SIZE = 20;

/** The list of responses for a query, in a language: what GET /team/responses sends, and the
 *  warm-up draws. `canExport`: the member may download the CSV export. */
export async function responseListPage(
  ctx: Pick<TeamContext, 'surveys'>,
  reader: TeamReader,
  values: QueryValues,
  lang: UiLang,
  canExport: boolean,
) {
  const tags = await reader.tags();
  const parsed = await reader.segment(values);
  const { filter } = parsed;
  const asked = firstValues(values).page;
  const nothing = { total: 0, page: 1, pages: 1, records: [] };
  // A filter with errors lists nothing (not every response) and shows what is wrong.
  const found = parsed.errors.length
    ? nothing
    : await withinBudget(async () => {
        const total = await reader.count(filter);
        const paging = pageOf(total, PAGE_SIZE, asked);
        const records = total ? await reader.list(filter, paging) : [];
        return { total, ...paging, records };
      });
  const { total, page, pages, records } = found ?? nothing;
  return {
    status: parsed.errors.length ? 400 : 200,
    page: {
      title: titleOf(lang, text(lang, 'responses'), parsed),
      query: { ...parsed.query, page: asked },
      children: createElement(ResponseList, {
        lang,
        surveys: ctx.surveys,
        tags,
        query: parsed.query,
        records,
        tagsOf: await reader.tagsOf(records.map((r) => r.id)),
        total,
        page,
        pages,
        filterQuery: filterQuery(parsed.kept),
        canExport,
        parsed,
        refused: parsed.refused.length > 0,
        tooLong: !found,
      }),
    },
  };
}

export function registerResponses(team: FastifyInstance, ctx: TeamContext): void {
  const { store } = ctx;

  team.get('/team/responses', { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const { status, page } = await responseListPage(
      ctx,
      ctx.reader(request),
      queryValues(request),
      langOf(request),
      hasRole(request.team!.member, 'analyst'),
    );
    return ctx.render(request, reply, page, status);
  });

  // An unknown response: a page that says so, with the way to the list.
  const notFound = (request: FastifyRequest, reply: Parameters<TeamContext['render']>[1]) =>
    ctx.refuse(request, reply, 'responseNotFound');

  team.get<{ Params: { responseId: string } }>(
    '/team/responses/:responseId',
    { preHandler: ctx.allow('viewer') },
    async (request, reply) => {
      const reader = ctx.reader(request);
      const record = await reader.response(request.params.responseId);
      if (!record) return notFound(request, reply);
      const member = request.team!.member;
      const survey = ctx.surveys.get(record.surveyId);
      const contact = survey ? contactFields(survey) : [];
      const showContact = hasRole(member, 'analyst');
      const revealed = showContact && query(request).reveal === '1';
      if (showContact && contact.some((name) => record.answers[name]))
        await ctx.audit(request, 'view-contact', record.id);
      if (revealed) await ctx.audit(request, 'reveal', record.id);
      const deletedOn = new Date(record.receivedAt);
      deletedOn.setUTCMonth(deletedOn.getUTCMonth() + ctx.retentionMonths);
      const lang = langOf(request);
      return ctx.render(request, reply, {
        title: text(lang, 'response'),
        children: createElement(ResponsePage, {
          lang,
          survey,
          record,
          showContact,
          revealed,
          canReveal: showContact,
          canDelete: hasRole(member, 'admin'),
          deletedOn,
          tags: await reader.tags(),
          applied: (await reader.tagsOf([record.id])).get(record.id) ?? [],
          csrf: request.team!.csrf,
          contact,
        }),
      });
    },
  );

  team.post<{ Params: { responseId: string } }>(
    '/team/responses/:responseId/tags',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const reader = ctx.reader(request);
      const record = await reader.response(request.params.responseId);
      if (!record) return notFound(request, reply);
      const chosen = new Set([form(request).tag ?? []].flat());
      const before = new Set((await reader.tagsOf([record.id])).get(record.id) ?? []);
      for (const tag of await reader.tags()) {
        if (chosen.has(tag.id) === before.has(tag.id)) continue;
        if (chosen.has(tag.id)) await store.tag(record.id, tag.id);
        else await store.untag(record.id, tag.id);
        await ctx.audit(
          request,
          chosen.has(tag.id) ? 'tag-attach' : 'tag-detach',
          `${tag.name}: ${record.id}`,
        );
      }
      return reply.redirect(withLang(`/team/responses/${record.id}`, langOf(request)), 303);
    },
  );

  team.get<{ Params: { responseId: string } }>(
    '/team/responses/:responseId/delete',
    { preHandler: ctx.allow('admin') },
    async (request, reply) => {
      const record = await ctx.reader(request).response(request.params.responseId);
      if (!record) return notFound(request, reply);
      const lang = langOf(request);
      return ctx.render(request, reply, {
        title: text(lang, 'deleteHeading'),
        children: createElement(ConfirmDelete, { lang, id: record.id, csrf: request.team!.csrf }),
      });
    },
  );

  team.post<{ Params: { responseId: string } }>(
    '/team/responses/:responseId/delete',
    { preHandler: ctx.allow('admin') },
    async (request, reply) => {
      if (!(await store.deleteFeedback(request.params.responseId))) return notFound(request, reply);
      await ctx.audit(request, 'delete', request.params.responseId);
      return reply.redirect(withLang('/team/responses', langOf(request)), 303);
    },
  );

  team.get('/team/export.csv', { preHandler: ctx.allow('analyst') }, async (request, reply) => {
    const reader = ctx.reader(request);
    const parsed = await reader.segment(queryValues(request));
    // Never every response for a filter that was not understood: back to the list with the same
    // filter, where what is wrong with it is shown.
    if (parsed.errors.length) {
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '');
      asked.delete('lang');
      asked.delete('choices');
      return ctx.refuse(request, reply, 'exportRefused', `/team/responses?${asked}`);
    }
    const { filter } = parsed;
    // With its filter (the query as asked, without the language).
    await ctx.audit(request, 'export', parsed.described || null);
    const csv = feedbackCsv(reader, filter, {
      surveys: filter.surveyId ? [ctx.surveys.get(filter.surveyId)!] : [...ctx.surveys.values()],
      lang: langOf(request),
      choices: query(request).choices === 'codes' ? 'codes' : 'labels',
      showContact: hasRole(request.team!.member, 'analyst'),
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="feedback.csv"')
      .send(Readable.from(csv));
  });
}
