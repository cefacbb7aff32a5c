import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ResolvedSurvey } from '../engine/index';
import { buildServer, loadDefinitions } from './app';
import { checkTeamSecret, configFromEnv, type ServerConfig } from './config';
import { createMetrics, serveMetrics } from './metrics';
import { staleBuildProblem } from '../engine/check/built';

/**
 * Starts the API and the built app from environment settings, and stops cleanly on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed). The port opens at once:
 * the database is waited for, migrated and the start-up work done in the background
 * (server/startup.ts); `onStartFailed` hears when the database was never reached (the process
 * run directly then exits 1, for its supervisor to start it again).
 * Run directly (`tsx server/main.ts`) it serves whatever `dist/` holds; `npm start` builds first.
 */
export async function startServer(
  options: {
    staticDir?: string;
    config?: ServerConfig;
    onStartFailed?: (error: unknown) => void;
    /** The built folders checked against the definitions (default: the project's). */
    builtDirs?: string[];
  } = {},
): Promise<{
  app: FastifyInstance;
  url: string;
  surveys: Map<string, ResolvedSurvey>;
  metricsUrl?: string;
}> {
  const config = options.config ?? configFromEnv();
  // Before anything is opened: several instances without a shared secret cannot sign anyone in.
  const secretWarning = checkTeamSecret(config);
  // One truth: never draw the built surveys while checking answers against other files.
  const stale = staleBuildProblem(options.builtDirs);
  if (stale) throw new Error(stale);
  const surveys = await loadDefinitions();
  const metrics = config.metricsPort ? createMetrics() : undefined;
  const app: FastifyInstance = await buildServer({
    surveys,
    staticDir: options.staticDir,
    logger: { level: config.logLevel },
    databaseUrl: config.databaseUrl,
    postgres: config.postgres,
    dataDir: config.dataDir,
    apiKeys: config.apiKeys,
    feedbackPath: config.feedbackPath,
    rateLimit: config.rateLimit,
    submissionsPerMinute: config.submissionsPerMinute,
    retentionMonths: config.retentionMonths,
    teamSecret: config.teamSecret,
    oidc: config.oidc,
    preview: config.preview,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    requestTimeoutMs: config.requestTimeoutMs,
    connectionTimeoutMs: config.connectionTimeoutMs,
    dbWaitMs: config.dbWaitMs,
    metrics,
    warmUp: true,
    backgroundStartup: {
      onStartFailed: (error) =>
        options.onStartFailed
          ? options.onStartFailed(error)
          : // After buildServer has returned (a start that fails at once reports before it does).
            setImmediate(() => app.log.error({ err: error }, 'the database was never reached')),
    },
  });
  if (secretWarning) app.log.warn(secretWarning);
  // Metrics on their own port, which the load balancer does not route to (docs/operations.md).
  const metricsServer =
    metrics && config.metricsPort
      ? await serveMetrics(metrics, config.metricsPort, config.host)
      : undefined;
  if (metricsServer)
    app.addHook('onClose', async () => {
      await new Promise((done) => metricsServer.close(done));
    });
  const address = await app.listen({ port: config.port, host: config.host });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  const metricsAddress = metricsServer?.address();
  return {
    app,
    url: address,
    surveys,
    ...(metricsAddress && typeof metricsAddress === 'object'
      ? { metricsUrl: `http://${config.host}:${metricsAddress.port}/metrics` }
      : {}),
  };
}

// Run directly: `node dist-node/main.js` (built by `npm run build`; `npm start` builds and runs
// it) or `tsx server/main.ts`, from the project folder (dist/, dist-server/, definitions/).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer({
    onStartFailed: (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  }).then(
    ({ url, surveys }) => {
      const base = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
      const ids = [...surveys.keys()].sort();
      console.log(`Feedback service running at ${base}/en/${ids[0] ?? ''}`);
      console.log(
        `Surveys:\n${ids.map((id) => `  ${base}/en/${id}  ${base}/cy/${id}`).join('\n')}`,
      );
      console.log(`Feedback API: POST ${base}/api/feedback (Ctrl+C stops)`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
