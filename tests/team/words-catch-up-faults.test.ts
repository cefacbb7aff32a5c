// The word index caught up on PostgreSQL while the server terminates its connections (issue 35
// item 4): batches cut mid-way, on idle and busy connections. Each batch is one transaction and
// the start-up runs a failed step again (server/startup.ts), so the index must end exactly as a
// catch-up of the same responses with no fault leaves it: every response cut, each word and each
// count once. Needs a real PostgreSQL server: set TEST_DATABASE_URL to run it.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { comment } from '../../scripts/bench-text';
import { openPostgresStore, type DatabaseTrouble } from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import type { WordSource } from '../../server/storage/words-sql';
import { wordSource } from '../../server/team/word-source';
import { fixtureSurveys } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';

const RESPONSES = 450; // several batches of the catch-up (CUT_BATCH, server/storage/words-sql.ts)
const APP = 'catch-up-under-test';
const databaseUrl = process.env.TEST_DATABASE_URL;

/** The same responses for each store: bilingual long-tailed text over March 2026. */
async function storeResponses(store: StoreWithTeam) {
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < RESPONSES; i++) {
    const lang = random() < 0.4 ? 'cy' : 'en';
    await store.save({
      surveyId: 'fixture-pages',
      definitionHash: 'h',
      receivedAt: new Date(Date.UTC(2026, 2, 1 + (i % 28), 9, 0, i % 60)),
      answers: {
        howToImprove: comment(random, lang === 'cy'),
        serviceName: 'fixture-pages-service',
      },
      lang,
    });
  }
}

/** What the index holds, without the responses' ids (random in each store). */
async function index(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (text: string) => (await client.query(text)).rows;
    return {
      uncut: await rows('SELECT COUNT(*)::int AS n FROM feedback WHERE words_cut IS NULL'),
      words: await rows(
        'SELECT word, COUNT(*)::int AS n FROM feedback_word GROUP BY word ORDER BY word',
      ),
      counts: await rows(
        'SELECT day, survey_id, lang, kind, text, responses FROM feedback_term_count ORDER BY 1, 2, 3, 4, 5',
      ),
      totals: await rows(
        'SELECT lang, kind, text, responses FROM feedback_term_total ORDER BY 1, 2, 3',
      ),
    };
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('the word index caught up while connections are terminated', () => {
  const opened: StoreWithTeam[] = [];
  const admin = new pg.Client({ connectionString: databaseUrl });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await admin.end().catch(() => undefined);
  });

  it('ends as a catch-up with no fault: every response cut, each word and count once', async () => {
    const faultedUrl = new URL(await ownSchema(databaseUrl!, 'catch_up_faulted'));
    faultedUrl.searchParams.set('application_name', APP);
    const cleanUrl = await ownSchema(databaseUrl!, 'catch_up_clean');
    const troubles: DatabaseTrouble[] = [];
    const faulted = await openPostgresStore(faultedUrl.toString(), {
      onTrouble: (t) => troubles.push(t),
    });
    const clean = await openPostgresStore(cleanUrl);
    opened.push(faulted, clean);
    // Stored before the word index is kept: all of them wait for the catch-up.
    await storeResponses(faulted);
    await storeResponses(clean);
    const surveys = fixtureSurveys();
    await clean.team.keepWords(wordSource(surveys));

    await admin.connect();
    let terminated = 0;
    const kills: Promise<void>[] = [];
    const terminate = () =>
      admin
        .query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [APP],
        )
        .then(({ rowCount }) => void (terminated += rowCount ?? 0));
    // Every 70 responses cut (within a batch, before or while it is written), its connections go.
    const source = wordSource(surveys);
    let asked = 0;
    const faulty: WordSource = {
      ...source,
      words: (record) => {
        if (++asked % 70 === 0) kills.push(terminate());
        return source.words(record);
      },
    };
    // As the start-up does with a step that failed: run it again until it ends.
    let failures = 0;
    for (;;)
      try {
        await faulted.team.keepWords(faulty);
        break;
      } catch (error) {
        if (++failures > 20) throw error;
      }
    await Promise.all(kills);

    expect(terminated, 'connections terminated during the catch-up').toBeGreaterThan(0);
    expect(troubles.some((t) => t.event === 'connection lost' || t.event === 'retrying')).toBe(
      true,
    );
    const [after, expected] = [await index(faultedUrl.toString()), await index(cleanUrl)];
    expect(after.uncut).toEqual([{ n: 0 }]);
    expect(expected.words.length).toBeGreaterThan(50);
    expect(after).toEqual(expected);
  }, 120_000);
});
