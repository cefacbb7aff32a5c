// The corpus of texts with and without contact details (tests/masking/corpus), sent as a
// respondent would send them, without JavaScript and to the feedback API: what is stored must
// hold none of the contact details, in free text and in an Other text inside a choice answer,
// and must leave ordinary texts as they are cleaned (at least 99% of them).
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { allFields, sentText } from '../../engine/index';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, fakeDist, testServer } from '../server/fixtures';
import { readCorpus } from '../../scripts/masking-score';
import { survey } from './fixture-survey';
import { remnantsOf } from './remnants';

const corpus = readCorpus();
const withDetails = Object.values(corpus.contactDetails).flat();
const ordinary = Object.values(corpus.ordinary).flat();
const OTHER_MAX = 100;
const comments = allFields(survey).find((f) => f.name === 'comments')!;

let app: FastifyInstance;
let store: StoreWithTeam;
beforeAll(async () => {
  store = openSqliteStore(':memory:');
  ({ app } = await testServer({
    store,
    surveys: new Map([[survey.id, survey]]),
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
  }));
});
afterAll(async () => {
  await app.close();
  await store.close();
});

/** The text typed into the comments and, when short enough, as the Other text of each choice. */
function typed(text: string): [string, string][] {
  const fields: [string, string][] = [['comments', text]];
  if (text.length <= OTHER_MAX)
    fields.push(
      ['reason', 'Other'],
      ['reasonOther', text],
      ['topics', 'Forms'],
      ['topics', 'Other'],
      ['topicsOther', text],
      ['where', 'Other'],
      ['whereOther', text],
    );
  return fields;
}

/** The stored text of each place the text was typed into. */
function storedTexts(answers: Record<string, string>, text: string): string[] {
  const texts = [answers.comments!];
  if (text.length <= OTHER_MAX)
    texts.push(
      answers.reason!,
      answers.topics!.replace(/^Forms, Another topic, /, ''),
      answers.whereOther!,
    );
  return texts;
}

/** Sends the text without JavaScript (the one-page form) and resolves to what was stored. */
async function withoutScript(text: string): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: `/en/${survey.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(typed(text)).toString(),
  });
  expect(response.statusCode, text).toBe(303);
  const rows = await store.list();
  return rows.find((row) => !seen.has(row.id) && seen.add(row.id))!.answers;
}
const seen = new Set<string>();

/** Sends the text as typed to the feedback API (a client that does not clean it first). */
async function toApi(text: string): Promise<Record<string, string>> {
  const body: Record<string, string> = { serviceName: survey.serviceName };
  for (const [name, value] of typed(text))
    body[name] = body[name] && name === 'topics' ? `Forms, Another topic` : value;
  if (text.length <= OTHER_MAX) {
    body.reason = text;
    body.topics = `Forms, Another topic, ${text}`;
    delete body.reasonOther;
    delete body.topicsOther;
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, text).toBe(201);
  return (await store.team.getFeedback(response.json<{ id: string }>().id))!.answers;
}

describe.each([
  ['without JavaScript', withoutScript],
  ['to the feedback API', toApi],
])('the corpus sent %s', (_path, send) => {
  it('stores none of the contact details', async () => {
    const left: string[] = [];
    for (const { text, find } of withDetails) {
      const stored = storedTexts(await send(text), text);
      for (const detail of find)
        for (const one of stored) {
          const remnants = remnantsOf(detail, text, one);
          if (remnants.length) left.push(`${detail} → ${one}`);
        }
    }
    expect(withDetails.length).toBeGreaterThanOrEqual(300);
    expect(left).toEqual([]);
  }, 120_000);

  it('stores at least 99% of the ordinary texts as they are cleaned', async () => {
    const changed: string[] = [];
    for (const text of ordinary) {
      const [stored] = storedTexts(await send(text), text);
      if (stored !== sentText(comments, text)) changed.push(`${text} → ${stored}`);
    }
    expect(ordinary.length).toBeGreaterThanOrEqual(300);
    expect(changed.length / ordinary.length).toBeLessThanOrEqual(0.01);
  }, 120_000);
});
