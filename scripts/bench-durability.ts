// Durability check (also run by `npm run bench:api`): start the server as a child process,
// fire submissions, SIGKILL it mid-load, restart it on the same data directory and confirm
// that every submission that got 201 is in the database. 127.0.0.1 only; stops by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  enumeratePaths,
  prepareSubmission,
  type ResolvedSurvey,
  type Submission,
} from '../engine/index';
import { loadDefinitions } from '../server/app';
import { openSqliteStore } from '../server/storage/sqlite';

export const BENCH_KEY = 'bench-key';

/** A valid submission for a real survey: BENCH_SURVEY, or the survey whose first path sends the most answers. */
export function benchSubmission(surveys: Map<string, ResolvedSurvey>): {
  survey: ResolvedSurvey;
  body: Submission;
} {
  const candidates = [...surveys.values()]
    .filter((survey) => !process.env.BENCH_SURVEY || survey.id === process.env.BENCH_SURVEY)
    .map((survey) => {
      const [path] = enumeratePaths(survey, 1);
      return { survey, body: prepareSubmission(survey, path?.answers ?? {}) };
    })
    .sort((a, b) => Object.keys(b.body).length - Object.keys(a.body).length);
  if (!candidates[0]) throw new Error('no survey definitions to benchmark with');
  return candidates[0];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startChild(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      API_KEYS: BENCH_KEY,
      RATE_LIMIT_MAX: '0',
      SUBMISSIONS_PER_MINUTE_MAX: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilHealthy(base: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );

export interface DurabilityResult {
  accepted: number;
  found: number;
  missing: string[];
  stored: number;
}

export async function runDurabilityCheck(
  options: { loadMs?: number; concurrency?: number } = {},
): Promise<DurabilityResult> {
  const { loadMs = 2000, concurrency = 32 } = options;
  const surveys = await loadDefinitions();
  const { body } = benchSubmission(surveys);
  const dataDir = mkdtempSync(join(tmpdir(), 'feedback-durability-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const accepted: string[] = [];
  try {
    const first = startChild(port, dataDir);
    await waitUntilHealthy(base);
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const response = await fetch(`${base}/api/feedback`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
            body: JSON.stringify(body),
          });
          if (response.status === 201)
            accepted.push(((await response.json()) as { id: string }).id);
          else throw new Error(`unexpected status ${response.status}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const workers = Array.from({ length: concurrency }, worker);
    await new Promise((resolve) => setTimeout(resolve, loadMs));
    killed = true;
    first.kill('SIGKILL'); // mid-load: requests are in flight
    await Promise.all([...workers, exited(first)]);

    // Restart on the same directory: SQLite recovers the WAL, the server must come up.
    const second = startChild(port, dataDir);
    await waitUntilHealthy(base);
    second.kill('SIGTERM');
    await exited(second);

    const store = openSqliteStore(join(dataDir, 'feedback.sqlite'));
    const missing: string[] = [];
    for (const id of accepted) if (!(await store.has(id))) missing.push(id);
    const stored = await store.count();
    await store.close();
    return { accepted: accepted.length, found: accepted.length - missing.length, missing, stored };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printDurability(result: DurabilityResult): void {
  console.log('\nDurability (SIGKILL mid-load, restart on the same data directory)');
  console.log(`  201 responses before the kill:  ${result.accepted}`);
  console.log(`  of those found after restart:   ${result.found}`);
  console.log(
    `  missing:                        ${result.missing.length}${result.missing.length ? ` (${result.missing.slice(0, 5).join(', ')}...)` : ''}`,
  );
  console.log(
    `  rows in the database:           ${result.stored} (rows committed whose 201 was lost in the kill count here only)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runDurabilityCheck();
  printDurability(result);
  if (result.missing.length > 0 || result.accepted === 0) process.exitCode = 1;
}
