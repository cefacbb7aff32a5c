import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, withDatabaseBudget } from '../../server/storage/deadline';
import { isTransient, withRetries } from '../../server/storage/retry';

const failure = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields);

describe('transient PostgreSQL failures', () => {
  it('knows deadlocks, serialization failures, shutdowns and broken connections', () => {
    for (const code of [
      '40P01',
      '40001',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      'ECONNREFUSED',
      'ECONNRESET',
    ])
      expect(isTransient(failure({ code })), code).toBe(true);
    expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransient(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransient(new AggregateError([failure({ code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it('does not retry what another try would not change', () => {
    for (const code of ['23505', '42P01', '22P02', '57014', '28P01'])
      expect(isTransient(failure({ code })), code).toBe(false);
    expect(isTransient(new TypeError('x is undefined'))).toBe(false);
    expect(isTransient(undefined)).toBe(false);
  });
});

describe('withRetries', () => {
  const noWait = async () => undefined;

  it('tries again after a transient failure, waiting longer each time with jitter, up to the limit', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        if (++calls < 5) throw failure({ code: '57P01' });
        return 'stored';
      },
      { attempts: 7, baseDelayMs: 100, maxDelayMs: 500 },
      async (ms) => waits.push(ms),
    );
    expect(result).toBe('stored');
    expect(calls).toBe(5);
    const caps = [100, 200, 400, 500];
    waits.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual(caps[n]! / 2);
      expect(ms).toBeLessThanOrEqual(caps[n]!);
    });
  });

  it('gives up after the last try with a 503', async () => {
    let calls = 0;
    const attempt = withRetries(
      async () => {
        calls++;
        throw failure({ code: '08006' });
      },
      { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
      noWait,
    );
    await expect(attempt).rejects.toMatchObject({ code: '08006', statusCode: 503 });
    expect(calls).toBe(3);
  });

  it('passes other errors on at once; a statement timeout says 503 without a retry', async () => {
    let calls = 0;
    const duplicate = withRetries(
      async () => {
        calls++;
        throw failure({ code: '23505' });
      },
      undefined,
      noWait,
    );
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await expect(duplicate).rejects.not.toHaveProperty('statusCode');
    expect(calls).toBe(1);
    const slow = withRetries(
      async () => {
        calls++;
        throw failure({ code: '57014' });
      },
      undefined,
      noWait,
    );
    await expect(slow).rejects.toMatchObject({ statusCode: 503 });
    expect(calls).toBe(2);
  });
});

describe('within a request’s budget on the database (DB_WAIT_MS)', () => {
  it('makes no retry whose pause would end past the budget: DatabaseUnavailable (503) instead', async () => {
    let calls = 0;
    const waits: number[] = [];
    // Pauses are real here (5 to 10 ms, then more), so the budget is spent by them.
    const outcome = await withDatabaseBudget(150, () =>
      withRetries(
        async () => {
          calls++;
          throw failure({ code: '57P01' });
        },
        { attempts: 50, baseDelayMs: 10, maxDelayMs: 1000 },
        async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
      ).catch((error: unknown) => error),
    );
    expect(outcome).toBeInstanceOf(DatabaseUnavailable);
    expect(outcome).toMatchObject({ statusCode: 503, reason: 'timeout' });
    expect((outcome as Error).cause).toMatchObject({ code: '57P01' });
    // Far fewer than the 50 tries allowed, and the pauses taken fit in the budget.
    expect(calls).toBeLessThan(50);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(150);
  });

  it('outside a request, retries as before (no budget)', async () => {
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls++;
          throw failure({ code: '57P01' });
        },
        { attempts: 4, baseDelayMs: 1, maxDelayMs: 1 },
        async () => undefined,
      ),
    ).rejects.toMatchObject({ statusCode: 503, code: '57P01' });
    expect(calls).toBe(4);
  });
});
