// `npm run dev`: answers /api/feedback (and the editors' /preview) from the server's own route
// code in this process, so a survey can be sent to the end while Vite serves the app. A page
// opened with a draft (`?draft=`, where the preview's path links lead) gets the draft's answers
// in its data block, as the built server gives them, so it opens with them instead of timing out.
import type { Plugin, ViteDevServer } from 'vite';
import type { DevApi } from '../server/dev-api';
import { isTestRun, testRunNotice } from '../server/preview/notice';

const HANDLED = /^\/(api\/|preview(\/|\?|$))/;

/** `<` escaped so the data block cannot end early (as server/render.ts). */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function devApiPlugin(): Plugin {
  // Loaded on first use: the build never imports the server.
  let api: Promise<DevApi> | undefined;
  const load = (server: ViteDevServer) =>
    // Through Vite's own loader: it reads TypeScript, which plain Node here cannot.
    (api ??= server
      .ssrLoadModule('/server/dev-api.ts')
      .then((m) => (m as typeof import('../server/dev-api')).devApi()));
  let dev: ViteDevServer | undefined;
  return {
    name: 'dev-api',
    apply: 'serve',
    configureServer(server) {
      dev = server;
      server.middlewares.use((request, response, next) => {
        if (!HANDLED.test(request.url ?? '')) return next();
        load(server)
          .then((app) => app.routing(request, response))
          .catch(next);
      });
      server.httpServer?.on('close', () => void api?.then((app) => app.close()));
    },
    async transformIndexHtml(html, context) {
      const url = new URL(context.originalUrl ?? context.path, 'http://localhost');
      if (!dev || !url.searchParams.has('draft')) return html;
      const state = await (await load(dev)).stateOf(url);
      const lang = /^\/cy(\/|$)/.test(url.pathname) ? 'cy' : 'en';
      return html
        .replace(
          '<!--app-data-->',
          `<script type="application/json" id="app-data">${jsonForHtml({ state })}</script>`,
        )
        .replace(
          '<div id="root">',
          `${isTestRun({ state }) ? testRunNotice(lang) : ''}<div id="root">`,
        );
    },
  };
}
