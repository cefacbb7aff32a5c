// The server with every definition in the folder: every survey's prepared answers are accepted on every
// path the engine enumerates, and every survey has its app routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { enumeratePaths, prepareSubmission, type ResolvedSurvey } from '../../engine/index';
import { loadDefinitions } from '../../server/app';
import { classifyPath } from '../../server/paths';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, testServer } from '../server/fixtures';
import { DEFINITIONS_DIR } from '../helpers/definitions';

let surveys: Map<string, ResolvedSurvey>;
let app: FastifyInstance;
let store: StoreWithTeam;

beforeAll(async () => {
  surveys = await loadDefinitions(DEFINITIONS_DIR);
  store = openSqliteStore(':memory:');
  ({ app } = await testServer({ surveys, store }));
});
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('with the real definitions', () => {
  it('loads surveys, each with a definition hash', () => {
    expect(surveys.size).toBeGreaterThan(0);
    for (const survey of surveys.values()) expect(survey.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the prepared submission of every enumerated path of every survey', async () => {
    for (const survey of surveys.values()) {
      for (const { pages, answers } of enumeratePaths(survey, 25)) {
        const body = prepareSubmission(survey, answers);
        const response = await app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, `${survey.id} ${pages.join('>')}: ${response.body}`).toBe(201);
        const { id } = response.json<{ id: string }>();
        const record = (await store.list()).find((r) => r.id === id);
        expect(record).toMatchObject({
          surveyId: survey.id,
          definitionHash: survey.hash,
          answers: body,
        });
      }
    }
  });

  it('routes every survey: start, pages or one page, finish; a one-page survey drops the trailing slash', () => {
    for (const survey of surveys.values()) {
      for (const lang of ['en', 'cy']) {
        expect(classifyPath(`/${lang}/${survey.id}`, surveys)).toEqual({ kind: 'app' });
        expect(classifyPath(`/${lang}/${survey.id}/finish`, surveys)).toEqual({ kind: 'app' });
        if (survey.layout === 'single') {
          expect(classifyPath(`/${lang}/${survey.id}/`, surveys)).toEqual({
            kind: 'redirect',
            location: `/${lang}/${survey.id}`,
          });
        } else {
          expect(classifyPath(`/${lang}/${survey.id}/`, surveys)).toEqual({ kind: 'app' });
          for (const page of survey.pages) {
            expect(classifyPath(`/${lang}/${survey.id}/${page.id}`, surveys)).toEqual({
              kind: 'app',
            });
          }
        }
      }
    }
  });
});
