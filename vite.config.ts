import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodePackageImporter } from 'sass';
import { definitionsDir } from './engine/check/folders';
import { definitionsPlugin } from './scripts/vite-plugin-definitions';
import { devApiPlugin } from './scripts/vite-plugin-dev-api';
import { earlyScriptPlugin } from './scripts/vite-plugin-early-script';
import { precompressPlugin } from './scripts/vite-plugin-precompress';

export default defineConfig({
  plugins: [
    react(),
    definitionsPlugin(),
    devApiPlugin(),
    earlyScriptPlugin('src/early.ts'),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      // The definitions folder the app is built from (engine/check/folders.ts).
      '@definitions': resolve(definitionsDir()),
      // Formik pulls in lodash's generic deep-clone machinery (about 5 KB gzip) to copy form
      // state that is only ever plain JSON here, and its cached path parser for field names
      // that are plain identifiers; small equivalents keep the first page lighter.
      'lodash-es/cloneDeep': fileURLToPath(
        new URL('./src/shims/lodash-clonedeep-default.ts', import.meta.url),
      ),
      'lodash-es/clone': fileURLToPath(
        new URL('./src/shims/lodash-clone-default.ts', import.meta.url),
      ),
      'lodash-es/toPath': fileURLToPath(
        new URL('./src/shims/lodash-topath-default.ts', import.meta.url),
      ),
      'lodash-es/isPlainObject': fileURLToPath(
        new URL('./src/shims/lodash-isplainobject-default.ts', import.meta.url),
      ),
    },
  },
  // The dev server pre-bundles the live editor's dependencies (CodeMirror) at start too: found
  // only when /preview/<survey>/edit is first opened, they would make Vite re-bundle and reload
  // that page while it starts, and the editor would not appear.
  optimizeDeps: { entries: ['index.html', 'src/editor/main.ts'] },
  css: {
    // Vite 8 minifies CSS with Lightning CSS, which refuses two Internet Explorer hacks in
    // govuk-frontend's Sass: `@media screen and (min-width: 0\0)` (service navigation) and
    // `@media screen\0` (details). With error recovery it drops just those two rules, with a
    // warning, instead of failing the build. They only ever matched IE 8 to 11, which
    // govuk-frontend 6 no longer supports (and this app shows old IE a static message), so
    // nothing a supported browser uses is lost. The alternative, `build.cssMinify: 'esbuild'`,
    // would keep them but bring back a second minifier just to carry dead rules.
    lightningcss: { errorRecovery: true },
    preprocessorOptions: {
      // `@use "pkg:govuk-frontend"` resolves through the package's `sass` export.
      scss: { importers: [new NodePackageImporter()] },
    },
  },
  build: {
    // scripts/size.ts reads which chunks a first question page loads from the manifest.
    manifest: true,
    rolldownOptions: {
      // A table of plugin timings after each build is for whoever tunes the build, not for every run.
      checks: { bundlerTimings: false },
      treeshake: {
        // yup's package.json does not declare itself side-effect free, so its whole module
        // graph would ship although the browser only calls the engine's `validatePage`
        // (yup is used by `pageSchema` on the server and in tests). It has no side effects.
        // The same holds for hoist-non-react-statics and react-is, which only formik's `connect`
        // and `withFormik` use (about 1 KB gzip): the app calls `useFormik` alone.
        moduleSideEffects: (id: string) =>
          /[\\/]node_modules[\\/](yup|hoist-non-react-statics|react-is)[\\/]/.test(id)
            ? false
            : undefined,
      },
    },
  },
});
