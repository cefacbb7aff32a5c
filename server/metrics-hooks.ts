// Where the service's work meets its metrics (./metrics.ts): each answer by route pattern, what
// the store stored, what the cap and the database's absence refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../engine/index';
import type { Metrics } from './metrics';
import { classifyPath } from './paths';
import { DatabaseUnavailable, isDatabaseUnavailable } from './storage/deadline';
import type { StoreWithTeam } from './storage/types';
import type { SubmissionCap } from './submissionCap';

/**
 * Counts every answer by route pattern: Fastify's for its routes, and for the respondent pages
 * (answered by the not-found handler) their shape, `/:lang/:survey` or `/:lang/:survey/:page`.
 * Refusals the answer alone tells: the API's 400 (invalid) and any post's 429 (rate limit).
 */
export function recordRequests(
  app: FastifyInstance,
  metrics: Metrics,
  surveys: Map<string, ResolvedSurvey>,
  feedbackPaths: string[],
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request, surveys);
    const status = reply.statusCode;
    metrics.request(route, request.method, status, reply.elapsedTime / 1000);
    if (request.method === 'POST') {
      if (status === 429) metrics.refused('rate_limit');
      else if (status === 400 && feedbackPaths.includes(route)) metrics.refused('invalid');
    }
    done();
  });
}

function routeOf(request: FastifyRequest, surveys: Map<string, ResolvedSurvey>): string {
  const pattern = request.routeOptions.url;
  if (pattern && !request.is404) return pattern;
  const path = request.url.split('?')[0]!;
  const kind = classifyPath(path, surveys).kind;
  if (kind === 'not-found') return '(not found)';
  if (kind === 'redirect') return '(redirect)';
  const depth = path.split('/').filter(Boolean).length;
  return depth === 2
    ? path.endsWith('/cookies')
      ? '/:lang/cookies'
      : '/:lang/:survey'
    : '/:lang/:survey/:page';
}

/** Saves that failed for want of the database, so the error handler counts them as refused. */
const failedSaves = new WeakSet<object>();

/** The store, counting each submission stored (API or draft sent) and each save the database
 *  could not take. */
export function countedStore(store: StoreWithTeam, metrics: Metrics): StoreWithTeam {
  const counted =
    <A extends unknown[], R>(save: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        const saved = await save(...args);
        if (saved) metrics.stored();
        return saved;
      } catch (error) {
        if (isDatabaseUnavailable(error) && error && typeof error === 'object')
          failedSaves.add(error);
        throw error;
      }
    };
  return { ...store, save: counted(store.save), sendDraft: counted(store.sendDraft) };
}

/** The cap, counting each submission it refuses. */
export function countedCap(cap: SubmissionCap, metrics: Metrics | undefined): SubmissionCap {
  if (!metrics) return cap;
  return {
    async take() {
      const wait = await cap.take();
      if (wait > 0) metrics.refused('cap');
      return wait;
    },
  };
}

/** For the error handler: each answer given for want of the database, and the submissions
 *  among them (a post to the API; a page's post when its save was what failed). */
export function unavailableObserver(metrics: Metrics, feedbackPaths: () => string[]) {
  return (request: FastifyRequest, error: unknown) => {
    metrics.unavailable(error instanceof DatabaseUnavailable ? error.reason : 'unreachable');
    const api =
      request.method === 'POST' && feedbackPaths().includes(request.routeOptions.url ?? '');
    if (api || failedSaves.has(error as object)) metrics.refused('database');
  };
}
