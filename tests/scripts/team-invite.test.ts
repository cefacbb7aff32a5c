// `npm run team:invite` asks only for what it uses (the store and PUBLIC_URL), says what is
// missing in one line (never a stack), and gives a link on PUBLIC_URL, never localhost, for a
// deployment. The command is called as a function with its own settings; one case runs it as a
// process, for what only a process shows (its exit code, its streams, no stack).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { teamInvite } from '../../scripts/team-invite';

const run = promisify(execFile);

/** The environment the command sees: a fresh store, none of the server's settings but these. */
function settings(env: Record<string, string>): NodeJS.ProcessEnv {
  const dataDir = mkdtempSync(join(tmpdir(), 'feedback-invite-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['NODE_ENV', 'API_KEYS', 'PUBLIC_URL', 'DATABASE_URL'].includes(name),
    ),
  );
  return { ...clean, DATA_DIR: dataDir, ...env };
}

/** The command as a process (through tsx, as `npm run team:invite` runs it). */
function spawned(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/team-invite.ts', ...args], {
    env: settings(env),
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The command as a function: its exit code and what it wrote, as the process would. */
async function called(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await teamInvite(args, settings(env), {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

describe('npm run team:invite', () => {
  it('in production without PUBLIC_URL: one line saying so, no stack, and no demand for API_KEYS', async () => {
    const { code, stdout, stderr } = await spawned(['lead@example.gov.uk', '--role', 'admin'], {
      NODE_ENV: 'production',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^team:invite: PUBLIC_URL must be set/),
    ]);
    expect(stderr).not.toMatch(/API_KEYS|\n\s+at /);
  }, 60_000);

  it('in production with PUBLIC_URL (and no API_KEYS, which it does not use): a link on PUBLIC_URL', async () => {
    const { code, stdout } = await called(['lead@example.gov.uk', '--role', 'admin'], {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://feedback.example.gov.uk',
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^https:\/\/feedback\.example\.gov\.uk\/team\/enrol\?token=\S+$/m);
    expect(stdout).not.toMatch(/localhost/);
  });

  it('a wrong role: the usage, in one line', async () => {
    const { code, stderr } = await called(['lead@example.gov.uk', '--role', 'boss'], {});
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'team:invite: usage: npm run team:invite -- <email> --role viewer|analyst|admin',
    );
  });
});
