// Two small surveys (a multi-page one and a one-page one) resolved with the real shared blocks,
// so server tests do not depend on the production definitions.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import {
  resolveSurvey,
  type ResolvedSurvey,
  type SharedBlocks,
  type SurveyDefinition,
} from '../../engine/index';
import { buildServer, type ServerOptions } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';

const shared = sharedJson as unknown as SharedBlocks;
const t = (en: string) => ({ en, cy: `${en} (cy)` });

export const pagesDefinition: SurveyDefinition = {
  id: 'fixture-pages',
  serviceName: 'fixture-pages-service',
  title: t('Fixture survey'),
  duration: 5,
  theme: 'default',
  layout: 'pages',
  start: { heading: t('Give feedback'), paragraphs: [t('Start')], privacy: t('Privacy') },
  pages: [
    {
      id: 'q1',
      fields: [
        {
          name: 'howSatisfied',
          type: 'radios',
          scale: 'satisfaction',
          label: t('How satisfied?'),
          required: true,
        },
      ],
    },
    {
      id: 'q2',
      skip: 'q3',
      fields: [
        {
          name: 'howToImprove',
          type: 'textarea',
          label: t('How to improve?'),
          minLength: 2,
          maxLength: 1000,
        },
      ],
    },
    { id: 'q3', template: 'contact', fields: [] },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};

export const singleDefinition: SurveyDefinition = {
  id: 'fixture-single',
  serviceName: 'fixture-single-service',
  title: t('One page fixture'),
  duration: 1,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      submit: true,
      fields: [
        { name: 'howEasy', type: 'radios', scale: 'ease', label: t('How easy?'), required: true },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};

export function fixtureSurveys(): Map<string, ResolvedSurvey> {
  const surveys = [pagesDefinition, singleDefinition].map((definition) => ({
    ...resolveSurvey(structuredClone(definition), shared),
    hash: `hash-of-${definition.id}`,
  }));
  return new Map(surveys.map((survey) => [survey.id, survey]));
}

export const API_KEY = 'test-key-0123456789';

/** A body the fixture survey accepts. */
export const validBody = (extra: Record<string, string> = {}) => ({
  howSatisfied: '4',
  howToImprove: 'Make the form shorter please',
  serviceName: pagesDefinition.serviceName,
  ...extra,
});

/** A stand-in for the server-rendering bundle: every page it is asked for is a short page,
 *  the draft's state and the request shown in it (the real pages are tested in the browser). */
const FAKE_ENTRY = `export async function render(request, context) {
  const url = new URL(request.url);
  return { status: 200, html: '<p>' + request.method + ' ' + url.pathname + '</p>', title: 'Page',
    lang: url.pathname.startsWith('/cy') ? 'cy' : 'en', data: { state: context.state } };
}`;

/** A dist/ stand-in with index.html, hashed assets (a script, a stylesheet) and a server entry (entry-server.mjs). */
export function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedback-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), 'p{margin:0}.unused{color:red}');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dir, 'entry-server.mjs'), FAKE_ENTRY);
  return dir;
}

/** A server over fixture surveys, an in-memory store, a fake dist and no rate limit or cap unless asked. */
export async function testServer(options: ServerOptions = {}) {
  const store = options.store ?? openSqliteStore(':memory:');
  const app = await buildServer({
    surveys: fixtureSurveys(),
    store,
    apiKeys: [API_KEY],
    ...distOptions(fakeDist()),
    rateLimit: false,
    submissionsPerMinute: false,
    logger: false,
    ...options,
  });
  return { app, store };
}

/** A writable stream that keeps everything the logger writes. */
export function logCapture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Server options for a fake dist/ made by fakeDist(). */
export function distOptions(dir: string): { staticDir: string; serverEntry: string } {
  return { staticDir: dir, serverEntry: join(dir, 'entry-server.mjs') };
}

/** Options for a team-area test server on `store`: fixture surveys, no purge, no rate limit. */
export function teamServerOptions(store: ServerOptions['store'], clock: () => Date) {
  return {
    surveys: fixtureSurveys(),
    store,
    staticDir: fakeDist(),
    retentionMonths: false as const,
    rateLimit: false as const,
    clock,
  };
}
