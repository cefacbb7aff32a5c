// `npm run test:e2e`: every journey in a real Chromium. Fails fast and clearly when no
// browser is installed instead of letting Playwright try to download one.
import { spawnSync } from 'node:child_process';
import { CHROMIUM_PATH as browser, isExecutable } from './chromium';

if (!isExecutable(browser)) {
  console.error(
    `No Chromium found at ${browser}: apt-get install -y chromium-headless-shell (or chromium), or set CHROME_PATH`,
  );
  process.exit(1);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) {
    console.error(`${command} ${args.join(' ')}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

// Never let Playwright fetch its own browsers: we use the system Chromium.
const env = { ...process.env, CHROME_PATH: browser, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)], env));
