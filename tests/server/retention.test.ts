import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServer } from './fixtures';
import { purgeExpired, retentionCutoff, startRetention } from '../../server/retention';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';

const at = (iso: string) => new Date(iso);

describe('retentionCutoff (three calendar months, UTC)', () => {
  it.each([
    ['2026-06-15T12:00:00.000Z', '2026-03-15T12:00:00.000Z'],
    ['2026-02-10T08:30:00.000Z', '2025-11-10T08:30:00.000Z'], // across the year
    ['2026-05-31T23:59:59.999Z', '2026-02-28T23:59:59.999Z'], // clamped to a short month
    ['2028-05-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'], // leap year
    ['2026-03-31T10:00:00.000Z', '2025-12-31T10:00:00.000Z'],
  ])('from %s is %s', (now, cutoff) => {
    expect(retentionCutoff(at(now), 3).toISOString()).toBe(cutoff);
  });

  it('follows the configured number of months', () => {
    expect(retentionCutoff(at('2026-06-15T00:00:00Z'), 1).toISOString()).toBe(
      '2026-05-15T00:00:00.000Z',
    );
    expect(retentionCutoff(at('2026-06-15T00:00:00Z'), 12).toISOString()).toBe(
      '2025-06-15T00:00:00.000Z',
    );
  });
});

describe('purging expired feedback', () => {
  let store: StoreWithTeam;
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
  });

  const save = (receivedAt: string) =>
    store.save({
      surveyId: 's',
      definitionHash: 'h',
      receivedAt: at(receivedAt),
      answers: { serviceName: 's' },
    });

  it('deletes records a millisecond outside three months and keeps those at or inside the boundary', async () => {
    store = openSqliteStore(':memory:');
    const outside = await save('2026-03-15T11:59:59.999Z');
    const boundary = await save('2026-03-15T12:00:00.000Z');
    const inside = await save('2026-03-15T12:00:00.001Z');
    const recent = await save('2026-06-15T11:00:00.000Z');
    expect(await purgeExpired(store, 3, at('2026-06-15T12:00:00.000Z'))).toBe(1);
    expect(await store.has(outside.id)).toBe(false);
    for (const kept of [boundary, inside, recent]) expect(await store.has(kept.id)).toBe(true);
  });

  it('runs at start and then every interval with the injected clock, and stops when asked', async () => {
    // Only the interval is faked: the store commits on setImmediate.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    store = openSqliteStore(':memory:');
    await save('2026-01-01T00:00:00.000Z');
    await save('2026-01-01T02:00:00.000Z');
    await save('2026-05-01T00:00:00.000Z');
    let now = at('2026-03-31T23:30:00.000Z');
    const stop = startRetention(store, { months: 3, intervalMs: 60 * 60 * 1000, clock: () => now });
    await vi.advanceTimersByTimeAsync(0);
    expect(await store.count()).toBe(3); // cutoff 2025-12-31T23:30: nothing expired yet

    now = at('2026-04-01T01:30:00.000Z');
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(await store.count()).toBe(2); // cutoff 2026-01-01T01:30: the 00:00 record has gone

    stop();
    now = at('2026-08-01T00:00:00.000Z');
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    expect(await store.count()).toBe(2); // stopped: no more purges
  });

  it('purges on start when the server is built, and stops its timer on close', async () => {
    store = openSqliteStore(':memory:');
    await save('2025-01-01T00:00:00.000Z');
    await save('2026-06-01T00:00:00.000Z');
    const { app } = await testServer({ store, clock: () => at('2026-06-02T00:00:00Z') });
    await app.ready();
    await vi.waitFor(async () => expect(await store.count()).toBe(1));
    await app.close();
  });
});
