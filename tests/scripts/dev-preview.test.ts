// Under `npm run dev` (Vite serving the app, scripts/vite-plugin-dev-api.ts) a preview's path
// link opens its page with that path's answers, as with the built server, not the timeout page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { enumeratePaths } from '../../engine';
import { loadSurvey } from '../../src/definitions';

const dir = mkdtempSync(join(tmpdir(), 'dev-preview-'));
let vite: ViteDevServer;
let base: string;
beforeAll(async () => {
  process.env.DATA_DIR = dir;
  vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1' },
  });
  await vite.listen();
  base = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
}, 60_000);
afterAll(async () => {
  await vite?.close();
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

/** The JSON data block of a page (what the app starts from), or undefined. */
const dataOf = (html: string) => {
  const block = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html);
  return block ? (JSON.parse(block[1]!) as { state?: Record<string, unknown> }) : undefined;
};

describe('the preview under the Vite dev server', () => {
  it("a path's link opens the page with the path's answers, marked as a test run", async () => {
    const basic = (await loadSurvey('basic'))!;
    const path = enumeratePaths(basic)[1]!;
    const target = path.pages[3]!;
    const opened = await fetch(`${base}/preview/basic/open?path=1&page=${target}&lang=cy`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/cy/basic/${target}\\?draft=`));
    const page = await fetch(`${base}${location}`);
    expect(page.status).toBe(200);
    const state = dataOf(await page.text())?.state;
    // The answers of the pages before it on that path, written out from the path itself.
    const before = new Set(path.pages.slice(0, 3));
    const expected = Object.fromEntries(
      Object.entries(path.answers).filter(([name]) =>
        basic.pages.some((p) => before.has(p.id) && p.fields.some((f) => f.name === name)),
      ),
    );
    expect(state).toMatchObject({
      surveyName: 'basic',
      inProgress: true,
      answers: expected,
      test: true,
    });
    expect(Object.keys(expected).length).toBeGreaterThan(0);
  }, 60_000);

  it('a page without a draft is served as before', async () => {
    const page = await fetch(`${base}/en/basic/q2`);
    expect(dataOf(await page.text())).toBeUndefined();
  }, 60_000);
});
