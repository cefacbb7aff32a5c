// What PostgreSQL keeps on disk of what respondents type (server/README.md, "What stays on
// disk"): a draft's text is sealed with a key only its token gives, and personal data in free
// text is withheld before it is stored, so neither is found anywhere in the cluster's files
// (tables, write-ahead log) while the draft is live, after it is sent, or after it has expired.
// On a cluster of the test's own, whose files it reads after a CHECKPOINT.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import { openPostgresStore } from '../../server/storage/postgres';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist, testServer } from './fixtures';
import { cannotRunPostgres, throwawayCluster, type Cluster } from './throwaway-postgres';

const t = (en: string) => ({ en, cy: `${en} (cy)` });
const definition: SurveyDefinition = {
  id: 'fixture-on-disk',
  serviceName: 'fixture-on-disk-service',
  title: t('Drafts'),
  duration: 2,
  theme: 'default',
  layout: 'pages',
  start: { heading: t('Give feedback'), paragraphs: [t('Start')], privacy: t('Privacy') },
  pages: [
    { id: 'q1', fields: [{ name: 'comments', type: 'textarea', label: t('Comments?') }] },
    {
      id: 'q2',
      submit: true,
      fields: [
        { name: 'howEasy', type: 'radios', scale: 'ease', label: t('How easy?'), required: true },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};
const survey = {
  ...resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks),
  hash: 'hash-on-disk',
};

const PHONE = '07700 900462';
const EMAIL = 'gethin.ondisk@example.co.uk';
// A word of no one's: stored as typed, so finding it shows the search reads what is stored.
const WORD = 'Quillfeatherbrook';

/** Every file under `dir` that holds `marker`. */
function filesHolding(dir: string, marker: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) found.push(...filesHolding(path, marker));
    else if (stat?.isFile() && readFileSync(path).includes(marker)) found.push(path);
  }
  return found;
}

// Where the server programs are missing, the suite is skipped and says why.
if (cannotRunPostgres) console.warn(`PostgreSQL files on disk: skipped, ${cannotRunPostgres}`);

describe.skipIf(cannotRunPostgres)('PostgreSQL files on disk (a cluster of its own)', () => {
  let cluster: Cluster;
  let store: StoreWithTeam;
  let app: FastifyInstance;
  let minutes = 0;
  beforeAll(async () => {
    cluster = await throwawayCluster();
    store = await openPostgresStore(cluster.url);
    ({ app } = await testServer({
      store,
      surveys: new Map([[survey.id, survey]]),
      clock: () => new Date(Date.UTC(2026, 4, 1, 9, minutes)),
      staticDir: fakeDist(),
      serverEntry: resolve('src/entry-server.tsx'),
    }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await cluster?.stop();
  });

  const post = async (path: string, form: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(303);
    return String(response.headers.location);
  };

  /** Which of the markers are in the cluster's files, once everything is written out to them. */
  async function onDisk(...markers: string[]): Promise<string[]> {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query('CHECKPOINT');
    await client.end();
    return markers.filter((marker) => filesHolding(cluster.data, marker).length > 0);
  }

  it('never holds a draft’s typed text, live, sent or expired', async () => {
    const typed = `${WORD}: ring ${PHONE} or write to ${EMAIL}`;
    // Typed into a draft, then a page posted with errors held with it.
    const second = await post(await post(`/en/${survey.id}`, {}), { comments: typed });
    expect(await post(second, {})).toMatch(/\/q2\?draft=/);
    expect(await onDisk(PHONE, EMAIL, WORD)).toEqual([]);
    // Sent: the response is stored, the personal data in it withheld.
    expect(await post(second, { howEasy: '5' })).toMatch(/\/finish$/);
    expect(await onDisk(PHONE, EMAIL, WORD)).toEqual([WORD]);
    // Another draft, left to expire and deleted by the purge.
    const abandoned = `ring ${PHONE.replace('2', '3')} again`;
    await post(await post(`/en/${survey.id}`, {}), { comments: abandoned });
    minutes = 90;
    // (The sent draft, kept emptied to say it was sent, goes with it.)
    expect(await store.drafts.deleteIdle(new Date(Date.UTC(2026, 4, 1, 10)))).toBe(2);
    expect(await onDisk(PHONE.replace('2', '3'))).toEqual([]);
  }, 120_000);
});
