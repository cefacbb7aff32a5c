// The server built to JavaScript (vite.server.config.ts) runs with plain node, as production
// runs it, and does only what the service does: no other module's command-line code runs in it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let outDir: string;
beforeAll(async () => {
  // Inside the project, so the bundle finds node_modules as dist-node/ does.
  mkdirSync(join('node_modules', '.cache'), { recursive: true });
  outDir = resolve(mkdtempSync(join('node_modules', '.cache', 'dist-node-test-')));
  await build({ configFile: 'vite.server.config.ts', logLevel: 'silent', build: { outDir } });
}, 120_000);
const folders: string[] = [];
/** An empty folder of its own, removed at the end. */
function emptyFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'built-cwd-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of [outDir, ...folders]) rmSync(dir, { recursive: true, force: true });
});

/** Starts `node main.js` with extra arguments and settings; resolves with its output once it says where it listens, or ends. */
function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(outDir, 'main.js'), ...args], {
    // In a folder of its own: a dist-server/ left by a build of the live definitions would
    // (rightly) stop a server reading the fixture surveys from starting (engine/check/built.ts).
    cwd: emptyFolder(),
    env: {
      ...process.env,
      SURVEY_DEFINITIONS: resolve(process.env.SURVEY_DEFINITIONS ?? 'definitions'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  let output = '';
  const listening = new Promise<{ url?: string; code?: number | null; output: string }>(
    (resolve) => {
      const read = (chunk: Buffer) => {
        output += String(chunk);
        const url = /running at (http:\/\/[\d.:]+)/.exec(output)?.[1];
        if (url) resolve({ url, output });
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => resolve({ code, output }));
    },
  );
  return { child, listening };
}

describe('the built server', () => {
  it('serves with plain node, and runs no other command on the way (no export written)', async () => {
    const probe = join(mkdtempSync(join(tmpdir(), 'probe-')), 'exports');
    const dataDir = mkdtempSync(join(tmpdir(), 'built-data-'));
    // An argument a command-line module would take as its output folder.
    const { child, listening } = run([probe], { DATA_DIR: dataDir });
    try {
      const { url, output } = await listening;
      expect(url, output).toBeDefined();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect(existsSync(probe)).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('refuses to start with DATABASE_URL and no TEAM_SECRET, saying why', async () => {
    const { listening } = run([], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      TEAM_SECRET: '',
    });
    const { code, output } = await listening;
    expect(code).toBe(1);
    expect(output).toMatch(/TEAM_SECRET must be set when DATABASE_URL is set/);
  }, 60_000);
});
