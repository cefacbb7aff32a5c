import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_HEADERS } from './security';
import { DatabaseUnavailable, isDatabaseUnavailable } from './storage/deadline';
import { codeOf } from './storage/retry';

/** An error whose status the error handler passes on (4xx). */
export function httpError(statusCode: number): Error & { statusCode: number } {
  return Object.assign(new Error(STATUS_CODES[statusCode] ?? 'Error'), { statusCode });
}

/** The generic body every failure answers with: the status text, nothing from the request. */
const errorBody = (status: number) => JSON.stringify({ error: STATUS_CODES[status] ?? 'Error' });

const clientStatus = (statusCode: number | undefined) =>
  statusCode && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;

/** How the server answers when the database is out of reach (DatabaseUnavailable, or a 503 from
 *  the retries): set once the respondent pages are registered. */
export interface UnavailableHandling {
  /** The service-unavailable page when the request is for a respondent's page; else undefined
   *  (then 503 JSON, as the API answers). */
  page?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Told of each such answer (metrics). */
  observe?: (request: FastifyRequest, error: unknown) => void;
}

/** Seconds a 503 for an unavailable database asks the client to wait. */
const UNAVAILABLE_RETRY_AFTER_S = '10';

/**
 * Every failure becomes a small JSON body with a generic message: bad input gets its 4xx
 * (bad JSON 400, too large 413, wrong type 415, rate limited 429), the database out of reach
 * a 503 (to try again later: a respondent's page gets the service-unavailable page in its
 * language, `unavailable.page`), anything else a 500.
 * Messages are never echoed (a JSON parse error quotes the body) and stacks never sent.
 */
export function handleErrors(app: FastifyInstance, unavailable: UnavailableHandling = {}): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // Expected in an outage, and counted: a warning with the reason, not a stack per request.
      const reason = error instanceof DatabaseUnavailable ? error.reason : 'unreachable';
      request.log.warn({ reason, code: codeOf(error.cause ?? error) }, 'database unavailable');
      unavailable.observe?.(request, error);
      reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_S);
      const page = await unavailable.page?.(request, reply).catch((failed: unknown) => {
        request.log.error({ err: failed }, 'service-unavailable page failed');
        return undefined;
      });
      if (page) return page;
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(errorBody(503));
    }
    const status = clientStatus(error.statusCode) ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request rejected');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorBody(status));
  });
  // Node lets an HTTP/1.1 request without Host through here (see `http` in app.ts) so that its
  // 400 carries the same headers and body as every other error.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) throw httpError(400);
  });
}

/**
 * Fastify's `frameworkErrors`: errors found before routing (a URL that does not decode).
 * These skip the hooks, so the security headers are set here; the URL is not echoed.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = clientStatus(error.statusCode) ?? 400;
  request.log.info({ code: error.code, status }, 'request rejected');
  return reply
    .code(status)
    .headers(SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(status));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (bad request line, header
 * too large, a NUL in a header, a request too slow). No request exists, so the response is
 * written to the socket by hand, with the same headers and body as any other error.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const body = errorBody(status);
  const headers = {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
}
