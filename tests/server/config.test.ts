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
    });
  });

  it('reads keys, limits and switches', () => {
    const config = configFromEnv({
      API_KEYS: ' one, two ,,three ',
      PORT: '8080',
      HOST: '0.0.0.0',
      RATE_LIMIT_MAX: '0',
      RETENTION_MONTHS: '6',
      DATABASE_URL: 'postgres://db/feedback',
      TRUST_PROXY: 'true',
    });
    expect(config.apiKeys).toEqual(['one', 'two', 'three']);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      rateLimit: false,
      retentionMonths: 6,
      trustProxy: true,
    });
    expect(config.databaseUrl).toBe('postgres://db/feedback');
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
