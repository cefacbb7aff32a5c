// The team's heavy reads have a pool of their own on PostgreSQL (PG_TEAM_POOL_MAX of
// PG_POOL_MAX): however many are waiting, a respondent's submission still gets a connection.
// Needs TEST_DATABASE_URL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

const databaseUrl = process.env.TEST_DATABASE_URL;
const response = {
  surveyId: 'pool',
  definitionHash: 'h',
  receivedAt: new Date('2026-03-01T12:00:00Z'),
  answers: { serviceName: 's', howToImprove: 'Quicker' },
};

describe.skipIf(!databaseUrl)('PostgreSQL team reads and respondents', () => {
  let store: StoreWithTeam;
  let admin: pg.Client;
  beforeAll(async () => {
    const url = await ownSchema(databaseUrl!, 'test_team_pool');
    store = await openPostgresStore(url, { poolMax: 4, teamPoolMax: 2, connectTimeoutMs: 20_000 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await store?.close();
  });

  it('stores a submission while every team connection waits on a slow read', async () => {
    const { id } = await store.save(response);
    // The team's reads of tags wait while another session holds the tag table locked; a
    // submission does not touch that table.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE team_response_tag IN ACCESS EXCLUSIVE MODE');
    const events: string[] = [];
    const reads = Array.from({ length: 6 }, () =>
      store.team.tagsOf([id]).then(() => events.push('team read')),
    );
    // Until the reads have taken every team connection and wait on the lock (asked of the
    // database, not guessed with a pause, so a busy machine only makes it wait longer).
    const waiting = async () => {
      // This session is inside a transaction, whose view of the statistics is otherwise fixed.
      await admin.query('SELECT pg_stat_clear_snapshot()');
      return Number(
        (
          await admin.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
          )
        ).rows[0]!.n,
      );
    };
    while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await store.save(response);
    events.push('submission');
    await admin.query('COMMIT');
    await Promise.all(reads);
    // With one pool the six reads took all four connections and the submission waited for the
    // lock to go.
    expect(events[0]).toBe('submission');
    expect(events).toHaveLength(7);
    expect(await store.count()).toBe(2);
  }, 30_000);
});
