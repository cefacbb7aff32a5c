// `npm run preview -- [git ref] [--port N]` (default HEAD): a preview deployment of a proposed
// change that a reviewer can open. The ref's files are exported (git archive) into a temporary
// folder, built there, and served with PREVIEW=true on a free port with its own empty data
// folder; the link to /preview is printed. Ctrl+C stops it and removes the folder. Nothing in
// this checkout changes (no worktree is registered, no branch switched).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface PreviewArgs {
  ref: string;
  port?: number;
}

/** The command line: one optional ref (default HEAD) and `--port`. Throws with a usage line. */
export function previewArgs(argv: string[]): PreviewArgs {
  const usage = 'usage: npm run preview -- [git ref] [--port N]';
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        options: { port: { type: 'string' } },
        allowPositionals: true,
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${usage}`, { cause: error });
    }
  })();
  if (positionals.length > 1) throw new Error(`one ref at most\n${usage}`);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
    throw new Error(`--port must be a port number\n${usage}`);
  return { ref: positionals[0] ?? 'HEAD', ...(port ? { port } : {}) };
}

const git = (args: string[], cwd = '.') =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit a ref names; throws a readable error for a ref git does not know. */
export function commitOf(ref: string, cwd = '.'): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  } catch {
    throw new Error(`"${ref}" is not a branch, tag or commit here (try git fetch first)`);
  }
}

/** The files of `commit` (as committed, nothing local) written into `dir`. */
export function exportCommit(commit: string, dir: string, cwd = '.'): void {
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    cwd,
    maxBuffer: 1024 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
}

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function main(): Promise<void> {
  const args = previewArgs(process.argv.slice(2));
  const commit = commitOf(args.ref);
  const short = commit.slice(0, 7);
  const dir = mkdtempSync(join(tmpdir(), `preview-${short}-`));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    exportCommit(commit, dir);
    // The same packages as here when the lock file is the same (the usual case for a content
    // change); otherwise the ref's own, installed as CI would.
    const sameLock =
      readFileSync(join(dir, 'package-lock.json'), 'utf8') ===
      readFileSync('package-lock.json', 'utf8');
    // Quiet unless it fails: then its whole output, to see why.
    const run = (command: string, commandArgs: string[]) => {
      try {
        execFileSync(command, commandArgs, { cwd: dir, stdio: 'pipe', maxBuffer: 64 << 20 });
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
        process.stderr.write(`${stdout ?? ''}${stderr ?? ''}`);
        throw new Error(`${command} ${commandArgs.join(' ')} failed in ${dir}`, { cause: error });
      }
    };
    if (sameLock) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund']);
    console.log(`Building ${args.ref} (${short}) in ${dir} …`);
    run('npm', ['run', '--silent', 'build']);
  } catch (error) {
    cleanUp();
    throw error;
  }
  const port = args.port ?? (await freePort());
  const server = spawn('node', ['dist-node/main.js'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PREVIEW: 'true', PORT: String(port), DATA_DIR: join(dir, 'data') },
  });
  const stop = () => server.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Ready when it answers /healthz.
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  console.log(`Preview of ${args.ref} (${short}): http://localhost:${port}/preview`);
  console.log('Answers sent from it are test submissions. Ctrl+C stops it.');
  server.once('exit', (code) => {
    cleanUp();
    process.exitCode = code ?? 0;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
