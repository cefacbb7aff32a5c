import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One fixed port so the suite never collides with a developer's `npm start` on 3000.
const PORT = Number(process.env.E2E_PORT || 4317);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The config is evaluated by the runner and again by each worker: make the temporary
// data folder once and hand it down through the environment.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'feedback-e2e-'));

/** The specs that walk the surveys, sharing a context per worker (`projects` below). */
const JOURNEYS = /\/(nojs|journeys|held-journeys|errors|error-focus)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  retries: 0,
  fullyParallel: true,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  globalTeardown: './tests/e2e/helpers/teardown.ts',
  reporter: [['list'], ['./tests/e2e/helpers/summary-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1024, height: 768 },
    locale: 'en-GB',
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The journeys (most of the suite's time) each open the survey afresh in one context per
    // worker, reset between tests (cookies, storage, routes, clock and extra pages cleared, the page
    // on about:blank): they go back no further than their own first page, add no authenticator and
    // grant nothing, and the privacy fixture still sees every cookie and request of each test.
    { name: 'journeys', testMatch: JOURNEYS, use: { reuseContext: true } },
    { name: 'other', testMatch: '**/*.spec.ts', testIgnore: JOURNEYS },
  ],
  webServer: {
    // The real server as production runs it (built, plain node): app and feedback API on one port.
    command: 'npx tsx scripts/build-stale.ts && exec node dist-node/main.js',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Dozens of journeys submit from one address within a minute.
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      // The editors' preview (tests/e2e/preview.spec.ts).
      PREVIEW: 'true',
    },
  },
});
