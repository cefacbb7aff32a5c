import { describe, expect, it } from 'vitest';
import { apiKeyChecker } from '../../server/apiKey';
import { configFromEnv, DEFAULT_API_KEY, parseApiKeys } from '../../server/config';

describe('configuration from the environment', () => {
  it('has local defaults', () => {
    expect(configFromEnv({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      apiKeys: [DEFAULT_API_KEY],
      feedbackPath: '/api/feedback',
      retentionMonths: 3,
      rateLimit: { max: 30, timeWindowMs: 60_000 },
      trustProxy: false,
      requestTimeoutMs: 10_000,
      connectionTimeoutMs: 30_000,
      submissionsPerMinute: 600,
    });
  });

  it('refuses proxy settings a client could spoof, naming the setting', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true.*addresses/);
    expect(() => configFromEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=1.*hop count/);
    expect(() => configFromEnv({ TRUST_PROXY: '10.0.0.1,lb.internal' })).toThrow(
      /TRUST_PROXY: "lb.internal"/,
    );
    expect(() => configFromEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses to run in production with the well-known development key', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(
      /API_KEYS must be set when NODE_ENV=production/,
    );
    expect(() => configFromEnv({ NODE_ENV: 'production', API_KEYS: ' , ' })).toThrow(/API_KEYS/);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://feedback.example.gov.uk' };
    expect(configFromEnv({ ...production, API_KEYS: 'k1' }).apiKeys).toEqual(['k1']);
  });

  it('takes the public origin from PUBLIC_URL, required in production', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production', API_KEYS: 'k1' })).toThrow(
      /PUBLIC_URL must be set when NODE_ENV=production/,
    );
    expect(configFromEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(configFromEnv({ PUBLIC_URL: 'https://feedback.example.gov.uk' }).publicUrl).toBe(
      'https://feedback.example.gov.uk',
    );
    expect(() => configFromEnv({ PUBLIC_URL: 'https://feedback.example.gov.uk/team' })).toThrow(
      /origin only/,
    );
    expect(() => configFromEnv({ PUBLIC_URL: 'feedback.example.gov.uk' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses timeouts of 0, which Node takes as no limit', () => {
    expect(() => configFromEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => configFromEnv({ CONNECTION_TIMEOUT_MS: '0' })).toThrow(/CONNECTION_TIMEOUT_MS/);
  });

  it('sizes the PostgreSQL pool for 10 instances on a default server, with timeouts', () => {
    expect(configFromEnv({}).postgres).toEqual({
      poolMax: 8,
      teamPoolMax: 2,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 5_000,
      startWaitMs: 120_000,
    });
    expect(
      configFromEnv({
        PG_POOL_MAX: '20',
        PG_TEAM_POOL_MAX: '4',
        PG_CONNECT_TIMEOUT_MS: '2000',
        PG_STATEMENT_TIMEOUT_MS: '15000',
      }).postgres,
    ).toEqual({
      poolMax: 20,
      teamPoolMax: 4,
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 15_000,
      startWaitMs: 120_000,
    });
    for (const name of [
      'PG_POOL_MAX',
      'PG_TEAM_POOL_MAX',
      'PG_CONNECT_TIMEOUT_MS',
      'PG_STATEMENT_TIMEOUT_MS',
    ])
      expect(() => configFromEnv({ [name]: '0' })).toThrow(name);
  });

  it('reads keys, limits and switches', () => {
    const config = configFromEnv({
      API_KEYS: ' one, two ,,three ',
      PORT: '8080',
      HOST: '0.0.0.0',
      RATE_LIMIT_MAX: '0',
      RETENTION_MONTHS: '6',
      DATABASE_URL: 'postgres://db/feedback',
      TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32',
      REQUEST_TIMEOUT_MS: '5000',
      CONNECTION_TIMEOUT_MS: '7000',
      SUBMISSIONS_PER_MINUTE_MAX: '0',
    });
    expect(config.apiKeys).toEqual(['one', 'two', 'three']);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      rateLimit: false,
      retentionMonths: 6,
      trustProxy: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'],
      requestTimeoutMs: 5000,
      connectionTimeoutMs: 7000,
      submissionsPerMinute: false,
    });
    expect(config.databaseUrl).toBe('postgres://db/feedback');
  });

  it('refuses a TEAM_SECRET shorter than 32 bytes, saying how to make one', () => {
    expect(() => configFromEnv({ TEAM_SECRET: 'x' })).toThrow(
      /TEAM_SECRET must be at least 32 bytes \(it has 1\).*openssl rand -base64 32/,
    );
    expect(() => configFromEnv({ TEAM_SECRET: 'a'.repeat(31) })).toThrow(/TEAM_SECRET/);
    expect(configFromEnv({ TEAM_SECRET: 'a'.repeat(32) }).teamSecret).toBe('a'.repeat(32));
  });

  it("bounds a request's wait on the database (DB_WAIT_MS) and opens metrics only on METRICS_PORT", () => {
    expect(configFromEnv({}).dbWaitMs).toBe(5_000);
    expect(configFromEnv({ DB_WAIT_MS: '2500' }).dbWaitMs).toBe(2_500);
    expect(() => configFromEnv({ DB_WAIT_MS: '0' })).toThrow(/DB_WAIT_MS/);
    expect(configFromEnv({}).metricsPort).toBeUndefined();
    expect(configFromEnv({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('refuses nonsense numbers instead of guessing', () => {
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/whole number/);
    expect(() => configFromEnv({ RETENTION_MONTHS: '-1' })).toThrow(/whole number/);
  });

  it('falls back to the development key only when no key is configured', () => {
    expect(parseApiKeys(undefined)).toEqual([DEFAULT_API_KEY]);
    expect(parseApiKeys(' , ')).toEqual([DEFAULT_API_KEY]);
    expect(parseApiKeys('prod-key')).toEqual(['prod-key']);
  });
});

describe('apiKeyChecker', () => {
  const check = apiKeyChecker(['alpha-key', 'beta-key']);
  it('accepts exactly the configured keys', () => {
    expect(check('alpha-key')).toBe(true);
    expect(check('beta-key')).toBe(true);
    for (const wrong of [
      'alpha-ke',
      'alpha-key ',
      'ALPHA-KEY',
      '',
      'gamma',
      undefined,
      ['alpha-key'],
      42,
    ]) {
      expect(check(wrong)).toBe(false);
    }
  });
});
