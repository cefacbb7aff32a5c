// Two instances' worth of connections insert and delete responses of one survey at the same
// time (the team deleting while respondents submit, and the retention purge): no deadlock, and
// the per-day counts equal a recount from the stored rows. Needs TEST_DATABASE_URL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import { ownSchema } from './postgres-schema';

const databaseUrl = process.env.TEST_DATABASE_URL;
const FIELDS = Array.from({ length: 10 }, (_, n) => `field${n}`);
const VALUES = ['a', 'b', 'c', 'd', 'e'];
const DAYS = [1, 2];
// A fixed amount of work, not a time: the same on an idle machine and at load 20.
const INSERTS = 600;
const DELETES = 200;

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const response = () => ({
  surveyId: 'tallied',
  definitionHash: 'h',
  receivedAt: new Date(Date.UTC(2026, 2, pick(DAYS), 12, Math.floor(Math.random() * 60))),
  answers: Object.fromEntries([...FIELDS.map((f) => [f, pick(VALUES)]), ['serviceName', 's']]),
});

/** Deadlocks PostgreSQL has detected in this database so far (its statistics lag a little). */
async function deadlocks(client: pg.Client): Promise<number> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: string }>(
    'SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]!.n);
}

describe.skipIf(!databaseUrl)('PostgreSQL per-day counts under concurrent writes', () => {
  let url: string;
  let admin: pg.Client;
  let stores: StoreWithTeam[];
  beforeAll(async () => {
    // Commits made slow (as on a busy disk) hold each transaction's row locks longer, so
    // transactions that take them in different orders meet often enough to show it.
    const own = new URL(await ownSchema(databaseUrl!, 'test_tally'));
    own.searchParams.set(
      'options',
      `${own.searchParams.get('options')} -c commit_delay=20000 -c commit_siblings=1`,
    );
    url = own.toString();
    stores = [await openPostgresStore(url), await openPostgresStore(url)];
    await stores[0]!.team.keepTallies({ tallied: FIELDS });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await Promise.all((stores ?? []).map((store) => store.close()));
  });

  it('inserts and deletes together never deadlock and keep the counts exact', async () => {
    const before = await deadlocks(admin);
    const errors: string[] = [];
    const saved: string[] = [];
    let inserted = 0;
    let deleted = 0;
    const working = () => errors.length === 0 && (inserted < INSERTS || deleted < DELETES);
    const note = (error: unknown) =>
      errors.push((error as { code?: string }).code ?? String(error));
    const inserter = async (store: StoreWithTeam) => {
      while (errors.length === 0 && inserted < INSERTS)
        await store.save(response()).then(({ id }) => {
          inserted++;
          saved.push(id);
        }, note);
    };
    const deleter = async (store: StoreWithTeam) => {
      while (working()) {
        const id = saved.splice(Math.floor(Math.random() * saved.length), 1)[0];
        if (id) await store.team.deleteFeedback(id).then((gone) => (deleted += +gone), note);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    // Many rows at once, as the retention purge deletes them: a random hour of the first day.
    const purger = async () => {
      while (working()) {
        await admin
          .query(
            `DELETE FROM feedback WHERE received_at < now() AND id IN
               (SELECT id FROM feedback ORDER BY random() LIMIT 20)`,
          )
          .then((r) => (deleted += r.rowCount ?? 0), note);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await Promise.all(
      stores.flatMap((store) => [
        ...Array.from({ length: 8 }, () => inserter(store)),
        ...Array.from({ length: 4 }, () => deleter(store)),
        purger(),
        purger(),
      ]),
    );

    expect(errors).toEqual([]);
    expect(inserted).toBeGreaterThanOrEqual(INSERTS);
    expect(deleted).toBeGreaterThanOrEqual(DELETES);

    // The counts, summed over their rows, against a recount of the responses.
    const kept = await admin.query(`
      SELECT day, field, value, SUM(n)::int AS n FROM feedback_tally
      WHERE survey_id = 'tallied' GROUP BY 1, 2, 3 HAVING SUM(n) <> 0 ORDER BY 1, 2, 3`);
    const recount = await admin.query(`
      SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, a.key AS field,
        a.value, COUNT(*)::int AS n
      FROM feedback, jsonb_each_text(answers) a
      WHERE survey_id = 'tallied' AND a.key <> 'serviceName' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(kept.rows).toEqual(recount.rows);
    const { rows: negative } = await admin.query('SELECT * FROM feedback_tally WHERE n <= 0');
    expect(negative).toEqual([]);

    // A deadlock is counted by the backend that found it, within about a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deadlocks(admin)).toBe(before);
  }, 180_000);
});
