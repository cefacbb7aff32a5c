// PgBouncer in transaction mode in front of a throwaway PostgreSQL, set up as docs/operations.md
// says (no ignore_startup_parameters): the service opens, stores and reads through it (the kept
// word counts too, from responses stored at once on several pooled connections), and its
// statement timeout still reaches the server (a statement waiting on a lock is cancelled by it,
// not held until the lock goes).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import {
  clusterMissing,
  pgbouncerBin,
  startCluster,
  startPgBouncer,
  type Bouncer,
  type Cluster,
} from '../../scripts/pg-cluster';
import { frequentFromCounts } from '../../server/team/frequent-words';
import { wordSource } from '../../server/team/word-source';
import { crosstabSurveys, XTAB_ONE } from '../team/fixtures/crosstab-surveys';
import { API_KEY, testServer, validBody } from './fixtures';

const crosstab = crosstabSurveys();

const missing = clusterMissing() ?? (pgbouncerBin() ? undefined : 'PgBouncer is not installed');
if (missing) console.warn(`PgBouncer tests skipped: ${missing}`);

const record = (n: number, key?: string) => ({
  surveyId: 'bouncer',
  definitionHash: 'h',
  receivedAt: new Date(),
  answers: { howToImprove: `answer ${n}`, serviceName: 's' },
  ...(key ? { key } : {}),
});

describe.skipIf(missing)('through PgBouncer in transaction mode', () => {
  let cluster: Cluster;
  let bouncer: Bouncer;
  let store: StoreWithTeam | undefined;
  beforeAll(async () => {
    cluster = await startCluster();
    bouncer = await startPgBouncer(cluster);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await bouncer?.stop();
    await cluster?.remove();
  });

  it('opens (migrating), stores, reads and keeps drafts and limits', async () => {
    store = await openPostgresStore(bouncer.url, { poolMax: 4, teamPoolMax: 1 });
    const saved = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => store!.save(record(n))));
    expect(await store.count()).toBe(6);
    expect(await store.has(saved[0]!.id)).toBe(true);
    // A repeated run key stores once, through any pooled connection.
    const first = await store.save(record(7, 'bouncer-key-0123456789'));
    const again = await store.save(record(7, 'bouncer-key-0123456789'));
    expect(again.id).toBe(first.id);
    const token = await store.drafts.create('bouncer', new Date());
    await store.drafts.save(token, { howToImprove: 'kept' }, new Date());
    expect((await store.drafts.read(token))?.answers).toEqual({
      howToImprove: 'kept',
    });
    expect(await store.limits.hit('client:192.0.2.1', 0)).toBe(1);
    expect(await store.limits.hit('client:192.0.2.1', 0)).toBe(2);
    expect(await store.team.getFeedback(saved[1]!.id)).toMatchObject({ surveyId: 'bouncer' });
  }, 30_000);

  it('a statement waiting on a lock is cancelled by the statement timeout (503), not held until the lock goes', async () => {
    const short = await openPostgresStore(bouncer.url, { poolMax: 2, statementTimeoutMs: 300 });
    // Straight to the server, not through PgBouncer: a transaction holding the table.
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE feedback IN ACCESS EXCLUSIVE MODE');
      const error = await short.count().catch((failed: unknown) => failed);
      // Cancelled by the server (57014, query_canceled) while the lock was still held.
      expect(error).toMatchObject({ code: '57014', statusCode: 503 });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await short.close();
    }
  }, 30_000);

  it('keeps the word counts exact for responses stored at once through pooled connections', async () => {
    const counting = await openPostgresStore(bouncer.url, { poolMax: 4 });
    try {
      await counting.team.keepWords(wordSource(crosstab));
      const texts = ['Slow phone line', 'Phone line slow'];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          counting.save({
            surveyId: XTAB_ONE,
            definitionHash: 'h',
            receivedAt: new Date(Date.UTC(2026, 2, 1 + (i % 3), 10)),
            answers: { howToImprove: texts[i % 2]! },
            lang: 'en',
          }),
        ),
      );
      const found = await counting.team.keptTerms({}, 20, 1000, [...crosstab.keys()]);
      const [english] = frequentFromCounts(found!.counts);
      expect(found!.waiting).toBe(0);
      expect(english!.responses).toBe(40);
      expect(english!.words.map((w) => [w.text, w.responses])).toEqual([
        ['line', 40],
        ['phone', 40],
        ['slow', 40],
      ]);
      expect(english!.phrases.map((p) => [p.text, p.responses])).toEqual([
        ['phone line', 40],
        ['line slow', 20],
        ['slow phone', 20],
      ]);
    } finally {
      await counting.close();
    }
  }, 30_000);

  it('serves the API through it', async () => {
    const { app } = await testServer({ store });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        payload: JSON.stringify(validBody()),
      });
      expect(response.statusCode).toBe(201);
      expect(await store!.has(response.json<{ id: string }>().id)).toBe(true);
    } finally {
      await app.close();
    }
  }, 30_000);
});
