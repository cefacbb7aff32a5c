// Debian's Chromium as the browser tests and benchmarks launch it: no downloads are possible
// here, and without these flags it tries to reach Google's services at every start.
import { accessSync, constants } from 'node:fs';

/** Debian's build of Chromium's headless shell: the same engine without the desktop browser. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * CHROME_PATH when set; else the headless shell when installed (the browser suite spends most of
 * its time in the browser, and the shell took a third less of it here: 494 s against 752 s);
 * else the full Chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH || (isExecutable(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
