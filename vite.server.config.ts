// The server built to plain JavaScript for production (`node dist-node/main.js`): one bundle of
// our TypeScript, with every package in node_modules left as an import, so no TypeScript
// loader or npm process runs beside the service. Also the purge and the team invitation
// commands, which production runs on the same machines.
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

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
