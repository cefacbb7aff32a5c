import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose status the error handler passes on (4xx). */
export function httpError(statusCode: number): Error & { statusCode: number } {
  return Object.assign(new Error(STATUS_CODES[statusCode] ?? 'Error'), { statusCode });
}

/**
 * Every failure becomes a small JSON body with a generic message: bad input gets its 4xx
 * (bad JSON 400, too large 413, wrong type 415, rate limited 429), anything else a 500.
 * Messages are never echoed (a JSON parse error quotes the body) and stacks never sent.
 */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request rejected');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error: STATUS_CODES[status] });
  });
}
