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
import { formikPurePlugin } from './scripts/vite-plugin-formik-pure';

const shim = (name: string) => fileURLToPath(new URL(`./src/shims/${name}.ts`, import.meta.url));
/** A file of react-router's production build (node_modules/react-router/dist/production). */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    definitionsPlugin(),
    devApiPlugin(),
    earlyScriptPlugin('src/early.ts'),
    precompressPlugin(),
    formikPurePlugin(),
  ],
  resolve: {
    alias: [
      // The definitions folder the app is built from (engine/check/folders.ts).
      { find: '@definitions', replacement: resolve(definitionsDir()) },
      // Formik pulls in lodash's generic deep-clone machinery (about 5 KB gzip) to copy form
      // state that is only ever plain JSON here, and its cached path parser for field names
      // that are plain identifiers; small equivalents keep the first page lighter.
      { find: 'lodash-es/cloneDeep', replacement: shim('lodash-clonedeep-default') },
      { find: 'lodash-es/clone', replacement: shim('lodash-clone-default') },
      { find: 'lodash-es/toPath', replacement: shim('lodash-topath-default') },
      { find: 'lodash-es/isPlainObject', replacement: shim('lodash-isplainobject-default') },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: shim('use-sync-external-store-shim'),
      },
      // react-router's package exports name only its development build, whose one difference
      // from the production build beside it is ENABLE_DEV_WARNINGS: the warnings' code and
      // texts (about 0.6 KB gzip) would reach every respondent. The browser's app takes the
      // production build; the server's render and the dev server keep the package's own (the
      // same markup, and the warnings where they help).
      ...(command !== 'build' || isSsrBuild
        ? []
        : [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]),
    ],
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
}));
