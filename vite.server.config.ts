// The server built to plain JavaScript for production (`node dist-node/main.js`): one bundle of
// our TypeScript, with every package in node_modules left as an import, so no TypeScript
// loader or npm process runs beside the service. Also the purge and the team invitation
// commands, which production runs on the same machines.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { definitionsDir } from './engine/check/folders';

/** The passkey page script, read by server/team at start from beside the bundle. */
function passkeyScript(): Plugin {
  return {
    name: 'passkey-script',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'client/passkey.js',
        source: readFileSync('server/team/client/passkey.js', 'utf8'),
      });
    },
  };
}

export default defineConfig({
  plugins: [passkeyScript()],
  // The shared blocks the team's figures read (engine/check/folders.ts, as vite.config.ts).
  resolve: { alias: { '@definitions': resolve(definitionsDir()) } },
  // Not the browser app's public folder: nothing of it belongs beside the server.
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-node',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        purge: 'server/purge.ts',
        'team-invite': 'scripts/team-invite.ts',
      },
    },
  },
});
