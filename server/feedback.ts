import type { FastifyInstance } from 'fastify';
import { allFields, type ResolvedSurvey } from '../engine/index';
import { validateSubmission } from '../engine/receive';
import { apiKeyChecker } from './apiKey';
import { httpError } from './errors';
import { maskAnswers } from './team/privacy';
import type { SubmissionCap } from './submissionCap';
import { SUBMISSION_KEY } from './storage/submission-key';
import type { FeedbackStore, Lang } from './storage/types';

export interface FeedbackRouteOptions {
  paths: string[];
  surveys: Map<string, ResolvedSurvey>;
  store: FeedbackStore;
  apiKeys: string[];
  bodyLimit: number;
  /** Per client, as @fastify/rate-limit takes it (counted in the database). */
  rateLimit: { max: number; timeWindow: number; ipv6Subnet: number } | false;
  /** Accepted submissions per minute across all clients, shared with the pages posted without JavaScript. */
  cap: SubmissionCap;
  clock: () => Date;
  /** PREVIEW=true: the test marker (TEST_HEADER) is honoured; otherwise it is ignored, so no
   *  respondent can hide their answers from the team. */
  preview?: boolean;
}

/** Sent as `1` by the app for a run begun at a preview link (src/submit.ts sends the same name). */
export const TEST_HEADER = 'x-test-submission';

/** The most answer fields a submission may carry (the largest survey has far fewer). */
const MAX_FIELDS = 200;

/** `POST /api/feedback` (and its aliases): key, JSON, known survey, engine validation, store, 201
 *  `{ id }`. With an `Idempotency-Key` already stored, 201 with that row's id and nothing added. */
export function registerFeedback(app: FastifyInstance, options: FeedbackRouteOptions): void {
  const surveysByService = new Map(
    [...options.surveys.values()].map((survey) => [survey.serviceName, survey]),
  );
  const namesBySurvey = new Map(
    [...options.surveys.values()].map((survey) => [survey, knownNames(survey)]),
  );
  const isValidKey = apiKeyChecker(options.apiKeys);
  const { cap } = options;

  // One limiter shared by the path and its aliases, so the alias is no way round it.
  const rateLimit = options.rateLimit ? [app.rateLimit(options.rateLimit)] : [];

  for (const url of options.paths) {
    app.route({
      method: 'POST',
      url,
      bodyLimit: options.bodyLimit,
      onRequest: rateLimit,
      // After the rate limiter, before the body is read.
      preParsing: async (request, _reply, payload) => {
        if (!isValidKey(request.headers['x-api-key'])) throw httpError(401);
        if (mediaType(request.headers['content-type']) !== 'application/json') throw httpError(415);
        return payload;
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const body = request.body;
        // The run's key (server/storage/submission-key.ts): malformed is refused, absent is allowed.
        const runKey = request.headers['idempotency-key'];
        if (runKey !== undefined && !(typeof runKey === 'string' && SUBMISSION_KEY.test(runKey))) {
          return reply.code(400).send({ errors: [{ field: '', key: 'invalidIdempotencyKey' }] });
        }
        if (!isObject(body) || Object.keys(body).length > MAX_FIELDS) {
          return reply.code(400).send({ errors: [{ field: '', key: 'invalidBody' }] });
        }
        const survey =
          typeof body.serviceName === 'string' ? surveysByService.get(body.serviceName) : undefined;
        if (!survey) {
          return reply
            .code(400)
            .send({ errors: [{ field: 'serviceName', key: 'invalidServiceName' }] });
        }
        const result = validateSubmission(survey, body);
        if (!result.ok) {
          // Only names the survey defines are reported: a client-sent name is never echoed.
          const known = namesBySurvey.get(survey)!;
          const errors = result.errors
            .filter(({ field }) => known.has(field))
            .map(({ field, message }) => ({
              field,
              key: message.key,
              ...(message.params ? { params: message.params } : {}),
            }));
          const unknownFields = result.errors.length - errors.length;
          return reply.code(400).send({ errors, ...(unknownFields ? { unknownFields } : {}) });
        }
        // A run sent already answers as it did then, before the cap: it adds nothing.
        const sent = runKey ? await options.store.idOfKey(survey.id, runKey) : undefined;
        if (sent) return reply.code(201).send({ id: sent });
        const wait = await cap.take();
        if (wait > 0) {
          request.log.warn('submission cap reached');
          return reply.code(503).header('retry-after', String(wait)).send({ error: 'Busy' });
        }
        const { id } = await options.store.save({
          surveyId: survey.id,
          definitionHash: survey.hash ?? '',
          receivedAt: options.clock(),
          // Personal data in free text is masked before it is stored (server/README.md).
          answers: maskAnswers(survey, result.submission),
          lang: respondentLanguage(request.headers['content-language']),
          ...(options.preview && request.headers[TEST_HEADER] === '1' ? { test: true } : {}),
          // A run sent already answers as it did then: the same row's id, nothing added.
          ...(runKey ? { key: runKey } : {}),
        });
        return reply.code(201).send({ id });
      },
    });
  }
}

/** The page language the browser reports (`Content-Language: en|cy`); anything else is unknown. */
export function respondentLanguage(header: string | string[] | undefined): Lang | null {
  const value = typeof header === 'string' ? header.trim().toLowerCase() : '';
  return value === 'en' || value === 'cy' ? value : null;
}

function knownNames(survey: ResolvedSurvey): Set<string> {
  return new Set(['', 'serviceName', ...allFields(survey).map((field) => field.name)]);
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The engine checks the values; the server only needs an object to find the survey. */
function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}
