import { isIP } from 'node:net';
import { POSTGRES_DEFAULTS, type PostgresSettings } from './storage/postgres';
import { oidcFromEnv, type OidcSettings } from './team/sso-config';

/** Settings read from the environment, with the defaults that suit a local run. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL's pool size and timeouts, used when databaseUrl is set. */
  postgres: PostgresSettings;
  apiKeys: string[];
  feedbackPath: string;
  retentionMonths: number;
  rateLimit: { max: number; timeWindowMs: number } | false;
  /** Accepted submissions per minute across all clients; false turns the cap off. */
  submissionsPerMinute: number | false;
  trustProxy: TrustProxy;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** The longest a respondent's request waits on the database in all (DB_WAIT_MS), then 503. */
  dbWaitMs: number;
  /** The port of /metrics (METRICS_PORT), on its own listener; off when unset. */
  metricsPort?: number;
  logLevel: string;
  /** Signs the team area's passkey challenges; the same on every instance. Required with
   *  DATABASE_URL; random per process when unset on SQLite (see checkTeamSecret). */
  teamSecret?: string;
  /** Single sign-on with the organisation's OpenID Connect provider (OIDC_*); off when unset. */
  oidc?: OidcSettings;
  /** The editors' preview at /preview (PREVIEW=true); off by default. */
  preview: boolean;
  /** The service's public origin (PUBLIC_URL): invitation links, the passkey origin and relying party. */
  publicUrl: string;
}

/** false, or the proxies' addresses/CIDRs (never "trust every hop", never a bare hop count). */
export type TrustProxy = false | string[];

export const DEFAULT_API_KEY = 'local-development-key';

/** Where the feedback is stored: all that the command-line tools need (team:invite, purge). */
export function storageFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'postgres'> {
  return {
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    postgres: {
      poolMax: positive('PG_POOL_MAX', env.PG_POOL_MAX, POSTGRES_DEFAULTS.poolMax),
      teamPoolMax: positive(
        'PG_TEAM_POOL_MAX',
        env.PG_TEAM_POOL_MAX,
        POSTGRES_DEFAULTS.teamPoolMax,
      ),
      connectTimeoutMs: positive(
        'PG_CONNECT_TIMEOUT_MS',
        env.PG_CONNECT_TIMEOUT_MS,
        POSTGRES_DEFAULTS.connectTimeoutMs,
      ),
      statementTimeoutMs: positive(
        'PG_STATEMENT_TIMEOUT_MS',
        env.PG_STATEMENT_TIMEOUT_MS,
        POSTGRES_DEFAULTS.statementTimeoutMs,
      ),
      startWaitMs: positive(
        'DB_START_WAIT_MS',
        env.DB_START_WAIT_MS,
        POSTGRES_DEFAULTS.startWaitMs,
      ),
    },
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rateLimitMax = integer(env.RATE_LIMIT_MAX, 30);
  const submissionsMax = integer(env.SUBMISSIONS_PER_MINUTE_MAX, 600);
  return {
    port: integer(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    ...storageFromEnv(env),
    apiKeys: parseApiKeys(env.API_KEYS, env.NODE_ENV === 'production'),
    feedbackPath: env.FEEDBACK_PATH || '/api/feedback',
    retentionMonths: integer(env.RETENTION_MONTHS, 3),
    // RATE_LIMIT_MAX=0 switches limiting off (benchmarks).
    rateLimit:
      rateLimitMax > 0
        ? { max: rateLimitMax, timeWindowMs: integer(env.RATE_LIMIT_WINDOW_MS, 60_000) }
        : false,
    submissionsPerMinute: submissionsMax > 0 ? submissionsMax : false,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 10_000),
    connectionTimeoutMs: positive('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, 30_000),
    dbWaitMs: positive('DB_WAIT_MS', env.DB_WAIT_MS, DEFAULT_DB_WAIT_MS),
    metricsPort: env.METRICS_PORT ? positive('METRICS_PORT', env.METRICS_PORT, 0) : undefined,
    logLevel: env.LOG_LEVEL || 'info',
    teamSecret: parseTeamSecret(env.TEAM_SECRET),
    oidc: oidcFromEnv(env),
    preview: env.PREVIEW === 'true',
    publicUrl: publicUrlFromEnv(env),
  };
}

/** PUBLIC_URL, required in production (http://localhost:PORT otherwise). */
export const publicUrlFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  parsePublicUrl(env.PUBLIC_URL, env.NODE_ENV === 'production', integer(env.PORT, 3000));

/** A respondent waits at most this long on the database (DB_WAIT_MS): long enough for a restart
 *  or a failover's retries, short enough to be answered before a balancer gives up. */
export const DEFAULT_DB_WAIT_MS = 5_000;

/** TEAM_SECRET's shortest length: 32 bytes, as `openssl rand -base64 32` gives (44 characters). */
export const TEAM_SECRET_MIN_BYTES = 32;

/** TEAM_SECRET when set: at least 32 bytes, or the start stops saying so (a short secret lets
 *  anyone who guesses it forge the team's passkey challenges). */
export function parseTeamSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (Buffer.byteLength(value) < TEAM_SECRET_MIN_BYTES)
    throw new Error(
      `TEAM_SECRET must be at least ${TEAM_SECRET_MIN_BYTES} bytes (it has ${Buffer.byteLength(value)}): make one with \`openssl rand -base64 32\``,
    );
  return value;
}

/**
 * TEAM_SECRET signs the team area's passkey challenges, which any instance may have to check.
 * With DATABASE_URL (several instances on one database) it is required; on SQLite (one
 * instance) a random secret per process still works, and the warning returned says so.
 */
export function checkTeamSecret(
  config: Pick<ServerConfig, 'databaseUrl' | 'teamSecret'>,
): string | null {
  if (config.teamSecret) return null;
  if (config.databaseUrl)
    throw new Error(
      "TEAM_SECRET must be set when DATABASE_URL is set: every instance signs and checks the team area's passkey challenges with it, so give all of them the same long random value (for example from `openssl rand -base64 32`)",
    );
  return 'TEAM_SECRET is not set: passkey challenges are signed with a secret made for this process, which works for this one instance only (set it before running more than one)';
}

/**
 * The origin the service gives out in links and checks passkeys against: never taken from a
 * request's Host or X-Forwarded-* headers, which anyone can set. Required in production.
 */
export function parsePublicUrl(
  value: string | undefined,
  production: boolean,
  port: number,
): string {
  if (!value) {
    if (production)
      throw new Error(
        'PUBLIC_URL must be set when NODE_ENV=production (the origin of invitation links and passkeys, such as https://feedback.example.gov.uk)',
      );
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL: "${value}" is not an address`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash)
    throw new Error(
      'PUBLIC_URL must be the service’s origin only, such as https://feedback.example.gov.uk',
    );
  return url.origin;
}

/** The configured keys; the development key only outside production. */
export function parseApiKeys(value: string | undefined, production = false): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (keys.length > 0) return keys;
  if (production)
    throw new Error(
      'API_KEYS must be set when NODE_ENV=production (the development key is public: it is in the source)',
    );
  return [DEFAULT_API_KEY];
}

/**
 * TRUST_PROXY: unset or "false" (direct connections), or the load balancers' addresses/CIDRs
 * ("10.0.0.0/8,192.0.2.7"). "true" is refused: trusting every hop lets any client choose its
 * own address. A hop count is refused too: it cannot check who is actually connecting, and
 * Fastify 5 silently trusts nothing when given one.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true')
    throw new Error(
      'TRUST_PROXY=true would trust every hop, so clients could spoof X-Forwarded-For: set the number of proxies (e.g. 1) or their addresses/CIDRs',
    );
  if (/^\d+$/.test(text))
    throw new Error(
      `TRUST_PROXY=${text}: a hop count cannot tell a load balancer from a client that connects directly; list the load balancers' addresses or CIDRs instead`,
    );
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const valid = entry.includes('/') ? isCidr(entry) : isIP(entry) !== 0;
    if (!valid) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR`);
  }
  return entries;
}

function isCidr(entry: string): boolean {
  const [address = '', bits = '', ...rest] = entry.split('/');
  const version = isIP(address);
  return (
    version !== 0 &&
    rest.length === 0 &&
    /^\d{1,3}$/.test(bits) &&
    Number(bits) <= (version === 4 ? 32 : 128)
  );
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const n = integer(value, fallback);
  // 0 would mean "no limit" to Node, which is what this setting exists to prevent.
  if (n === 0) throw new Error(`${name} must be more than 0`);
  return n;
}
