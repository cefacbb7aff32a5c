// The feedback API and the editors' preview for `npm run dev`, where Vite serves the app: without
// them the last page of a survey could not send ("Sorry, there is a problem with the service").
// The same route code as the real server, with the local store in DATA_DIR and no rate limit.
// Not through ./app: that brings the page renderer, which needs the built app.
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadSurveys } from '../engine/check/load';
import type { SurveyData } from '../src/store';
import { configFromEnv } from './config';
import { registerFeedback } from './feedback';
import { contextFor } from './nojs/index';
import { registerPreview } from './preview/index';
import { openStore } from './storage/index';
import { submissionCap } from './submissionCap';
import { definitionsDir } from '../engine/check/folders';

/** The app's stylesheet as Vite serves it from its source (there is no build in development). */
const DEV_STYLESHEET = '/src/styles.scss';

export type DevApi = FastifyInstance & {
  /** The respondent's state for a page address with `?draft=` (as the built server renders it
   *  into the page), so a page opened from a preview link has its path's answers under Vite too. */
  stateOf(url: URL): Promise<SurveyData | null>;
};

export async function devApi(dir = definitionsDir()): Promise<DevApi> {
  const config = configFromEnv();
  const { surveys } = loadSurveys(dir); // the dev overlay reports broken ones
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const bodyLimit = 32 * 1024; // as server/app.ts
  const app = Fastify({ bodyLimit });
  await app.register(fastifyRateLimit, { global: false });
  const clock = () => new Date();
  const cap = submissionCap(store.limits, false, clock);
  registerFeedback(app, {
    paths: [config.feedbackPath],
    surveys,
    store,
    apiKeys: config.apiKeys,
    bodyLimit,
    rateLimit: false,
    cap,
    clock,
    preview: true, // as the preview below: `npm run dev` always has it
  });
  // Vite serves the editor's script from its source and saves are allowed: this is development.
  registerPreview(app, {
    surveys,
    drafts: store.drafts,
    clock,
    stylesheet: DEV_STYLESHEET,
    editor: { script: '/src/editor/main.ts', save: true },
  });
  app.addHook('onClose', () => store.close());
  await app.ready();
  const pages = { surveys, store, clock, preview: true, cap };
  const dev = app as unknown as DevApi; // given its one method just below
  dev.stateOf = async (url) => (await contextFor(url, pages)).state;
  return dev;
}
