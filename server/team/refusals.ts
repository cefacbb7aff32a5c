// Every refusal the team area gives is a page: in the member's language, with its status, a
// heading, what to do, and a link on. And one check for all team input: a control character
// (NUL and the like) in any query value, path part or form field is refused here, before a route
// runs, so no route (or one added later) hands it to a database (PostgreSQL refuses NUL in
// text) or stores it.
import { createElement } from 'react';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSearchTimeout } from './access';
import type { PageOfRoute } from './figure-download';
import { langOf, type Refusal, type TeamContext } from './context';
import { withLang } from './layout';
import { Message } from './pages';
import { text, type TextKey } from './text';

const REFUSALS: Record<
  Refusal,
  { status: number; heading: TextKey; body: TextKey; link: TextKey }
> = {
  notFound: { status: 404, heading: 'notFound', body: 'notFoundBody', link: 'toOverview' },
  responseNotFound: {
    status: 404,
    heading: 'notFound',
    body: 'responseNotFoundBody',
    link: 'toResponses',
  },
  forbidden: { status: 403, heading: 'forbidden', body: 'forbiddenBody', link: 'toOverview' },
  csrf: { status: 403, heading: 'csrfHeading', body: 'csrfBody', link: 'toOverview' },
  badInput: { status: 400, heading: 'badInputHeading', body: 'badInputBody', link: 'goBack' },
  // A search (`q=`) on a page or CSV that counts or lists answers went past its time budget.
  searchTimedOut: {
    status: 400,
    heading: 'searchTimedOutHeading',
    body: 'searchTooLong',
    link: 'goBackWithoutSearch',
  },
  exportRefused: {
    status: 400,
    heading: 'exportRefusedHeading',
    body: 'exportRefused',
    link: 'toResponses',
  },
};

/** Where each refusal's link goes when the caller gives none. */
const HOME: Partial<Record<Refusal, string>> = { responseNotFound: '/team/responses' };

/**
 * The team's error handler: a search that went past its time budget, on any page or CSV that
 * does not say so inline (the list and a question's answers do), gets a page saying so with a
 * link to the same page without the search; anything else goes on to the app's handler.
 */
export function refuseSearchTimeouts(render: TeamContext['render']) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (!isSearchTimeout(error)) throw error;
    const [path, query = ''] = request.url.split('?');
    const kept = new URLSearchParams(query);
    kept.delete('q');
    kept.delete('lang');
    // A page links back to itself; a download to its page (./figure-download.tsx), or the overview.
    const config = request.routeOptions.config as Partial<PageOfRoute>;
    const page = config.pageOf?.(request) ?? (path!.endsWith('.csv') ? '/team' : path!);
    const to = kept.size ? `${page}?${kept}` : page;
    return refuse(render, request, reply, 'searchTimedOut', to);
  };
}

/** Sends the refusal's page; `to` is where its link goes (default: the overview). */
export function refuse(
  render: TeamContext['render'],
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  to = HOME[refusal] ?? '/team',
): FastifyReply {
  const lang = langOf(request);
  const { status, heading, body, link } = REFUSALS[refusal];
  const title = text(lang, heading);
  return render(
    request,
    reply,
    {
      title: status === 400 ? `${text(lang, 'errorPrefix')}: ${title}` : title,
      // A refused query is not carried to the language link either.
      query: {},
      children: createElement(Message, {
        heading: title,
        body: text(lang, body),
        link: { href: withLang(to, lang), text: text(lang, link) },
      }),
    },
    status,
  );
}

// C0 controls but tab, line feed and carriage return (a textarea sends those), DEL, C1 controls.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when a string anywhere in the value (a list, a parsed JSON body) holds a control character. */
export function holdsControl(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (Array.isArray(value)) return value.some(holdsControl);
  if (value && typeof value === 'object') return Object.values(value).some(holdsControl);
  return false;
}

/**
 * The team's input check, a hook on every team route: a control character in the query, the
 * path's parameters or the body gets a 400 page (JSON endpoints, which scripts call, an empty
 * JSON 400), before sign-in is checked or anything is read.
 */
export const refuseControlCharacters =
  (render: TeamContext['render']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const inPath = holdsControl(request.params);
    if (!inPath && !holdsControl(request.query) && !holdsControl(request.body)) return;
    if (String(request.headers['content-type'] ?? '').startsWith('application/json'))
      return reply.code(400).send({});
    // Back to the page without what was sent, for a page asked for; else to the overview.
    const path = request.url.split('?')[0]!;
    return refuse(
      render,
      request,
      reply,
      'badInput',
      request.method === 'GET' && !inPath ? path : '/team',
    );
  };
