import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LANGS, type Lang, type ResolvedSurvey } from '../engine/index';

export type AppPath =
  { kind: 'app' } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

const SURVEY_SCREENS = ['finish', 'timeout'];

/**
 * Whether a path is one of the app's screens (see the routes table in server/README.md), derived
 * from the definitions: `/{lang}/cookies`, `/{lang}/{survey}` (+ `/`), `/{lang}/{survey}/{page id}`,
 * `/finish`, `/timeout`. A one-page survey has no page routes and drops a trailing slash.
 */
export function classifyPath(path: string, surveys: Map<string, ResolvedSurvey>): AppPath {
  const [empty, lang, surveyId, screen, ...rest] = path.split('/');
  const notFound: AppPath = { kind: 'not-found' };
  if (empty !== '' || !LANGS.includes(lang as Lang) || surveyId === undefined || rest.length > 0)
    return notFound;
  if (surveyId === 'cookies' && screen === undefined) return { kind: 'app' };
  const survey = surveys.get(surveyId);
  if (!survey) return notFound;
  const single = survey.layout === 'single';
  if (screen === undefined) return { kind: 'app' };
  if (screen === '')
    return single ? { kind: 'redirect', location: `/${lang}/${surveyId}` } : { kind: 'app' };
  if (SURVEY_SCREENS.includes(screen)) return { kind: 'app' };
  if (!single && survey.pages.some((page) => page.id === screen)) return { kind: 'app' };
  return notFound;
}

export interface StaticOptions {
  root: string;
  surveys: Map<string, ResolvedSurvey>;
}

/**
 * Serves the built app: hashed `/assets/*` cached for a year, everything else revalidated;
 * app routes answer `index.html` with 200, unknown paths the same page with 404 (the app
 * shows its not-found screen).
 */
export async function registerApp(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const root = resolve(options.root);
  const indexFile = join(root, 'index.html');
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      // Dotfiles (such as the build's .vite/manifest.json, which lists the source files) are
      // never served: `ignore` treats them as missing, so they get the app's not-found page.
      dotfiles: 'ignore',
      // Directories are never listed or served: their paths fall through to the app's not-found page.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(join(root, 'assets') + sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not Found' });
    }
    const path = request.url.split('?')[0]!;
    const target = classifyPath(path, options.surveys);
    if (target.kind === 'redirect') {
      const query = request.url.slice(path.length);
      return reply.redirect(target.location + query, 301);
    }
    const html = await readFile(indexFile, 'utf8').catch(() => undefined);
    if (html === undefined) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .code(target.kind === 'app' ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
