// The first half of `npm start`: builds what is missing or older than its sources (the browser
// app `dist/`, the server-rendering bundle `dist-server/`, the server `dist-node/`), or built with
// other definitions than the files now (engine/check/built.ts), then exits, so the service itself
// runs as plain `node dist-node/main.js` (no TypeScript loader beside it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { changedSinceBuild } from '../engine/check/built';
import { configFromEnv } from '../server/config';

const SHARED = ['engine', 'definitions', 'schemas', 'package.json'];
const APP_SOURCES = [
  ...SHARED,
  'src',
  'renderers',
  'index.html',
  'vite.config.ts',
  'scripts/vite-plugin-early-script.ts',
  'vite.editor.config.ts',
];
const APP_BUILT = [join('dist', 'index.html'), join('dist-server', 'entry-server.js')];
const SERVER_SOURCES = [...SHARED, 'server', 'scripts/team-invite.ts', 'vite.server.config.ts'];
const SERVER_BUILT = [join('dist-node', 'main.js')];

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

const stale = (built: string[], sources: string[]) => {
  const newest = newestMtime(sources);
  return built.some((file) => !existsSync(file) || statSync(file).mtimeMs < newest);
};

/** Why a bundle folder's recorded definitions are not the files now (a copy keeping old times, a checkout). */
function definitionsChanged(folder: string): string | undefined {
  if (!existsSync(folder)) return undefined; // missing: built above for that reason
  const changed = changedSinceBuild(folder);
  if (changed === undefined) return `${folder} records no definitions`;
  return changed.length ? `the definitions changed: ${changed.join(', ')}` : undefined;
}

// A misconfiguration stops us before a long build (the server reads the settings again).
configFromEnv();

const appChanged = definitionsChanged('dist-server');
if (stale(APP_BUILT, APP_SOURCES) || appChanged) {
  console.log(
    `Building the app (${appChanged ?? 'dist/ or dist-server/ is missing or out of date'})...`,
  );
  // The runner loader reads vite.config.ts as Vite reads the app, without the native loader's
  // notices about import extensions (about 50 lines an operator would have to read past); only
  // errors are shown (the known CSS warning is explained in vite.config.ts).
  await build({ configLoader: 'runner', logLevel: 'error' });
  // The editors' live editor, a build of its own beside the app (vite.editor.config.ts).
  await build({ configFile: 'vite.editor.config.ts', configLoader: 'runner', logLevel: 'error' });
  // The same pages for the server to render (src/entry-server.tsx).
  await build({
    configLoader: 'runner',
    logLevel: 'error',
    build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server', emptyOutDir: true },
  });
}
if (stale(SERVER_BUILT, SERVER_SOURCES)) {
  console.log('Building the server (dist-node/ is missing or out of date)...');
  await build({ configFile: 'vite.server.config.ts', configLoader: 'runner', logLevel: 'error' });
}
