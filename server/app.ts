import type { IncomingMessage } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { endedBefore, type ResolvedSurvey } from '../engine/index';
import { configFromEnv, type TrustProxy } from './config';
import { clientError, frameworkError, handleErrors, type UnavailableHandling } from './errors';
import { registerFeedback } from './feedback';
import { PrivateLogController, loggerOptions, type LoggerSetting } from './logging';
import { startRetention } from './retention';
import { addSecurityHeaders } from './security';
import fastifyCompress from '@fastify/compress';
import { registerPreview } from './preview/index';
import { registerPages } from './render';
import { registerTeam, teamStartupWork, type TeamArea } from './team/index';
import { databaseRateStore, oldestLiveWindow, submissionCap } from './submissionCap';
import type { OidcSettings } from './team/sso-config';
import type {
  DatabaseTrouble,
  PostgresSettings,
  PostgresStore,
  StartEvent,
} from './storage/postgres';
import { withDatabaseBudget } from './storage/deadline';
import { startStore } from './storage/index';
import type { Metrics } from './metrics';
import { countedCap, countedStore, recordRequests, unavailableObserver } from './metrics-hooks';
import { maskProgressLog, startUp } from './startup';
import type { StoreWithTeam } from './storage/types';

/** The specification's gateway path, always accepted. */
export const FEEDBACK_ALIAS = '/dev/feedback';

export interface ServerOptions {
  /** Surveys by id; default: `loadSurveys(definitionsDir)`. */
  surveys?: Map<string, ResolvedSurvey>;
  definitionsDir?: string;
  /** Default: PostgreSQL when DATABASE_URL is set, else `${DATA_DIR}/feedback.sqlite`. Closed with the server only when opened here. */
  store?: StoreWithTeam;
  databaseUrl?: string;
  /** PostgreSQL's pool size and timeouts (PG_POOL_MAX, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS). */
  postgres?: Partial<PostgresSettings>;
  dataDir?: string;
  apiKeys?: string[];
  feedbackPath?: string;
  staticDir?: string;
  /** The server-rendering bundle built from src/entry-server.tsx (default dist-server/entry-server.js). */
  serverEntry?: string;
  /** Per client IP, on the feedback routes; false turns it off. */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  /** Accepted submissions per minute across all clients; false turns the cap off. */
  submissionsPerMinute?: number | false;
  /** Signs the team area's passkey challenges (TEAM_SECRET). */
  teamSecret?: string;
  /** Single sign-on for the team area (OIDC_* settings); off when absent. */
  oidc?: OidcSettings;
  /** The public origin (PUBLIC_URL) for the team's links and passkeys; default http://localhost. */
  publicUrl?: string;
  /** Calendar months to keep feedback; false turns the purge off. */
  retentionMonths?: number | false;
  logger?: LoggerSetting;
  /** Trust X-Forwarded-For from this many hops or these addresses, so rate limits apply per respondent. */
  trustProxy?: TrustProxy;
  /** Longest time to receive a whole request (headers and body). */
  requestTimeoutMs?: number;
  /** Longest a connection may sit idle between requests (never cuts a request being answered). */
  connectionTimeoutMs?: number;
  /** Longest a respondent's request waits on the database in all (DB_WAIT_MS), then 503. */
  dbWaitMs?: number;
  /** Prometheus metrics to record into (server/metrics.ts); none when absent. */
  metrics?: Metrics;
  /** Resolve before the start-up work is done (the caller opens the port at once, server/main.ts);
   *  `onStartFailed` hears when the database was never reached. Default: resolve after it. */
  backgroundStartup?: { onStartFailed: (error: unknown) => void };
  /**
   * The start-up work's last step draws the team's overview once, so a new process's first
   * team page does not pay for code it has not run yet (server/team/warm-up.ts). Set by
   * server/main.ts and the team bench; tests that start many servers leave it out.
   */
  warmUp?: boolean;
  bodyLimit?: number;
  /** How long `/readyz` waits for the database (default READY_TIMEOUT_MS). */
  readyTimeoutMs?: number;
  clock?: () => Date;
  /** The editors' preview at /preview (PREVIEW=true); off by default. */
  preview?: boolean;
}

export const DEFAULT_BODY_LIMIT = 32 * 1024;

/** How long the readiness check waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 2000;

/**
 * The server from explicit settings: `server/main.ts` reads the environment once and passes
 * them; anything left out takes the built-in default (never the environment).
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const defaults = configFromEnv({});
  const surveys = options.surveys ?? (await loadDefinitions(options.definitionsDir));
  const ownStore = !options.store;
  const { metrics } = options;
  // The store opens before the logger exists; its troubles are logged once the server has one.
  let logTrouble: (trouble: DatabaseTrouble) => void = () => undefined;
  let logStart: (event: StartEvent) => void = () => undefined;
  const opened =
    options.store ??
    startStore({
      databaseUrl: options.databaseUrl,
      postgres: {
        ...options.postgres,
        onTrouble: (trouble) => logTrouble(trouble),
        onStart: (event) => logStart(event),
        onConnectWait: metrics?.connectWait,
      },
      dataDir: options.dataDir ?? defaults.dataDir,
    });
  // What was stored, and what the database's absence refused, counted for the metrics.
  const store = metrics ? countedStore(opened, metrics) : opened;

  const requestTimeout = options.requestTimeoutMs ?? defaults.requestTimeoutMs;
  const idleMs = options.connectionTimeoutMs ?? defaults.connectionTimeoutMs;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    logController: new PrivateLogController(),
    trustProxy: options.trustProxy ?? defaults.trustProxy,
    requestTimeout,
    // CONNECTION_TIMEOUT_MS closes a connection idle before its first request or between
    // requests; while a request is being answered it does not apply (below).
    connectionTimeout: idleMs,
    keepAliveTimeout: idleMs,
    // Node checks for timed-out requests every connectionsCheckingInterval (30 s by default,
    // too coarse). The timeouts are also given to Node's constructor: set only afterwards, as
    // Fastify does, a stalled body was never cut off on Node 20.
    // HTTP/1.1 without Host is left to the app so its 400 looks like every other error.
    http: {
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
      requireHostHeader: false,
    },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  const unavailable: UnavailableHandling = {
    observe: metrics ? unavailableObserver(metrics, () => feedbackPaths) : undefined,
  };
  handleErrors(app, unavailable);
  // The idle timeout stops once a request has arrived, so it never cuts one being answered (a
  // wait on the database is bounded by DB_WAIT_MS instead); Node sets it again for the idle
  // time after the answer (keepAliveTimeout).
  app.server.on('request', (request: IncomingMessage) => request.socket.setTimeout(0));
  addSecurityHeaders(app);
  // Each respondent's request waits at most DB_WAIT_MS on the database, in all
  // (server/storage/deadline.ts); the team's area has its own bounds (searches, export pages).
  const dbWaitMs = options.dbWaitMs ?? defaults.dbWaitMs;
  app.addHook('onRequest', (request, _reply, done) => {
    if (isTeamPath(request.url)) return done();
    withDatabaseBudget(dbWaitMs, done);
  });
  logTrouble = (trouble) => {
    if (trouble.event === 'retrying') metrics?.retry(trouble.code);
    else metrics?.connectionLost();
    app.log.warn(
      trouble,
      trouble.event === 'retrying' ? 'database retry' : 'database connection lost',
    );
  };
  logStart = (event) => app.log.info(event, event.event);
  // Pages and API answers compressed as the browser accepts (built assets come precompressed).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const clock = options.clock ?? (() => new Date());
  // Limits are counted in the database, so they hold in total across instances (server/submissionCap.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'onRequest',
    store: databaseRateStore(store.limits, clock),
  });
  const feedbackPath = options.feedbackPath ?? defaults.feedbackPath;
  const feedbackPaths = [...new Set([feedbackPath, FEEDBACK_ALIAS])];
  const rateLimit = options.rateLimit ?? defaults.rateLimit;
  // One cap for submissions from the app and from pages posted without JavaScript.
  const cap = countedCap(
    submissionCap(
      store.limits,
      options.submissionsPerMinute ?? defaults.submissionsPerMinute,
      clock,
    ),
    metrics,
  );
  // Pages posted without JavaScript (Start included) count against the same per-client limit.
  const pageLimit = rateLimit ? app.createRateLimit(clientLimit(rateLimit)) : undefined;
  registerFeedback(app, {
    paths: feedbackPaths,
    surveys,
    store,
    apiKeys: options.apiKeys ?? defaults.apiKeys,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    rateLimit: rateLimit ? clientLimit(rateLimit) : false,
    cap,
    clock,
    preview: options.preview === true,
  });
  // Liveness: the process answers (no database), so a database outage does not get every
  // instance restarted. Readiness: this instance can reach its database now.
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  const readyTimeout = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  // The database reached and migrated (server/startup.ts), then the work over stored responses.
  const months = options.retentionMonths ?? defaults.retentionMonths;
  const logMask = maskProgressLog(app.log);
  // The team area is registered below; the start-up work's last step waits for it.
  let teamRegistered!: (area: TeamArea) => void;
  const team = new Promise<TeamArea>((resolve) => (teamRegistered = resolve));
  const startup = startUp(
    store,
    [
      ...teamStartupWork(store.team, surveys, {
        onProgress: (progress) => {
          metrics?.maskProgress(progress);
          logMask(progress);
        },
        onWaiting: () => app.log.info('masking pass: another instance holds it; serving meanwhile'),
      }),
      ...(options.warmUp
        ? [{ name: 'team pages warmed', run: async () => (await team).warmUp() }]
        : []),
    ],
    app.log,
    options.backgroundStartup ? 60_000 : undefined,
  );
  metrics?.watch({
    pools: 'poolStats' in store ? (store as PostgresStore).poolStats : undefined,
    openDrafts: () => store.drafts.openCount(),
    ready: () => startup.state() === 'ready',
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Migrations must finish first: this release's queries may need what they add.
    if (startup.state() === 'starting') return reply.code(503).send({ status: 'starting' });
    const ready = await withTimeout(store.ping(), readyTimeout).then(
      () => true,
      () => false,
    );
    return ready
      ? reply.send({ status: 'ok' })
      : reply.code(503).send({ status: 'database unreachable' });
  });
  // The feedback team's area (/team): its own pages, sign-in and session cookie.
  const area = await registerTeam(app, {
    store: store.team,
    limits: store.limits,
    surveys,
    clock: options.clock,
    distDir: options.staticDir,
    secret: options.teamSecret,
    oidc: options.oidc,
    origin: options.publicUrl ?? 'http://localhost',
    // The deletion date shown on a response page.
    retentionMonths: months === false ? defaults.retentionMonths : months,
  });
  teamRegistered(area);
  if (options.preview)
    registerPreview(app, { surveys, drafts: store.drafts, clock, distDir: options.staticDir });
  unavailable.page = await registerPages(app, {
    root: options.staticDir ?? 'dist',
    serverEntry: options.serverEntry ?? 'dist-server/entry-server.js',
    surveys,
    store,
    clock,
    preview: options.preview === true,
    cap,
    limit: pageLimit
      ? async (request) => {
          const result = await pageLimit(request);
          return !result.isAllowed && result.isExceeded ? result.ttlInSeconds : 0;
        }
      : undefined,
  });
  // Drafts go an hour after their last activity, and ended limit windows, checked every minute.
  const longestWindow = rateLimit ? rateLimit.timeWindowMs : 0;
  const draftPurge = setInterval(() => {
    store.drafts.deleteIdle(new Date(endedBefore(clock().getTime()))).catch(() => undefined);
    store.limits.deleteBefore(oldestLiveWindow(clock(), longestWindow)).catch(() => undefined);
  }, 60_000);
  draftPurge.unref();

  const stopRetention =
    months === false
      ? () => {}
      : startRetention(store, { months, clock: options.clock, log: app.log });
  app.addHook('onClose', async () => {
    clearInterval(draftPurge);
    stopRetention();
    startup.stop();
    if (ownStore) await store.close();
  });
  if (metrics) recordRequests(app, metrics, surveys, feedbackPaths);
  if (options.backgroundStartup) startup.opened.catch(options.backgroundStartup.onStartFailed);
  else
    await startup.done.catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
  return app;
}

/** Requests under the team's area, which keeps its own bounds on the database. */
const isTeamPath = (url: string) =>
  url === '/team' || url.startsWith('/team/') || url.startsWith('/team?');

/** One key per IPv4 address and per IPv6 /64 (a household or device usually holds a whole
 *  /64); IPv4-mapped addresses count as IPv4. Stated here, not left to a default. */
function clientLimit(limit: { max: number; timeWindowMs: number }) {
  return { max: limit.max, timeWindow: limit.timeWindowMs, ipv6Subnet: 64 };
}

/** Rejects when `promise` has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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
  const { loadSurveys } = await import('../engine/check/load');
  const { surveys, problems } = await loadSurveys(dir);
  for (const p of problems.filter((problem) => problem.severity === 'error')) {
    warn(`Survey definition error, survey not served: ${p.file}${p.pointer}: ${p.message}`);
  }
  if (surveys.size === 0) throw new Error('no valid survey definitions to serve');
  return surveys;
}
