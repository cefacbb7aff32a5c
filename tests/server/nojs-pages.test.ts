// Pages posted without JavaScript, through the real route table (src/entry-server.tsx) and the
// server's form handling: whatever is posted, the respondent gets a page, never a 500.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { enumeratePaths, findPage } from '../../engine';
import { loadSurvey } from '../../src/definitions';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { fakeDist, testServer } from './fixtures';

let app: FastifyInstance | undefined;
let store: StoreWithTeam | undefined;

afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

/** A dist/ stand-in whose page template has a title, as the real one has. */
function distWithTitle(): string {
  const dir = fakeDist();
  const template = join(dir, 'index.html');
  writeFileSync(
    template,
    readFileSync(template, 'utf8').replace('<head>', '<head><title>Template</title>'),
  );
  return dir;
}

/** A server with the real basic survey and the real server renderer. */
async function setup(options: Parameters<typeof testServer>[0] = {}) {
  const basic = (await loadSurvey('basic'))!;
  store = openSqliteStore(':memory:');
  ({ app } = await testServer({
    store,
    surveys: new Map([['basic', { ...basic, hash: 'hash-of-basic' }]]),
    staticDir: distWithTitle(),
    serverEntry: resolve('src/entry-server.tsx'),
    ...options,
  }));
  return app;
}

/** Starts the survey without JavaScript; resolves to the first page's address with its draft. */
async function start(): Promise<string> {
  const response = await app!.inject({
    method: 'POST',
    url: '/en/basic',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(response.statusCode).toBe(303);
  return response.headers.location as string;
}

/** A page posted with errors is answered Post/Redirect/Get: 303 back to its own address, which
 *  then shows the errors once. Resolves to that page. */
async function erroredPage(url: string, headers: Record<string, string>, payload: string) {
  const posted = await app!.inject({ method: 'POST', url, headers, payload });
  expect(posted.statusCode).toBe(303);
  expect(posted.headers.location).toBe(url);
  const shown = await app!.inject({ method: 'GET', url });
  // Shown once: a reload draws the page as it stands, with no errors.
  const again = await app!.inject({ method: 'GET', url });
  expect(again.body).not.toContain('govuk-error-summary');
  return shown;
}

describe('bad posts get a page', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a field named %s is only a name',
    async (name) => {
      await setup();
      const q1 = await start();
      const response = await app!.inject({
        method: 'POST',
        url: q1,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${name}=x&whyDidYouApply=Job&${name}=y`,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/en\/basic\/q2\?draft=/);
    },
  );

  it.each([
    ['no content type', undefined],
    ['text/plain', 'text/plain'],
    ['JSON', 'application/json'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])('a body with %s is read as an empty form: the page with its errors', async (_, type) => {
    await setup();
    const q1 = await start();
    const response = await erroredPage(
      q1,
      type ? { 'content-type': type } : {},
      'whyDidYouApply=Job',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('govuk-error-summary');
  });

  it('a body over the limit is not read: the page is drawn again from the draft', async () => {
    await setup();
    const q1 = await start();
    const response = await app!.inject({
      method: 'POST',
      url: q1,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `whyDidYouApply=Job&whyDidYouApplyOther=${'a'.repeat(40_000)}`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(q1);
  });
});

describe('a page posted with errors follows GOV.UK', () => {
  it.each([
    ['en', 'Error: '],
    ['cy', 'Gwall: '],
  ])(
    '%s: the title starts %j, the summary comes first in main and links to the field',
    async (lang, prefix) => {
      await setup();
      const q1 = (await start()).replace(/^\/en/, `/${lang}`);
      const response = await erroredPage(
        q1,
        { 'content-type': 'application/x-www-form-urlencoded' },
        '',
      );
      expect(response.statusCode).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
      expect(title?.startsWith(prefix), title).toBe(true);
      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(response.body)?.[1] ?? '';
      expect(main.trimStart()).toMatch(/^(<div[^>]*>)*<div class="govuk-error-summary"/);
      expect(main).toMatch(/<a href="#whyDidYouApply">/);
      expect(response.body).toContain('id="whyDidYouApply"');
    },
  );
});

/** A draft holding every answer of a path of basic but the last page's, and that page's form. */
async function atLastPage(): Promise<{ url: string; form: string; token: string }> {
  const basic = (await loadSurvey('basic'))!;
  const { pages, answers } = enumeratePaths(basic)[0]!;
  const last = findPage(basic, pages.at(-1)!)!;
  const token = await store!.drafts.create('basic', new Date());
  await store!.drafts.save(token, answers, new Date());
  const form = new URLSearchParams();
  for (const field of last.fields)
    for (const value of [answers[field.name] ?? []].flat()) form.append(field.name, String(value));
  return { url: `/en/basic/${last.id}?draft=${token}`, form: form.toString(), token };
}

const send = (url: string, form: string) =>
  app!.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });

describe('sending happens once', () => {
  it('two Sends of the same draft at once store one row, and both see the finish page', async () => {
    await setup();
    const { url, form } = await atLastPage();
    const responses = await Promise.all([send(url, form), send(url, form)]);
    expect(responses.map((r) => [r.statusCode, r.headers.location])).toEqual([
      [303, '/en/basic/finish'],
      [303, '/en/basic/finish'],
    ]);
    expect(await store!.count()).toBe(1);
  });

  it('after sending, the pages of that draft say it was sent and a Send again stores nothing', async () => {
    await setup();
    const { url, form } = await atLastPage();
    expect((await send(url, form)).headers.location).toBe('/en/basic/finish');
    const back = await app!.inject({ method: 'GET', url });
    expect([back.statusCode, back.headers.location]).toEqual([302, '/en/basic/finish']);
    expect((await send(url, form)).headers.location).toBe('/en/basic/finish');
    expect(await store!.count()).toBe(1);
  });
});

describe('a Send when the service is too busy', () => {
  it.each([
    ['en', 'Sorry, the service is unavailable', 'Go back to your answers'],
    ['cy', "Mae'n ddrwg gennym, nid yw'r gwasanaeth ar gael", 'Ewch yn ôl at eich atebion'],
  ])(
    '%s: says to try again later, with Retry-After, and keeps the answers',
    async (lang, title, back) => {
      await setup({ submissionsPerMinute: 0 });
      const { url, form, token } = await atLastPage();
      const response = await send(url.replace(/^\/en/, `/${lang}`), form);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const html = (text: string) => text.replace(/'/g, '&#x27;');
      expect(response.body).toContain(`<h1 class="govuk-heading-l">${html(title)}</h1>`);
      const link = new RegExp(`<a class="govuk-link" href="([^"]+)">${back}</a>`).exec(
        response.body,
      );
      expect(link?.[1]).toBe(url.replace(/^\/en/, `/${lang}`));
      expect(await store!.count()).toBe(0);
      const kept = await store!.drafts.read(token);
      const basic = (await loadSurvey('basic'))!;
      expect(kept?.answers).toMatchObject(enumeratePaths(basic)[0]!.answers);
    },
  );
});

describe('a page posted before the app arrived, with the answers saved in the browser', () => {
  it('goes on from the answers the form carries, in a new draft, instead of timing out', async () => {
    await setup();
    const saved = JSON.stringify({ whyDidYouApply: 'Job', constructor: 'x', unknown: 'y' });
    const response = await send(
      '/en/basic/q2',
      `whichSector=Private&saved-answers=${encodeURIComponent(saved)}`,
    );
    expect(response.statusCode).toBe(303);
    const next = new URL(response.headers.location as string, 'http://localhost');
    expect(next.pathname).toBe('/en/basic/q3');
    const draft = await store!.drafts.read(next.searchParams.get('draft')!);
    expect(draft?.answers).toEqual({ whyDidYouApply: 'Job', whichSector: 'Private' });
  });

  it('still times out with neither a draft nor saved answers', async () => {
    await setup();
    const response = await send('/en/basic/q2', 'whichSector=Private');
    expect(response.headers.location).toBe('/en/basic/timeout');
    const unreadable = await send('/en/basic/q2', 'whichSector=Private&saved-answers=%7Bnot');
    expect(unreadable.headers.location).toBe('/en/basic/timeout');
  });
});

describe('a question page opened with no draft', () => {
  it('sends a browser without script to the timeout page; with a draft it stays', async () => {
    await setup();
    const page = await app!.inject({ method: 'GET', url: '/cy/basic/q3' });
    expect(page.body).toContain(
      '<noscript><meta http-equiv="refresh" content="0;url=/cy/basic/timeout"></noscript></head>',
    );
    const q1 = await start();
    const withDraft = await app!.inject({ method: 'GET', url: q1 });
    expect(withDraft.statusCode).toBe(200);
    expect(withDraft.body).not.toContain('http-equiv="refresh"');
  });
});
