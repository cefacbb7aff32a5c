// One route table (src/paths.ts ROUTES) for the respondent's pages and the preview: every route
// the server registers for them, and every route of the app's router, is one of its entries, and
// every address the app builds matches one. Generated from the registrations themselves, so a
// route added in one place only fails here.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { enumeratePaths, type ResolvedSurvey } from '../../engine';
import { classifyPath } from '../../server/paths';
import { registerPreview } from '../../server/preview/index';
import { registerPages } from '../../server/render';
import { submissionCap } from '../../server/submissionCap';
import { openSqliteStore } from '../../server/storage/sqlite';
import { matchRoute, pathTo, ROUTES, skipPath, surveyPath, type Route } from '../../src/paths';
import { fakeDist, fixtureSurveys } from './fixtures';

const TABLE = new Set<string>(Object.values(ROUTES));

describe('the route table', () => {
  it('holds every route the server registers for the respondent pages and the preview', async () => {
    const app = Fastify();
    const registered: string[] = [];
    app.addHook('onRoute', (route) => void registered.push(route.url));
    const store = openSqliteStore(':memory:');
    const surveys = fixtureSurveys();
    const clock = () => new Date();
    const root = fakeDist();
    await registerPages(app, {
      root,
      serverEntry: `${root}/entry-server.js`,
      surveys,
      store,
      clock,
      cap: submissionCap(store.limits, false, clock),
    });
    registerPreview(app, { surveys, drafts: store.drafts, clock });
    await app.ready();
    // The built app's files (@fastify/static's wildcard) are not pages.
    const pages = [...new Set(registered)].filter((url) => !url.endsWith('*'));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((url) => !TABLE.has(url))).toEqual([]);
    await app.close();
    await store.close();
  });

  it("holds every route of the app's router, as full paths", async () => {
    // The router is the app's (src/routes.tsx); loaded here without drawing anything.
    const { routes } = await import('../../src/routes');
    type Node = { path?: string; index?: boolean; children?: Node[] };
    const full = (nodes: Node[], parent = ''): string[] =>
      nodes.flatMap((node) => {
        const path = node.path?.startsWith('/')
          ? node.path
          : node.path
            ? `${parent}/${node.path}`
            : parent;
        return [...(node.path ? [path] : []), ...full(node.children ?? [], path)];
      });
    const paths = full(routes as Node[]).filter((path) => !path.endsWith('*'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !TABLE.has(path))).toEqual([]);
  });

  it('builds every address of every survey from it, and the server knows each one', () => {
    const surveys = fixtureSurveys();
    const matchesOne = (path: string) =>
      Object.values(ROUTES).some((route: Route) => matchRoute(route, path) !== null);
    for (const survey of surveys.values() as Iterable<ResolvedSurvey>)
      for (const lang of ['en', 'cy'] as const) {
        const pages = enumeratePaths(survey).flatMap((path) => path.pages);
        const targets = ['start', 'finish', 'timeout', ...pages];
        for (const path of targets.map((target) => surveyPath(lang, survey, target))) {
          expect({ path, table: matchesOne(path) }).toEqual({ path, table: true });
          expect({ path, server: classifyPath(path, surveys).kind }).toEqual({
            path,
            server: 'app',
          });
        }
        for (const page of pages)
          expect(matchRoute(ROUTES.skip, skipPath(lang, survey, page))).toEqual({
            lang,
            survey: survey.id,
            page,
          });
      }
    expect(classifyPath(pathTo(ROUTES.cookies, { lang: 'cy' }), surveys).kind).toBe('app');
    expect(classifyPath('/fr/cookies', surveys).kind).toBe('not-found');
  });
});
