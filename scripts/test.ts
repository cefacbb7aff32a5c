// `npm test`: the static checks (`npm run checks`), the unit tests and the browser tests, one after
// another, stopping at the first that fails; the time each step took is printed at the end. The
// checks beside the unit tests were slower here, not quicker: 312 s against 49 + 210 s one after
// the other, on two cores (each step alone keeps both busy).
import { spawn } from 'node:child_process';

const STEPS = ['checks', 'test:unit', 'test:e2e'];

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

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
const times: string[] = [];
for (const step of STEPS) {
  const began = Date.now();
  const passed = await run(step);
  times.push(`${step} ${seconds(Date.now() - began)}`);
  if (!passed) {
    console.error(`FAILED: npm run ${step} (${times.join(', ')})`);
    process.exit(1);
  }
}
console.log(`npm test: ${times.join(', ')}; ${seconds(Date.now() - started)} in all`);
