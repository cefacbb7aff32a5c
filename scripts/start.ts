// `npm start`: build the app if dist/ is missing or older than its sources, then serve
// the app and the feedback API on one port (PORT, default 3000; HOST default 127.0.0.1).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/main';

const SOURCES = [
  'src',
  'renderers',
  'engine',
  'definitions',
  'schemas',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const BUILT = [join('dist', 'index.html'), join('dist-server', 'entry-server.js')];

/** Newest modification time among the files under these paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(path, file))
      : [path];
    for (const file of files)
      newest = Math.max(newest, statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}

// Read before building: Vite's build sets NODE_ENV=production in this process, which would
// change what the server requires (API_KEYS). A misconfiguration also stops us before the build.
const config = configFromEnv();

const sources = newestMtime(SOURCES);
if (BUILT.some((file) => !existsSync(file) || statSync(file).mtimeMs < sources)) {
  console.log('Building the app (dist/ or dist-server/ is missing or out of date)...');
  // The runner loader reads vite.config.ts as Vite reads the app, without the native loader's
  // notices about import extensions (about 50 lines an operator would have to read past); only
  // errors are shown (the known CSS warning is explained in vite.config.ts).
  await build({ configLoader: 'runner', logLevel: 'error' });
  // The same pages for the server to render (src/entry-server.tsx).
  await build({
    configLoader: 'runner',
    logLevel: 'error',
    build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server', emptyOutDir: true },
  });
}

const { url, surveys } = await startServer({ staticDir: 'dist', config });
const base = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
const ids = [...surveys.keys()].sort();
console.log(`Feedback service running at ${base}/en/${ids[0] ?? ''}`);
console.log(`Surveys:\n${ids.map((id) => `  ${base}/en/${id}  ${base}/cy/${id}`).join('\n')}`);
console.log(`Feedback API: POST ${base}/api/feedback (Ctrl+C stops)`);
