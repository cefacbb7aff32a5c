// The test object every spec uses. Its automatic 'privacy' fixture watches each test:
// no request leaves the page's own origin, no cookie is set, localStorage holds only the
// survey store. Also: accessibility scans and phone-width screenshots of each distinct page.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type axe from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const STORAGE_KEY = 'feedback-survey';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Resolves once the app has made the page live (src/app.tsx); at once on a page without it. */
export async function live(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app !== 'loading');
}

export const test = base.extend<{ privacy: void }>({
  // The app's script is fetched after the server's page is on screen, so with JavaScript on a
  // test acts once the page is live, as a respondent's later taps would.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false)
      for (const name of ['goto', 'reload'] as const) {
        const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
        (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
          const response = await original(...args);
          await live(page);
          return response;
        };
      }
    await provide(page);
  },
  privacy: [
    async ({ page, context, baseURL, javaScriptEnabled }, use) => {
      const own = new URL(baseURL!).origin;
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (url.origin !== own) foreign.push(request.url());
      });
      await use();
      expect(foreign, 'requests to other origins').toEqual([]);
      expect(await context.cookies(), 'cookies').toEqual([]);
      // With JavaScript off nothing can write storage (and nothing can read it from the page).
      if (page.url().startsWith(own) && javaScriptEnabled !== false) {
        const keys = await page.evaluate(() => Object.keys(localStorage));
        expect(
          keys.filter((key) => key !== STORAGE_KEY),
          'localStorage keys besides the survey store',
        ).toEqual([]);
      }
    },
    { auto: true },
  ],
});

/** The persisted survey store (zustand's { state, version } envelope), or null. */
export async function storedState(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  if (!raw) return null;
  return (JSON.parse(raw) as { state: Record<string, unknown> }).state;
}

const claimed = new Set<string>();

/**
 * True for the first caller in the whole run (any worker) asking with this key, false after: a
 * file made exclusively in the run's data folder (E2E_DATA_DIR, one per run, deleted at the end).
 * Each check of a distinct page is then done once, not once in each worker.
 */
export function firstInRun(key: string): boolean {
  if (claimed.has(key)) return false;
  claimed.add(key);
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return true;
  mkdirSync(join(dir, 'once'), { recursive: true });
  const file = join(dir, 'once', createHash('sha256').update(key).digest('hex'));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Runs axe (WCAG 2.2 AA) once per distinct page and state in the run. */
export async function expectAccessible(page: Page, key: string): Promise<void> {
  if (firstInRun(`axe ${key}`)) await expectNoViolations(page, key);
}

/**
 * axe's minified build (0.65 MB, where `axe.source` is the 1.5 MB unminified one): each page the
 * server draws is a new document that needs it again, and putting it in took about 50 ms less a
 * page here (117 ms against 165 ms).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe.run in the page (WCAG 2.2 AA tags, violations only). axe's source is put into a document
 * once, where @axe-core/playwright puts it in twice on every scan: the pages the app draws from
 * question to question are one document, scanned many times.
 */
async function axeViolations(page: Page): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    WCAG_TAGS,
  );
}

/** Runs axe (WCAG 2.2 AA) on the page as it is now; any violation fails, listed readably. */
export async function expectNoViolations(page: Page, key: string): Promise<void> {
  const violations = await axeViolations(page);
  const readable = violations
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map(
            (node) =>
              `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    );
  expect(readable, `accessibility violations on ${key}`).toEqual([]);
}

const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const PHONE = { width: 390, height: 844 };
const shot = new Set<string>();

/** With SCREENSHOTS=1: a full-page PNG at phone width in screenshots/<key>.png, once per key. */
export async function screenshot(page: Page, key: string): Promise<void> {
  if (!SCREENSHOTS || shot.has(key)) return;
  shot.add(key);
  const file = join('screenshots', `${key.replace(/[^\w/-]+/g, '-')}.png`);
  mkdirSync(dirname(file), { recursive: true });
  const viewport = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  if (viewport) await page.setViewportSize(viewport);
}

/** Every distinct page: scanned for accessibility and, when asked, photographed. */
export async function visit(page: Page, key: string): Promise<void> {
  await expectAccessible(page, key);
  await screenshot(page, key);
}
