// `npm run team:invite -- <email> --role viewer|analyst|admin`: prints a one-time enrolment
// link (valid 24 hours) for the feedback team's area. Uses the server's store (DATA_DIR or
// DATABASE_URL); the link's origin is PUBLIC_URL (http://localhost:PORT in development).
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config';
import { openStore } from '../server/storage/index';
import type { Role } from '../server/storage/team-types';
import { invite, ROLES } from '../server/team/invite';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', default: 'viewer' } },
});
const email = positionals[0];
const role = values.role as Role;
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email) || !ROLES.includes(role)) {
  console.error('Usage: npm run team:invite -- <email> --role viewer|analyst|admin');
  process.exit(2);
}
const config = configFromEnv();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const path = await invite(store.team, email, role, new Date());
  console.log(`Enrolment link for ${email} (${role}), valid for 24 hours, usable once:`);
  console.log(new URL(path, config.publicUrl).href);
} finally {
  await store.close();
}
