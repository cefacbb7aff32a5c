import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ResolvedSurvey } from '../engine/index';
import { configFromEnv } from './config';
import { handleErrors } from './errors';
import { registerFeedback } from './feedback';
import { PrivateLogController, loggerOptions, type LoggerSetting } from './logging';
import { startRetention } from './retention';
import { addSecurityHeaders } from './security';
import { registerApp } from './spa';
import { registerTeam } from './team/index';
import { openStore } from './storage/index';
import type { FeedbackStore, StoreWithTeam } from './storage/types';

/** The specification's gateway path, always accepted. */
export const FEEDBACK_ALIAS = '/dev/feedback';

export interface ServerOptions {
  /** Surveys by id; default: `loadSurveys(definitionsDir)`. */
  surveys?: Map<string, ResolvedSurvey>;
  definitionsDir?: string;
  /** Default: PostgreSQL when DATABASE_URL is set, else `${DATA_DIR}/feedback.sqlite`. Closed with the server only when opened here. */
  store?: FeedbackStore;
  dataDir?: string;
  apiKeys?: string[];
  feedbackPath?: string;
  staticDir?: string;
  /** Per client IP, on the feedback routes; false turns it off. */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  /** Calendar months to keep feedback; false turns the purge off. */
  retentionMonths?: number | false;
  logger?: LoggerSetting;
  /** Trust X-Forwarded-For (behind a load balancer), so rate limits apply per respondent. */
  trustProxy?: boolean;
  bodyLimit?: number;
  clock?: () => Date;
}

export const DEFAULT_BODY_LIMIT = 32 * 1024;

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const env = configFromEnv();
  const surveys = options.surveys ?? (await loadDefinitions(options.definitionsDir));
  const ownStore = !options.store;
  const store =
    options.store ??
    (await openStore({ databaseUrl: env.databaseUrl, dataDir: options.dataDir ?? env.dataDir }));

  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    logController: new PrivateLogController(),
    trustProxy: options.trustProxy ?? env.trustProxy,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  handleErrors(app);
  addSecurityHeaders(app);

  await app.register(fastifyRateLimit, { global: false, hook: 'onRequest' });
  const feedbackPath = options.feedbackPath ?? env.feedbackPath;
  registerFeedback(app, {
    paths: [...new Set([feedbackPath, FEEDBACK_ALIAS])],
    surveys,
    store,
    apiKeys: options.apiKeys ?? env.apiKeys,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    rateLimit: options.rateLimit ?? env.rateLimit,
    clock: options.clock ?? (() => new Date()),
  });
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  // The feedback team's area, when the store holds its tables (the real stores do).
  const teamStore = (store as Partial<StoreWithTeam>).team;
  if (teamStore)
    await registerTeam(app, {
      store: teamStore,
      surveys,
      clock: options.clock,
      distDir: options.staticDir,
    });
  await registerApp(app, { root: options.staticDir ?? 'dist', surveys });

  const months = options.retentionMonths ?? env.retentionMonths;
  const stopRetention =
    months === false
      ? () => {}
      : startRetention(store, { months, clock: options.clock, log: app.log });
  app.addHook('onClose', async () => {
    stopRetention();
    if (ownStore) await store.close();
  });
  return app;
}

/**
 * Loads and checks the definitions. A survey with errors is left out (its routes answer 404)
 * and its problems are reported, so one bad file does not take every survey down; CI and the
 * build refuse broken definitions before they get here. No survey at all is fatal.
 */
export async function loadDefinitions(
  dir?: string,
  warn: (message: string) => void = console.warn,
): Promise<Map<string, ResolvedSurvey>> {
  // Loaded on demand: the definition checker (ajv) is only needed when no surveys are given.
  const { loadSurveys } = await import('../engine/load');
  const { surveys, problems } = await loadSurveys(dir);
  for (const p of problems.filter((problem) => problem.severity === 'error')) {
    warn(`Survey definition error, survey not served: ${p.file}${p.pointer}: ${p.message}`);
  }
  if (surveys.size === 0) throw new Error('no valid survey definitions to serve');
  return surveys;
}
