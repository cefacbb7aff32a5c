// A PostgreSQL cluster of a test's own (initdb and pg_ctl; as the `postgres` user through
// runuser when the tests run as root), on a free port (TEST_PG_PORT picks one), removed after.
// For tests that read the cluster's files on disk, which the shared server's are not.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/bench-durability';

const run = promisify(execFile);

/** The PostgreSQL server programs: PG_BIN, else Debian's newest. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync(root)
      ? readdirSync(root)
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => join(root, v, 'bin'))
      : [];
  return candidates.find(
    (bin) => existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb')),
  );
}
const bin = postgresBin();
const asRoot = process.getuid?.() === 0;

/** Why a throwaway cluster cannot be run here, or undefined when it can. */
export const cannotRunPostgres: string | undefined = !bin
  ? 'the PostgreSQL server programs (initdb, pg_ctl) are not installed; set PG_BIN'
  : asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0
    ? 'running as root and there is no postgres user to run the cluster as'
    : undefined;

export interface Cluster {
  url: string;
  /** The cluster's data directory (tables, write-ahead log). */
  data: string;
  stop(): Promise<void>;
}

export async function throwawayCluster(): Promise<Cluster> {
  if (cannotRunPostgres) throw new Error(cannotRunPostgres);
  const dir = mkdtempSync(join(tmpdir(), 'feedback-pg-own-'));
  const data = join(dir, 'data');
  const as = (command: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', ...command])
      : run(command[0]!, command.slice(1));
  if (asRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  await as([join(bin!, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = Number(process.env.TEST_PG_PORT) || (await freePort());
  const server = [
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    join(dir, 'log'),
  ];
  await as([join(bin!, 'pg_ctl'), '-D', data, '-w', ...server, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    data,
    async stop() {
      await as([join(bin!, 'pg_ctl'), '-D', data, '-w', '-m', 'immediate', 'stop']).catch(
        () => undefined,
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
