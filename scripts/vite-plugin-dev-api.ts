// `npm run dev`: answers /api/feedback (and the editors' /preview) from the server's own route
// code in this process, so a survey can be sent to the end while Vite serves the app.
import type { Plugin } from 'vite';

const HANDLED = /^\/(api\/|preview(\/|\?|$))/;

export function devApiPlugin(): Plugin {
  return {
    name: 'dev-api',
    apply: 'serve',
    configureServer(server) {
      // Loaded on first use: the build never imports the server.
      let api: Promise<import('fastify').FastifyInstance> | undefined;
      server.middlewares.use((request, response, next) => {
        if (!HANDLED.test(request.url ?? '')) return next();
        // Through Vite's own loader: it reads TypeScript, which plain Node here cannot.
        api ??= server
          .ssrLoadModule('/server/dev-api.ts')
          .then((m) => (m as typeof import('../server/dev-api')).devApi());
        api.then((app) => app.routing(request, response)).catch(next);
      });
      server.httpServer?.on('close', () => void api?.then((app) => app.close()));
    },
  };
}
