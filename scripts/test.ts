// `npm test`: the static checks (`npm run checks`) and the unit tests side by side, then, when
// both pass, the browser tests; the time each step took is printed at the end. The checks print
// each one's output whole when it ends, so the two do not mix line by line. Side by side they
// fill the moments where the unit tests wait on child processes and databases.
import { spawn } from 'node:child_process';

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`npm run ${script}: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

const started = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(0)} s`;
const [checks, unit] = await Promise.all([run('checks'), run('test:unit')]);
const firstStep = seconds(started);
const failed = [...(checks ? [] : ['npm run checks']), ...(unit ? [] : ['npm run test:unit'])];
if (failed.length) {
  console.error(`FAILED: ${failed.join(' and ')} (${firstStep}); the browser tests were not run`);
  process.exit(1);
}
const browserStarted = Date.now();
const browser = await run('test:e2e');
console.log(
  `npm test: checks and unit tests ${firstStep}, browser tests ${seconds(browserStarted)}, ${seconds(started)} in all`,
);
process.exit(browser ? 0 : 1);
