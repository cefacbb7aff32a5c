// `npm run team:invite` asks only for what it uses (the store and PUBLIC_URL), says what is
// missing in one line (never a stack), and gives a link on PUBLIC_URL, never localhost, for a
// deployment.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

function invite(args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'feedback-invite-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['NODE_ENV', 'API_KEYS', 'PUBLIC_URL', 'DATABASE_URL'].includes(name),
    ),
  );
  return run(process.execPath, ['--import', 'tsx', 'scripts/team-invite.ts', ...args], {
    env: { ...clean, DATA_DIR: dataDir, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm run team:invite', () => {
  it('in production without PUBLIC_URL: one line saying so, no stack, and no demand for API_KEYS', async () => {
    const { code, stdout, stderr } = await invite(['lead@example.gov.uk', '--role', 'admin'], {
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
    const { code, stdout } = await invite(['lead@example.gov.uk', '--role', 'admin'], {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://feedback.example.gov.uk',
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^https:\/\/feedback\.example\.gov\.uk\/team\/enrol\?token=\S+$/m);
    expect(stdout).not.toMatch(/localhost/);
  }, 60_000);

  it('a wrong role: the usage, in one line', async () => {
    const { code, stderr } = await invite(['lead@example.gov.uk', '--role', 'boss'], {});
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'team:invite: usage: npm run team:invite -- <email> --role viewer|analyst|admin',
    );
  }, 60_000);
});
