// A team server over the crosstab fixture surveys (./fixtures/crosstab-surveys.ts) on SQLite or
// PostgreSQL, with responses sent through the feedback API (stored as any response is), and a
// signed-in viewer and analyst.
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildServer } from '../../server/app';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist } from '../server/fixtures';
import { crosstabSurveys } from './fixtures/crosstab-surveys';
import { signedIn } from './helpers';
import { openWorldStore } from './scope-world';

export const NOW = new Date('2026-03-20T09:00:00Z');
const KEY = 'crosstab-test-key-0123456789';

export interface Sent {
  survey: 'xtab-one' | 'xtab-two';
  day: number;
  lang: 'en' | 'cy';
  answers: Record<string, string>;
}

/** A response to the first fixture survey, sent on day `day` of March 2026. */
export const sentToOne = (day: number, lang: Sent['lang'], answers: Sent['answers']): Sent => ({
  survey: 'xtab-one',
  day,
  lang,
  answers,
});

export async function crosstabWorld(sent: Sent[], postgres?: string) {
  const store: StoreWithTeam = await openWorldStore(postgres);
  let now = NOW;
  const app: FastifyInstance = await buildServer({
    surveys: crosstabSurveys(),
    store,
    staticDir: fakeDist(),
    retentionMonths: false,
    rateLimit: false,
    submissionsPerMinute: false,
    apiKeys: [KEY],
    clock: () => now,
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });
  for (const s of sent) {
    now = new Date(Date.UTC(2026, 2, s.day, 10));
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'content-language': s.lang },
      payload: JSON.stringify({ serviceName: `${s.survey}-service`, ...s.answers }),
    });
    if (response.statusCode !== 201) throw new Error(`not stored: ${response.body}`);
  }
  now = NOW;
  return {
    app,
    store,
    viewer: await signedIn(app, store, 'viewer', NOW),
    analyst: await signedIn(app, store, 'analyst', NOW),
  };
}

/** A page's tables as rows of cell texts (tags dropped, spaces squeezed), each table a list. */
export function tables(html: string): string[][][] {
  const cell = (s: string) =>
    s
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  return [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map(([table]) =>
    [...table.matchAll(/<tr[\s\S]*?<\/tr>/g)].map(([row]) =>
      [...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((m) => cell(m[1]!)),
    ),
  );
}
