// `npm run size`: what a respondent's browser downloads for a first question page (the app
// entry, its static imports, its CSS and the survey's definition chunk), gzip-compressed,
// and a check that ajv and the JSON Schema stay out of every chunk a respondent's page can load
// (the live editor's own entry, which carries the schema, is counted apart).
// Builds first, so the figures are always those of the current sources.
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const JS_BUDGET_KB = 150;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  dynamicImports?: string[];
}

execSync('npx vite build --configLoader runner', { stdio: 'inherit' });
// The live editor, a build of its own (vite.editor.config.ts): reported apart, never in the app's.
execSync('npx vite build --configLoader runner --config vite.editor.config.ts --logLevel warn', {
  stdio: 'inherit',
});
const EDITOR_MANIFEST = join(DIST, '.vite', 'editor-manifest.json');
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(join(DIST, file))).length / 1024;

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

// The respondent's pages start at index.html.
const entryKey = 'index.html';
if (!manifest[entryKey]?.isEntry) throw new Error(`No index.html entry in ${MANIFEST}`);

/** Every chunk a key can load, statically or later. */
function everything(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])])
    everything(next, seen);
  return seen;
}
const respondentFiles = new Set([...everything(entryKey)].map((key) => manifest[key]!.file));
// The entry fetches the app itself once the page is on screen (src/main.tsx): both count.
// The entry fetches the page's language alone (src/main.tsx): the larger of the two counts.
const isWords = (key: string) => /^src\/i18n\/(en|cy)\.json$/.test(key);
const firstLoad = new Set<string>();
for (const key of [entryKey, ...(manifest[entryKey]!.dynamicImports ?? [])])
  if (!isWords(key)) staticClosure(key, firstLoad);
const entryChunks = [...firstLoad].map((key) => manifest[key]!);
const words = Object.keys(manifest)
  .filter(isWords)
  .map((key) => ({ lang: key.replace(/^.*\/(\w+)\.json$/, '$1'), kb: gzipKb(manifest[key]!.file) }))
  .sort((a, b) => b.kb - a.kb);
if (words.length !== 2) throw new Error("Expected the two languages' words as chunks of their own");
const entryJs =
  entryChunks.reduce((sum, chunk) => sum + gzipKb(chunk.file), 0) + (words[0]?.kb ?? 0);
const css = [...new Set(entryChunks.flatMap((chunk) => chunk.css ?? []))].reduce(
  (sum, file) => sum + gzipKb(file),
  0,
);

const definitions = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('definitions/'))
  .map(([key, chunk]) => ({
    survey: key.replace(/^definitions\/(.*)\.json$/, '$1'),
    kb: gzipKb(chunk.file),
  }))
  .sort((a, b) => b.kb - a.kb);
const largest = definitions[0] ?? { survey: '(none)', kb: 0 };
const firstPageJs = entryJs + largest.kb;

console.log(
  `App JS (entry and the app it loads, with static imports, and one language's words): ${entryJs.toFixed(1)} KB gzip`,
);
console.log(
  `Interface words: ${words.map((w) => `${w.lang} ${w.kb.toFixed(1)}`).join(', ')} KB gzip`,
);
console.log(
  `Survey definition chunks: ${definitions.map((d) => `${d.survey} ${d.kb.toFixed(1)}`).join(', ')} KB gzip`,
);
console.log(
  `First question page JS (largest survey, ${largest.survey}): ${firstPageJs.toFixed(1)} KB gzip (target < ${JS_BUDGET_KB})`,
);
// Each page's own rules travel inline in its HTML; this is the sheet fetched after the first paint.
console.log(`Full stylesheet (fetched after the first paint): ${css.toFixed(1)} KB gzip`);

// ajv leaves its error texts in any bundle that contains it; the schema leaves its title.
const schemaTitle = (
  JSON.parse(readFileSync('schemas/survey.schema.json', 'utf8')) as { title: string }
).title;
const markers = [
  'strict mode: ',
  'schema with key or id',
  'Feedback survey definition',
  schemaTitle,
];
// The editor's own chunks carry the schema (its completion and help), on its page alone.
const editorManifest = JSON.parse(readFileSync(EDITOR_MANIFEST, 'utf8')) as Record<string, Chunk>;
const editorOnly = new Set(
  Object.values(editorManifest)
    .map((chunk) => chunk.file)
    .filter((file) => !respondentFiles.has(file)),
);
console.log(
  `Live editor (its own build, on /preview/<survey>/edit only): ${[...editorOnly]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipKb(file), 0)
    .toFixed(1)} KB gzip, none of it loaded by a respondent's page`,
);
const leaks = readdirSync(join(DIST, 'assets'))
  .filter((file) => file.endsWith('.js') && !editorOnly.has(`assets/${file}`))
  .flatMap((file) => {
    const code = readFileSync(join(DIST, 'assets', file), 'utf8');
    return markers
      .filter((marker) => code.includes(marker))
      .map((marker) => `${file}: "${marker}"`);
  });
if (leaks.length) {
  console.error(`ajv or the schema is in a client chunk:\n  ${leaks.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log("ajv and the definition schema: not in any chunk a respondent's page loads");
}
if (firstPageJs > JS_BUDGET_KB) {
  console.warn(
    `Over the ${JS_BUDGET_KB} KB target by ${(firstPageJs - JS_BUDGET_KB).toFixed(1)} KB`,
  );
}
