// The start-up warm-up (server/team/warm-up.ts): the overview and the responses list drawn once in
// each language over the stored responses, with no request made and nothing left behind.
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { createMetrics } from '../../server/metrics';
import { openSqliteStore } from '../../server/storage/sqlite';
import { fakeDist, fixtureSurveys, logCapture } from '../server/fixtures';

async function started(warmUp: boolean) {
  const store = openSqliteStore(':memory:');
  const surveys = fixtureSurveys();
  for (const [i, survey] of [...surveys.values()].entries())
    await store.save({
      surveyId: survey.id,
      definitionHash: survey.hash ?? '',
      receivedAt: new Date(),
      answers: { serviceName: survey.serviceName },
      lang: i % 2 ? 'cy' : 'en',
    });
  // Every figures read the overview makes, by survey.
  const tallied: string[] = [];
  const tally = store.team.tallyFeedback;
  store.team.tallyFeedback = (filter, fields) => {
    tallied.push(filter.surveyId!);
    return tally(filter, fields);
  };
  // And every page of responses listed.
  const listed: number[] = [];
  const find = store.team.findFeedback;
  store.team.findFeedback = async (filter, page) => {
    const found = await find(filter, page);
    listed.push(found.length);
    return found;
  };
  const metrics = createMetrics();
  const log = logCapture();
  const app = await buildServer({
    surveys,
    store,
    staticDir: fakeDist(),
    retentionMonths: false,
    rateLimit: false,
    metrics,
    logger: { level: 'info', stream: log.stream },
    warmUp,
  });
  return { app, store, surveys, tallied, listed, metrics, log };
}

describe('the start-up warm-up', () => {
  it('draws the overview of every survey and the list of responses in English and Welsh, with no request, member, session or audit entry', async () => {
    const { app, store, surveys, tallied, listed, metrics, log } = await started(true);
    try {
      const ids = [...surveys.keys()];
      // Every survey as first opened and in the page's language, in English and Welsh.
      expect(tallied.sort()).toEqual([...ids, ...ids, ...ids, ...ids].sort());
      expect(listed).toEqual([ids.length, ids.length]);
      expect(log.text()).toMatch(/"step":"team pages warmed".*"start-up work done"/);
      // No request: nothing counted, nobody signed in, nothing audited.
      const counted = await metrics.registry.getSingleMetricAsString('http_requests_total');
      expect(counted).not.toMatch(/^http_requests_total\{/m);
      expect(await store.team.listMembers()).toEqual([]);
      expect(await store.team.auditLog({ limit: 10, offset: 0 })).toEqual([]);
      // The pages themselves still need a sign-in.
      const page = await app.inject({ url: '/team' });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe('/team/sign-in');
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('is left out unless asked for (tests start many servers)', async () => {
    const { app, store, tallied, listed, log } = await started(false);
    try {
      expect(tallied).toEqual([]);
      expect(listed).toEqual([]);
      expect(log.text()).not.toContain('team pages warmed');
    } finally {
      await app.close();
      await store.close();
    }
  });
});
