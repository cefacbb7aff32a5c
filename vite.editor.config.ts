// The editors' live editor (src/editor/main.ts, for /preview/<survey>/edit) built on its own, into
// dist/ beside the app but as a separate build: sharing one build with the respondent's app would
// move code the two share (Vite's preload helper) into a chunk of its own that every respondent's
// page would then fetch. Its manifest is dist/.vite/editor-manifest.json (server/preview/edit.tsx).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const noHighlighting = fileURLToPath(new URL('./src/editor/no-highlighting.ts', import.meta.url));

export default defineConfig({
  publicDir: false,
  resolve: {
    // The help's code highlighter, never needed (src/editor/no-highlighting.ts).
    alias: [
      { find: /^shiki(\/.*)?$/, replacement: noHighlighting },
      { find: /^@shikijs\/markdown-it(\/.*)?$/, replacement: noHighlighting },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false, // the app's build is there already
    manifest: '.vite/editor-manifest.json',
    // CodeMirror and the schema's help: large, but loaded on the editor's page alone.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { editor: 'src/editor/main.ts' },
      checks: { bundlerTimings: false },
    },
  },
});
