/** Settings read from the environment, with the defaults that suit a local run. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  apiKeys: string[];
  feedbackPath: string;
  retentionMonths: number;
  rateLimit: { max: number; timeWindowMs: number } | false;
  trustProxy: boolean;
  logLevel: string;
}

export const DEFAULT_API_KEY = 'local-development-key';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rateLimitMax = integer(env.RATE_LIMIT_MAX, 30);
  return {
    port: integer(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    apiKeys: parseApiKeys(env.API_KEYS),
    feedbackPath: env.FEEDBACK_PATH || '/api/feedback',
    retentionMonths: integer(env.RETENTION_MONTHS, 3),
    // RATE_LIMIT_MAX=0 switches limiting off (benchmarks).
    rateLimit:
      rateLimitMax > 0
        ? { max: rateLimitMax, timeWindowMs: integer(env.RATE_LIMIT_WINDOW_MS, 60_000) }
        : false,
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
  };
}

export function parseApiKeys(value: string | undefined): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return keys.length > 0 ? keys : [DEFAULT_API_KEY];
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}
