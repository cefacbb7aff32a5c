// Throwaway PostgreSQL clusters and PgBouncers on 127.0.0.1, for the tests and benchmarks that
// need their own database server (to restart, freeze with SIGSTOP, dump and restore, or put
// PgBouncer in front of). initdb and pg_ctl come from PG_BIN or Debian's newest
// /usr/lib/postgresql/N/bin; as root they run as the `postgres` user (PostgreSQL refuses root).
// Ports: THROWAWAY_PORTS (`55470-55499`) on a shared machine, otherwise any free one.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** The PostgreSQL server programs: PG_BIN, else Debian's newest; undefined without them. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'pg_ctl')));
}

/** Why a throwaway cluster cannot run here, or undefined when it can. */
export function clusterMissing(): string | undefined {
  if (!postgresBin())
    return 'no PostgreSQL server programs (apt-get install postgresql, or set PG_BIN)';
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root without a postgres user to run PostgreSQL as';
  return undefined;
}

/** The PgBouncer program, or undefined when it is not installed. */
export function pgbouncerBin(): string | undefined {
  const found = [process.env.PGBOUNCER, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find(
    (path) => path && existsSync(path),
  );
  return found;
}

const used = new Set<number>();

/** A free port on 127.0.0.1: from THROWAWAY_PORTS when set (a shared machine), else any. */
export async function freeLocalPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.THROWAWAY_PORTS ?? '');
  const candidates = range
    ? Array.from(
        { length: Number(range[2]) - Number(range[1]) + 1 },
        (_, i) => Number(range[1]) + i,
      )
    : [0];
  for (const port of candidates) {
    if (used.has(port)) continue;
    const got = await new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() =>
          resolve(typeof address === 'object' && address ? address.port : undefined),
        );
      });
    });
    if (got) {
      if (range) used.add(got);
      return got;
    }
  }
  throw new Error(`no free port in THROWAWAY_PORTS=${process.env.THROWAWAY_PORTS}`);
}

/** A program run as the `postgres` user when we are root. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function ownedTempDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    chownSync(dir, await id('-u'), await id('-g'));
  }
  return dir;
}

export interface Cluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres (trust authentication). */
  url: string;
  dir: string;
  bin: string;
  start(): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP to the server and every backend: connections stay open, nothing answers. */
  freeze(): Promise<void>;
  /** SIGCONT to what freeze stopped. */
  thaw(): Promise<void>;
  /** Stops the server (immediately) and removes its files. */
  remove(): Promise<void>;
}

/** initdb (trust, user postgres) and, unless `start: false`, pg_ctl start. */
export async function startCluster(
  options: { port?: number; start?: boolean; settings?: string[] } = {},
): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(clusterMissing());
  const dir = await ownedTempDir('feedback-pg-');
  const data = join(dir, 'data');
  const port = options.port ?? (await freeLocalPort());
  await run(
    ...asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']),
  );
  const settings = ['-c listen_addresses=127.0.0.1', ...(options.settings ?? [])].join(' ');
  const ctl = (...args: string[]) =>
    run(
      ...asPostgres(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} ${settings}`,
        ...args,
      ]),
    );
  let frozen: number[] = [];
  const cluster: Cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    bin,
    start: async () => void (await ctl('start')),
    restart: async (mode = 'fast') => void (await ctl('restart', '-m', mode)),
    stop: async (mode = 'fast') => void (await ctl('stop', '-m', mode)),
    async freeze() {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = (
        await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }))
      ).stdout
        .split('\n')
        .filter(Boolean)
        .map(Number);
      // The server first, so it starts no backend while its children are being stopped.
      frozen = [postmaster, ...children];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    async thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    async remove() {
      await cluster.thaw().catch(() => undefined);
      await ctl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.start !== false) await cluster.start();
  return cluster;
}

export interface Bouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres, through PgBouncer. */
  url: string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of `target` (as docs/operations.md sets it up: no
 * `ignore_startup_parameters`, so a startup parameter such as statement_timeout is refused).
 */
export async function startPgBouncer(
  target: { port: number },
  options: { poolSize?: number; serverLoginRetry?: number } = {},
): Promise<Bouncer> {
  const program = pgbouncerBin();
  if (!program) throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
  const dir = await ownedTempDir('feedback-pgbouncer-');
  const port = await freeLocalPort();
  writeFileSync(join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `postgres = host=127.0.0.1 port=${target.port} dbname=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 20}`,
      'max_client_conn = 500',
      `server_login_retry = ${options.serverLoginRetry ?? 1}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  const [command, args] = asPostgres(program, [join(dir, 'pgbouncer.ini')]);
  const child: ChildProcess = spawn(command, args, { stdio: 'ignore' });
  // Ready when it accepts connections.
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (open) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      const pidFile = join(dir, 'pgbouncer.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : child.pid;
      if (pid) process.kill(pid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
