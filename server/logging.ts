import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

export type LoggerSetting = boolean | { level?: string; stream?: NodeJS.WritableStream };

/** Keeps only stack frames: the first stack line repeats the message, and a message can quote input. */
const framesOnly = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : '';

/**
 * Logger options that can never print a body, a query string, an IP address or a header:
 * requests are logged by `PrivateLogController`; errors as type, code and stack frames.
 */
export function loggerOptions(setting: LoggerSetting | undefined): FastifyServerOptions['logger'] {
  if (!setting) return false;
  const { level = 'info', stream } = setting === true ? {} : setting;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method?: string; routeOptions?: { url?: string } }) => ({
        method: request.method,
        route: request.routeOptions?.url,
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: (error: { name?: string; code?: string; statusCode?: number; stack?: string }) => ({
        type: error.name ?? 'Error',
        message: error.code ?? error.name ?? 'error',
        statusCode: error.statusCode,
        stack: framesOnly(error.stack),
      }),
    },
  };
}

/** One line per request: method, matched route pattern (never the raw URL), status, milliseconds. */
export class PrivateLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.error({ err: error }, 'unhandled error');
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, 'could not write headers');
  }
}
