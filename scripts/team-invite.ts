// `npm run team:invite -- <email> --role viewer|analyst|admin`: prints a one-time enrolment
// link (valid 24 hours) for the feedback team's area. Uses the server's store (DATA_DIR or
// DATABASE_URL) and PUBLIC_URL, the link's origin, and nothing else: a setting the server needs
// but this command does not (API_KEYS, OIDC_*) is not asked for. PUBLIC_URL is required for a
// deployment (NODE_ENV=production or DATABASE_URL), so no link points at localhost there.
// A problem is one line on stderr, never a stack.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { publicUrlFromEnv, storageFromEnv } from '../server/config';
import { openStore } from '../server/storage/index';
import type { Role } from '../server/storage/team-types';
import { invite, ROLES } from '../server/team/invite';

const USAGE = 'usage: npm run team:invite -- <email> --role viewer|analyst|admin';

/** The link's origin: PUBLIC_URL, required for a deployment; this machine's otherwise. */
function origin(env: NodeJS.ProcessEnv): { url: string; local: boolean } {
  const deployed = env.NODE_ENV === 'production' || Boolean(env.DATABASE_URL);
  if (!env.PUBLIC_URL && deployed)
    throw new Error(
      'PUBLIC_URL must be set (the service’s public origin, such as https://feedback.example.gov.uk): the link would otherwise point at localhost',
    );
  return { url: publicUrlFromEnv(env), local: !env.PUBLIC_URL };
}

/** Where the command writes: stdout and stderr, or a caller's own lines (tests). */
export interface Output {
  log: (line: string) => void;
  error: (line: string) => void;
}

async function main(args: string[], env: NodeJS.ProcessEnv, out: Output): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: 'string', default: 'viewer' } },
  });
  const email = positionals[0];
  const role = values.role as Role;
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email) || !ROLES.includes(role)) throw new Error(USAGE);
  const link = origin(env);
  const storage = storageFromEnv(env);
  // A command gives up sooner than a starting server on a database that does not answer.
  const store = await openStore({
    ...storage,
    postgres: { ...storage.postgres, startWaitMs: Math.min(storage.postgres.startWaitMs, 10_000) },
  });
  try {
    const path = await invite(store.team, email, role, new Date());
    out.log(`Enrolment link for ${email} (${role}), valid for 24 hours, usable once:`);
    out.log(new URL(path, link.url).href);
    if (link.local) out.log('(PUBLIC_URL is not set: the link is for this machine only.)');
  } finally {
    await store.close();
  }
}

/** The command with these arguments and settings; its exit code (a problem is one line on `error`). */
export async function teamInvite(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Output = { log: console.log, error: console.error },
): Promise<number> {
  try {
    await main(args, env, out);
    return 0;
  } catch (error) {
    out.error(`team:invite: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof Error && error.message === USAGE ? 2 : 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await teamInvite(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
