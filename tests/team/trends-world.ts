// A team server over SQLite and, with TEST_DATABASE_URL, PostgreSQL, for the known-answer tests
// of the overview's trends, notes, UK days and unknown language (figures worked out by hand in
// each test, never read from the code under test).
import { afterEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ResolvedSurvey } from '../../engine';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { Lang } from '../../server/storage/record';
import type { StoreWithTeam } from '../../server/storage/types';
import type { Role } from '../../server/storage/team-types';
import { teamServerOptions } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';
import { signedIn } from './helpers';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The databases to run on: SQLite always, PostgreSQL when a test database is given. */
export const databases: [string, (schema: string) => Promise<StoreWithTeam>][] = [
  ['SQLite', async () => openSqliteStore(':memory:')],
  ...(postgresUrl
    ? ([
        [
          'PostgreSQL',
          async (schema: string) => openPostgresStore(await ownSchema(postgresUrl, schema)),
        ],
      ] as [string, (schema: string) => Promise<StoreWithTeam>][])
    : []),
];

let open: { app?: FastifyInstance; store?: StoreWithTeam } = {};
afterEach(async () => {
  await open.app?.close();
  await open.store?.close();
  open = {};
});

/** A team server on `store` with the clock at `now`, and a helper that stores responses. */
export async function world(
  store: StoreWithTeam,
  now: Date,
  surveys?: Map<string, ResolvedSurvey>,
) {
  open.store = store;
  const app = await buildServer({
    ...teamServerOptions(store, () => now),
    ...(surveys ? { surveys } : {}),
  });
  open.app = app;
  return {
    app,
    store,
    member: (role: Role) => signedIn(app, store, role, now),
    /** `times` responses to the fixture survey at `at` (an ISO time). */
    save: (
      at: string,
      answers: Record<string, string>,
      lang: Lang | null = 'en',
      times = 1,
      surveyId = 'fixture-pages',
    ) =>
      Promise.all(
        Array.from({ length: times }, () =>
          store.save({
            surveyId,
            definitionHash: 'h',
            receivedAt: new Date(at),
            answers: { serviceName: 'fixture-pages-service', ...answers },
            lang,
          }),
        ),
      ),
  };
}

/** A table's rows, cells joined with " | ", found by its caption (header row left out). */
export function tableRows(body: string, caption: string): string[] {
  const at = body.indexOf(`${caption}</caption>`);
  if (at < 0) return [];
  const table = body.slice(at, body.indexOf('</table>', at));
  return Array.from(table.matchAll(/<tr class="govuk-table__row">([\s\S]*?)<\/tr>/g), (m) =>
    Array.from(m[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g), (c) =>
      c[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
      .join(' | ')
      .trim(),
  ).slice(1);
}
