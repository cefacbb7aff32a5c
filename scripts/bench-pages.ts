// `npm run bench:pages [-- --url http://127.0.0.1:3000 | --port 4390] [--runs 5]
// [--baseline <url>] [--network mobile]`: cold loads of a start page and a first question page in headless
// Chromium with 4x CPU throttling. Prints, as medians, the time until the question (or the start
// page's heading) is visible and the bytes transferred before that moment and in all, with
// JavaScript on and off. Not a test: it prints numbers. Without --url it starts the service on a
// free port with a throwaway data folder. With --baseline (another build of the service, e.g. an
// older commit started on another port) the two are loaded in turn, run by run, so a busy
// machine slows both alike, and the baseline's time is printed as a multiple of this one's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from './chromium';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 5);
// `--network mobile`: also Lighthouse's mobile connection as DevTools applies it (slow 4G:
// 562.5 ms request latency, 1,474.56 kbit/s down, 675 kbit/s up). Without it only the CPU is slowed.
const MOBILE_NETWORK = option('network') === 'mobile';
// `--port`: where the service is started when no --url is given.
const PORT = Number(option('port') ?? 4390);

interface Target {
  name: string;
  path: string;
  /** Text that shows the page's main content is on screen. */
  visible: string;
  /** A survey in progress before the page loads (as after pressing Start): in localStorage with
   *  JavaScript on; without it, a draft the server makes when its Start form (this address) is posted. */
  inProgress?: { survey: string; start: string };
}

const TARGETS: Target[] = [
  { name: 'start page /en/basic', path: '/en/basic', visible: 'Tell us about' },
  {
    name: 'first question /en/basic/q1',
    path: '/en/basic/q1',
    visible: 'Why did you apply for a basic DBS check?',
    inProgress: { survey: 'basic', start: '/en/basic' },
  },
];

interface Sample {
  ms: number;
  before: number;
  total: number;
}

async function load(browser: Browser, base: string, target: Target, js: boolean): Promise<Sample> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  let path = target.path;
  if (target.inProgress && !js) path = await startedWithoutScript(base, target.inProgress.start);
  if (target.inProgress && js) {
    const state = {
      state: {
        surveyName: target.inProgress.survey,
        answers: {},
        inProgress: true,
        lastActivity: Date.now(),
      },
      version: 0,
    };
    await context.addInitScript((value) => {
      localStorage.setItem('feedback-survey', value);
    }, JSON.stringify(state));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (MOBILE_NETWORK)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  // Chromium's own clock (seconds) for the first paint with content and each response.
  const finished: { at: number; bytes: number }[] = [];
  const lifecycle = new Map<string, number>();
  // The clock starts when the page is asked for, as a respondent's tap does: the new document's
  // first lifecycle event comes only once its response has begun, after the network's delay.
  let asked: number | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    // The page's own navigation: its request id is its loader's (a redirect keeps it).
    if (event.requestId === event.loaderId && asked === undefined) asked = event.timestamp;
  });
  cdp.on('Network.loadingFinished', (event) =>
    finished.push({ at: event.timestamp, bytes: event.encodedDataLength }),
  );
  cdp.on('Page.lifecycleEvent', (event) => {
    if (!lifecycle.has(event.name)) lifecycle.set(event.name, event.timestamp);
  });
  await page.goto(base + path, { waitUntil: 'commit' });
  // Nothing touches the page while it loads: Playwright's locators run a script in the page,
  // which on a throttled CPU would delay the very paint being timed. Once the network is quiet,
  // the question must be on screen; a page that never shows it (an app that needs JavaScript,
  // with JavaScript off) counts as never. It has been visible since the first paint with content.
  await page.waitForLoadState('networkidle');
  const shown = await page
    .getByText(target.visible)
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  // Chromium reports the paint once its frame is presented, which can come after that check.
  for (let i = 0; shown && !lifecycle.has('firstContentfulPaint') && i < 50; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const start = asked ?? Number.NaN;
  // Never shown: Infinity, so it sorts last. No paint event at all: NaN, a failed measurement.
  const visibleAt = shown ? (lifecycle.get('firstContentfulPaint') ?? Number.NaN) : Infinity;
  await context.close();
  // Let the closed page's clean-up finish, so the next load (perhaps the other build's) does not pay for it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sum = (list: typeof finished) => list.reduce((n, f) => n + f.bytes, 0);
  return {
    ms: (visibleAt - start) * 1000,
    before: shown ? sum(finished.filter((f) => f.at <= visibleAt)) : Infinity,
    total: sum(finished),
  };
}

/** Posts a start page's form as a browser without JavaScript does; resolves to the first
 *  question's address with its new draft (`?draft=`), where the server sent it. */
async function startedWithoutScript(base: string, start: string): Promise<string> {
  const response = await fetch(base + start, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location?.includes('?draft='))
    throw new Error(`Start at ${start} answered ${response.status}, not a draft's first page`);
  return location;
}

/** The median of the measured values (NaN when none was measured). */
function median(values: number[]): number {
  const measured = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return measured.length ? measured[Math.floor(measured.length / 2)]! : Number.NaN;
}
const shownAs = (value: number, never: string, text: string) =>
  value === Infinity ? never : Number.isNaN(value) ? 'not measured' : text;
const kb = (bytes: number) => shownAs(bytes, '-', `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number) => shownAs(value, 'never', `${value.toFixed(0)} ms`);

function stop(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

async function serve(): Promise<{ base: string; server: ChildProcess }> {
  if (
    await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${PORT} is already in use: stop what runs there, or pass --url`);
  const server = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-pages-')),
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    // Its own process group, so stopping it stops the server npm started too.
    detached: true,
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, server };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop(server);
  throw new Error('the service did not start');
}

const given = option('url');
const { base, server } = given ? { base: given, server: undefined } : await serve();
// The desktop browser respondents run, not the test suite's headless shell.
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || FULL_CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const network = MOBILE_NETWORK ? ', slow 4G network' : '';
  console.log(`${base}, ${RUNS} cold runs each, CPU throttled 4x${network}; medians`);
  console.log('page | JavaScript | visible after | bytes before visible | bytes in all');
  const baseline = option('baseline');
  for (const target of TARGETS)
    for (const js of [true, false]) {
      const samples: Sample[] = [];
      const before: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        samples.push(await load(browser, base, target, js));
        if (baseline) before.push(await load(browser, baseline, target, js));
      }
      const row = (list: Sample[]) => {
        const failed = list.filter((s) => Number.isNaN(s.ms)).length;
        return (
          `${ms(median(list.map((s) => s.ms)))} | ${kb(median(list.map((s) => s.before)))} | ` +
          `${kb(median(list.map((s) => s.total)))}` +
          (failed ? ` (${failed} of ${list.length} runs had no paint event)` : '')
        );
      };
      console.log(`${target.name} | ${js ? 'on' : 'off'} | ${row(samples)}`);
      if (baseline) {
        const times = median(before.map((s) => s.ms)) / median(samples.map((s) => s.ms));
        const sooner = !Number.isFinite(times) ? '' : ` (this build ${times.toFixed(1)}x sooner)`;
        console.log(`  baseline ${baseline} | ${js ? 'on' : 'off'} | ${row(before)}${sooner}`);
      }
    }
} finally {
  await browser.close();
  if (server) stop(server);
}
