// Over a real socket with fetch: what a browser sees.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_KEY,
  distOptions,
  fakeDist,
  pagesDefinition,
  singleDefinition,
  testServer,
  validBody,
} from './fixtures';
import type { FeedbackStore } from '../../server/storage/types';

let app: FastifyInstance;
let store: FeedbackStore;
let base: string;

beforeAll(async () => {
  ({ app, store } = await testServer());
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await store.close();
});

const get = (path: string) => fetch(base + path, { redirect: 'manual' });

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('over HTTP', () => {
  it('stores a submission posted with fetch, and it can be read back', async () => {
    const response = await fetch(`${base}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify(validBody()),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await store.has(id)).toBe(true);
    expectSecurityHeaders(response);
  });

  it('answers app routes with index.html and 200', async () => {
    for (const path of [
      `/en/${pagesDefinition.id}`,
      `/cy/${pagesDefinition.id}/`,
      `/en/${pagesDefinition.id}/q2`,
      `/cy/${pagesDefinition.id}/finish`,
      `/en/${pagesDefinition.id}/timeout`,
      `/en/${singleDefinition.id}`,
      '/en/cookies',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
      expectSecurityHeaders(response);
    }
  });

  it('puts the page’s own styles inline, allowed by their hash alone, instead of the stylesheet link', async () => {
    const response = await get(`/en/${pagesDefinition.id}`);
    const html = await response.text();
    expect(html).not.toContain('rel="stylesheet"');
    const style = /<style data-app-styles="\/assets\/index-abc123.css">([^<]*)<\/style>/.exec(html);
    expect(style?.[1]).toBe('p{margin:0}');
    const hash = createHash('sha256').update(style![1]!).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(
      `style-src 'self' 'sha256-${hash}';`,
    );
    expectSecurityHeaders(response);
    // Other responses allow no inline style at all.
    const asset = await get('/assets/index-abc123.css');
    expect(asset.headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('answers unknown paths with the same page and 404, so the app shows not found', async () => {
    for (const path of [
      '/',
      '/en',
      '/cy/',
      '/assets',
      '/assets/',
      '/index.html/',
      '/fr/basic',
      '/en/no-such-survey',
      `/en/${pagesDefinition.id}/q99`,
      `/en/${singleDefinition.id}/q1`,
      '/en/cookies/x',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
      expectSecurityHeaders(response);
    }
  });

  it('redirects a one-page survey with a trailing slash to the path without it, keeping the query', async () => {
    const response = await get(`/cy/${singleDefinition.id}/?lang=en`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/cy/${singleDefinition.id}?lang=en`);
    expectSecurityHeaders(response);
  });

  it('serves hashed assets as immutable and other files for revalidation', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    const robots = await get('/robots.txt');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('puts the security headers on errors and API refusals too', async () => {
    const refused = await fetch(`${base}/api/feedback`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
  });
});

describe('the page template’s inline script', () => {
  it('runs on a page by its hash alone (a data block is no script); other responses allow none', async () => {
    const dist = fakeDist();
    const template = join(dist, 'index.html');
    const early = 'document.documentElement.dataset.early="1"';
    writeFileSync(
      template,
      readFileSync(template, 'utf8').replace(
        '<head>',
        `<head><script>${early}</script><script type="application/json">{}</script>`,
      ),
    );
    const server = await testServer(distOptions(dist));
    try {
      const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const page = await fetch(`${origin}/en/${pagesDefinition.id}`);
      const hash = createHash('sha256').update(early).digest('base64');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
      expectSecurityHeaders(page);
      const asset = await fetch(`${origin}/assets/app-abc123.js`);
      expect(asset.headers.get('content-security-policy')).toContain("script-src 'self';");
      // Both bodies read, so no connection is left open for the server's close to wait on.
      await Promise.all([page.text(), asset.text()]);
    } finally {
      await server.app.close();
      await server.store.close();
    }
  });
});
