// Posts the service does not take, without JavaScript (issue 34, item 4), through the real route
// table: the submission cap's page says the service is busy and that the answers are kept, with a
// link back to them; the client's limit says so as a limit and carries the page's answers back;
// Start over the limit claims no answers and leads back to the start. And (item 3) a question
// page says, for a browser without JavaScript, when its answers will be cleared, in UK time.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { enumeratePaths, type Lang, type ResolvedSurvey } from '../../engine';
import { clock } from '../../src/clock';
import { loadSurvey } from '../../src/definitions';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist, testServer } from './fixtures';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;
afterEach(async () => {
  clock.now = realNow;
  await app?.close();
  await store?.close();
  app = store = undefined;
});

/** A survey the route table serves, found by its layout (its contents are not what is tested):
 *  from the folder the tests' definitions are read from. */
async function surveyWhere(single: boolean): Promise<ResolvedSurvey> {
  const folder = process.env.SURVEY_DEFINITIONS || 'definitions';
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const survey = await loadSurvey(file.replace(/\.json$/, ''));
    if (survey && (survey.layout === 'single') === single) return survey;
  }
  throw new Error(`no ${single ? 'one-page' : 'multi-page'} survey among the definitions`);
}

let now = new Date('2026-01-15T13:45:00Z');
// The route table's clock (src/clock.ts) and the server's tell the same time.
const realNow = clock.now;

async function setup(survey: ResolvedSurvey, options: Parameters<typeof testServer>[0] = {}) {
  clock.now = () => now.getTime();
  store = openSqliteStore(':memory:');
  ({ app } = await testServer({
    store,
    surveys: new Map([[survey.id, { ...survey, hash: `hash-of-${survey.id}` }]]),
    staticDir: fakeDist(),
    serverEntry: resolve('src/entry-server.tsx'),
    clock: () => now,
    ...options,
  }));
}

const post = (url: string, form: URLSearchParams | string = '') =>
  app!.inject({
    method: 'POST',
    url,
    remoteAddress: '192.0.2.80',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });

/** The answers of the survey's first documented path that belong on `pageId`, as a form. */
function formFor(survey: ResolvedSurvey, pageId: string): URLSearchParams {
  const page = survey.pages.find((p) => p.id === pageId)!;
  const answers = enumeratePaths(survey)[0]!.answers;
  const form = new URLSearchParams();
  for (const field of page.fields)
    for (const value of [answers[field.name] ?? []].flat()) form.append(field.name, value);
  return form;
}

const html = (text: string) => text.replace(/'/g, '&#x27;');

const WORDS = {
  en: {
    busy: 'The service is busy',
    limit: 'too many requests',
    technical: 'technical problem',
    kept: 'We have kept your answers for 60 minutes.',
    carried: 'Your answers have not been lost',
    back: 'Go back to your answers',
    toStart: 'Go back to the start of the survey',
    keptAtAll: /kept|60 minutes/,
  },
  cy: {
    busy: "Mae'r gwasanaeth yn brysur",
    limit: 'gormod o geisiadau',
    technical: 'problem dechnegol',
    kept: 'Rydym wedi cadw eich atebion am 60 munud.',
    carried: "Nid yw eich atebion wedi'u colli",
    back: 'Ewch yn ôl at eich atebion',
    toStart: "Ewch yn ôl i ddechrau'r arolwg",
    keptAtAll: /cadw|60 munud/,
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

describe.each(['en', 'cy'] as const)('%s: refused without JavaScript', (lang) => {
  const words = WORDS[lang];

  it('Start over the client limit claims no answers kept and leads back to the start', async () => {
    const survey = await surveyWhere(false);
    await setup(survey, { rateLimit: { max: 1, timeWindowMs: 60_000 } });
    const root = `/${lang}/${survey.id}`;
    expect((await post(root)).statusCode).toBe(303);
    const over = await post(root);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const main = /<main[\s\S]*<\/main>/.exec(over.body)?.[0] ?? '';
    expect(main).toContain(html(words.limit));
    expect(main).not.toContain(html(words.busy));
    expect(main).not.toMatch(words.keptAtAll);
    expect(main).toContain(`<a class="govuk-link" href="${root}">${html(words.toStart)}</a>`);
  });

  it('a page over the client limit says so, stores nothing, and carries what was typed back to its form', async () => {
    const survey = await surveyWhere(false);
    await setup(survey, { rateLimit: { max: 1, timeWindowMs: 60_000 } });
    const first = (await post(`/${lang}/${survey.id}`)).headers.location as string;
    const draft = new URL(first, 'http://x').searchParams.get('draft')!;
    const typed = formFor(survey, survey.pages[0]!.id);
    const over = await post(first, typed);
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain(html(words.limit));
    expect(over.body).toContain(html(words.carried));
    expect(over.body).not.toContain(html(words.busy));
    expect((await store!.drafts.read(draft))?.answers).toEqual({});
    const carried = /<form([^>]*)>([\s\S]*?)<\/form>/.exec(over.body)!;
    expect(carried[1]).toContain(`action="${first.replace(/&/g, '&amp;')}"`);
    expect(carried[2]).toContain(html(words.back));

    // A minute later, the button posts them back: the form drawn filled in, not sent on.
    now = new Date(now.getTime() + 61_000);
    const fields = [
      ...carried[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g),
    ];
    const again = new URLSearchParams(fields.map(([, name, value]) => [name!, value!]));
    again.set('back-to-answers', '1');
    const back = await post(first, again);
    expect(back.statusCode).toBe(200);
    const inputs = back.body.match(/<input [^>]*>/g) ?? [];
    for (const [name, value] of typed) {
      const input = inputs.find(
        (tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`),
      );
      expect(input, `${name}=${value}`).toContain('checked');
    }
    expect((await store!.drafts.read(draft))?.answers).toEqual({});
  });

  it('a Send over the submission cap says the service is busy and that the answers are kept, with a way back', async () => {
    const survey = await surveyWhere(true);
    await setup(survey, { submissionsPerMinute: 0 });
    const only = survey.pages[0]!;
    const busy = await post(`/${lang}/${survey.id}`, formFor(survey, only.id));
    expect(busy.statusCode).toBe(503);
    expect(busy.body).toContain(html(words.busy));
    expect(busy.body).not.toContain(html(words.technical));
    expect(busy.body).toContain(html(words.kept));
    const link = new RegExp(`<a class="govuk-link" href="([^"]+)">${html(words.back)}</a>`).exec(
      busy.body,
    );
    expect(link?.[1]).toMatch(new RegExp(`^/${lang}/${survey.id}\\?draft=`));
    expect(await store!.count()).toBe(0);
  });
});

describe('a question page without JavaScript', () => {
  it.each([
    // Winter: UK time is UTC. The visit at 13:45 is the last activity; an hour on is 2:45pm.
    ['en', '2026-01-15T13:45:00Z', '2:45pm'],
    // Summer: UK time is UTC+1. A visit at 10:00 UK time; cleared at 11am.
    ['en', '2026-07-01T09:00:00Z', '11am'],
    ['cy', '2026-07-01T10:30:00Z', '12:30yh'],
    ['cy', '2026-01-15T11:00:00Z', 'canol dydd'],
  ] as const)('%s at %s says the answers are cleared at %s (UK time)', async (lang, at, time) => {
    now = new Date(at);
    const survey = await surveyWhere(false);
    await setup(survey);
    const first = (await post(`/${lang}/${survey.id}`)).headers.location as string;
    const page = await app!.inject({ method: 'GET', url: first });
    const note = /<noscript><p class="govuk-body">([^<]*)<\/p><\/noscript>/.exec(page.body)?.[1];
    expect(note).toContain(lang === 'en' ? `${time} (UK time)` : `${time} (amser y DU)`);
  });
});
