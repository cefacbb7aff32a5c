// A rolling deploy: the previous release's build (scripts/previous-release.ts) serving on a
// database, then this release started on the same database, migrating it while the old one
// serves; submissions and a no-JavaScript journey alternate between them, page by page, and
// nothing is lost. Skipped, saying why, without TEST_DATABASE_URL or when the previous release's
// commit is not in this clone. Its first run builds that release (a few minutes; reused after).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enumeratePaths,
  findPage,
  pageFields,
  prepareSubmission,
  type ResolvedSurvey,
} from '../../engine';
import { buildServer, loadDefinitions } from '../../server/app';
import { openPostgresStore, type StartEvent } from '../../server/storage/postgres';
import { freeLocalPort } from '../../scripts/pg-cluster';
import { commitOf } from '../../scripts/preview-ref';
import { previousReleaseBuild, previousReleaseRef } from '../../scripts/previous-release';
import { ownSchema } from './postgres-schema';

const KEY = 'two-releases-key-0123456789';
const SECRET = randomBytes(32).toString('base64url');
const databaseUrl = process.env.TEST_DATABASE_URL;

const why = !databaseUrl
  ? 'TEST_DATABASE_URL is not set'
  : (() => {
      try {
        commitOf(previousReleaseRef());
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    })();
if (why) console.warn(`rolling-deploy test skipped: ${why}`);

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedback-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>T</title></head><body><div id="root"></div><!--app-data--></body></html>',
  );
  return dir;
}

const schemaVersion = async (url: string) => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]
      ?.version;
  } finally {
    await db.end();
  }
};

describe.skipIf(why)('two releases on one database (a rolling deploy)', () => {
  let url: string;
  let old: ChildProcess | undefined;
  let current: FastifyInstance | undefined;
  const bases: string[] = [];
  let surveys: Map<string, ResolvedSurvey>;
  let versions: { before?: number; after?: number };
  let oldSealsDrafts = false;

  beforeAll(async () => {
    const build = previousReleaseBuild(console.log);
    if ('missing' in build) throw new Error(build.missing);
    // A release before drafts were sealed (server/storage/draft-seal.ts) cannot read a draft
    // this one writes: across that one change a draft goes on from the old release to the new
    // one only (docs/operations.md, 'Deploying one instance at a time').
    oldSealsDrafts = existsSync(join(build.dir, 'server', 'storage', 'draft-seal.ts'));
    url = await ownSchema(databaseUrl!, 'test_two_releases');
    surveys = await loadDefinitions();
    // The previous release, serving.
    const oldPort = await freeLocalPort();
    old = spawn(process.execPath, ['dist-node/main.js'], {
      cwd: build.dir,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: '',
        PORT: String(oldPort),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        TEAM_SECRET: SECRET,
        API_KEYS: KEY,
        RATE_LIMIT_MAX: '0',
        SUBMISSIONS_PER_MINUTE_MAX: '0',
        LOG_LEVEL: 'error',
      },
    });
    const oldBase = `http://127.0.0.1:${oldPort}`;
    for (let tries = 0; ; tries++) {
      const status = await fetch(`${oldBase}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 600) throw new Error('the previous release did not become ready');
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const before = await schemaVersion(url);
    // This release, started beside it: it migrates the database the old one is using.
    current = await buildServer({
      surveys,
      databaseUrl: url,
      apiKeys: [KEY],
      teamSecret: SECRET,
      staticDir: dist(),
      serverEntry: resolve('src/entry-server.tsx'),
      rateLimit: false,
      submissionsPerMinute: false,
      retentionMonths: false,
    });
    bases.push(oldBase, await current.listen({ port: 0, host: '127.0.0.1' }));
    versions = { before, after: await schemaVersion(url) };
  }, 900_000);

  afterAll(async () => {
    old?.kill('SIGTERM');
    await current?.close();
  });

  it('this release migrates the database while the previous one serves on it', async () => {
    expect(versions.after).toBeGreaterThan(versions.before!);
    expect((await fetch(`${bases[0]}/readyz`)).status).toBe(200);
    expect((await fetch(`${bases[1]}/readyz`)).status).toBe(200);
  });

  it('submissions alternating between the releases are all stored', async () => {
    const survey = [...surveys.values()].find((s) => s.layout !== 'single')!;
    const path = enumeratePaths(survey, 1)[0]!;
    const body = JSON.stringify(prepareSubmission(survey, path.answers));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${bases[i % 2]}/api/feedback`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': KEY,
            'idempotency-key': `two-releases-run-${String(i).padStart(4, '0')}`,
          },
          body,
        }).then(async (r) => ({ status: r.status, id: ((await r.json()) as { id: string }).id })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    const store = await openPostgresStore(url);
    try {
      for (const { id } of answers) expect(await store.has(id)).toBe(true);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('a journey without JavaScript across the two releases, its pages taken in turn where the old one reads the new drafts, is stored once', async () => {
    const survey = [...surveys.values()].find((s) => s.layout !== 'single')!;
    const path = enumeratePaths(survey, 1)[0]!;
    // Taken in turn; or, from a release that cannot read this one's drafts, the old release's
    // Start and then this release's pages.
    const release = (at: number) => (oldSealsDrafts ? at % 2 : Math.min(at, 1));
    const form = (url: string, at: number, fields: URLSearchParams) =>
      fetch(`${bases[release(at)]}${url}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
    const count = async () => {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: string }>(
          'SELECT COUNT(*) AS n FROM feedback WHERE survey_id = $1 AND submission_key IS NULL',
          [survey.id],
        );
        return Number(rows[0]!.n);
      } finally {
        await db.end();
      }
    };
    const before = await count();
    // Start on the previous release, then each page on the other release from the one before.
    let at = 0;
    let location = (await form(`/en/${survey.id}`, at, new URLSearchParams())).headers.get(
      'location',
    )!;
    for (const id of path.pages) {
      expect(new URL(location, 'http://x').pathname).toBe(`/en/${survey.id}/${id}`);
      const page = findPage(survey, id)!;
      const names = pageFields(page).map((f) => f.name);
      const fields = new URLSearchParams();
      for (const [name, value] of Object.entries(path.answers))
        if (names.some((field) => name === field || name.startsWith(field)))
          for (const one of [value].flat()) fields.append(name, String(one));
      at += 1;
      const answer = await form(location, at, fields);
      expect(answer.status, `page ${id} on release ${release(at) ? 'new' : 'old'}`).toBe(303);
      location = answer.headers.get('location')!;
    }
    expect(location).toBe(`/en/${survey.id}/finish`);
    expect(await count()).toBe(before + 1);
  }, 120_000);
});

describe.skipIf(!databaseUrl)('this release on a schema a newer release migrated', () => {
  it('starts, saying so, instead of refusing (a rollback during a deploy)', async () => {
    const url = await ownSchema(databaseUrl!, 'test_newer_schema');
    const first = await openPostgresStore(url);
    await first.close();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query('UPDATE schema_version SET version = version + 1');
    const newer = Number((await db.query('SELECT version FROM schema_version')).rows[0].version);
    await db.end();
    const events: StartEvent[] = [];
    const store = await openPostgresStore(url, { onStart: (event) => events.push(event) });
    try {
      expect(events).toContainEqual({
        event: 'schema newer than this release',
        version: newer,
        known: newer - 1,
      });
      expect(await store.count()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
