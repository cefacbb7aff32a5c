import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ResolvedSurvey } from '../engine/index';
import { buildServer, loadDefinitions } from './app';
import { configFromEnv, type ServerConfig } from './config';

/**
 * Starts the API and the built app from environment settings, and stops cleanly on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed).
 * Run directly (`tsx server/main.ts`) it serves whatever `dist/` holds; `npm start` builds first.
 */
export async function startServer(
  options: { staticDir?: string; config?: ServerConfig } = {},
): Promise<{ app: FastifyInstance; url: string; surveys: Map<string, ResolvedSurvey> }> {
  const config = options.config ?? configFromEnv();
  const surveys = await loadDefinitions();
  const app = await buildServer({
    surveys,
    staticDir: options.staticDir,
    logger: { level: config.logLevel },
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    apiKeys: config.apiKeys,
    feedbackPath: config.feedbackPath,
    rateLimit: config.rateLimit,
    submissionsPerMinute: config.submissionsPerMinute,
    retentionMonths: config.retentionMonths,
    teamSecret: config.teamSecret,
    oidc: config.oidc,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    requestTimeoutMs: config.requestTimeoutMs,
    connectionTimeoutMs: config.connectionTimeoutMs,
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
  return { app, url: address, surveys };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
