import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/storage/postgres';
import { answersContain } from '../../server/storage/search-sql';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { API_KEY, testServer, validBody } from '../server/fixtures';
import { ownSchema } from '../server/postgres-schema';

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 2, d, h));

async function seed(store: StoreWithTeam) {
  const save = (surveyId: string, d: number, answers: Record<string, string>, lang?: 'en' | 'cy') =>
    store.save({ surveyId, definitionHash: 'h', receivedAt: day(d), answers, lang });
  const a = await save('one', 1, { howSatisfied: '5', howToImprove: 'Faster ID checks' }, 'en');
  const b = await save('one', 2, { howSatisfied: '2', email: 'x@example.com' }, 'cy');
  const c = await save('one', 3, { howSatisfied: '5', howToImprove: 'email me' });
  const d = await save('two', 4, { howSatisfied: '4' }, 'en');
  return { a: a.id, b: b.id, c: c.id, d: d.id };
}

async function behavesAsATeamStore(store: StoreWithTeam) {
  const team = store.team;
  const ids = await seed(store);
  const find = async (filter: Parameters<typeof team.findFeedback>[0]) =>
    (await team.findFeedback(filter, { limit: 10, offset: 0 })).map((r) => r.id);

  // Language is stored; a record saved without one is unknown.
  expect((await team.getFeedback(ids.a))?.lang).toBe('en');
  expect((await team.getFeedback(ids.c))?.lang).toBeNull();
  expect(await team.getFeedback('not-a-uuid')).toBeUndefined();

  // Filters, newest first.
  expect(await find({ surveyId: 'one' })).toEqual([ids.c, ids.b, ids.a]);
  expect(await find({ surveyId: 'one', from: day(2), to: day(3) })).toEqual([ids.b]);
  expect(await find({ lang: 'en' })).toEqual([ids.d, ids.a]);
  expect(await find({ lang: 'unknown' })).toEqual([ids.c]);
  expect(await find({ answers: [{ field: 'howSatisfied', is: '5' }] })).toEqual([ids.c, ids.a]);
  expect(await find({ anyOf: ['email', 'firstName'] })).toEqual([ids.b]);
  // Several answers: all of them (AND), two of one field too.
  expect(
    await find({
      answers: [
        { field: 'howSatisfied', is: '5' },
        { field: 'howToImprove', holds: 'ID' },
      ],
    }),
  ).toEqual([ids.a]);
  expect(
    await find({
      answers: [
        { field: 'howSatisfied', is: '5' },
        { field: 'howSatisfied', is: '4' },
      ],
    }),
  ).toEqual([]);
  // Other answers: any answer but the listed options; one holding the option's label.
  expect(await find({ answers: [{ field: 'howSatisfied', otherThan: ['5', '4'] }] })).toEqual([
    ids.b,
  ]);
  expect(await find({ answers: [{ field: 'howToImprove', holds: 'ID' }] })).toEqual([ids.a]);
  expect(await find({ answers: [{ field: 'howToImprove', otherThan: [] }] })).toEqual([
    ids.c,
    ids.a,
  ]);
  // Any of several texts, in any case (a theme's first look).
  expect(await find({ anyText: ['FASTER', 'me'] })).toEqual([ids.c, ids.a]);
  expect(await find({ anyText: ['nowhere'] })).toEqual([]);
  // A theme count's rows: only the answers asked for, in that order, null where not answered.
  const byId = <T extends { id: string }>(rows: T[]) =>
    [...rows].sort((x, y) => x.id.localeCompare(y.id));
  expect(
    byId(await team.answersOf({ anyText: ['FASTER', 'me'] }, ['howToImprove', 'email'])),
  ).toEqual(
    byId([
      {
        id: ids.a,
        surveyId: 'one',
        receivedAt: day(1),
        lang: 'en',
        values: ['Faster ID checks', null],
      },
      { id: ids.c, surveyId: 'one', receivedAt: day(3), lang: null, values: ['email me', null] },
    ]),
  );
  expect(await team.answersOf({ lang: 'cy' }, ['email'])).toEqual([
    { id: ids.b, surveyId: 'one', receivedAt: day(2), lang: 'cy', values: ['x@example.com'] },
  ]);
  expect(await team.answersOf({ surveyId: 'two' }, [])).toEqual([
    { id: ids.d, surveyId: 'two', receivedAt: day(4), lang: 'en', values: [] },
  ]);

  // Themes: unique names, terms in each language.
  const slow = await team.addTheme({
    name: 'Slow',
    terms: { en: ['slow', 'delay*'], cy: ['araf'] },
  });
  expect(slow?.name).toBe('Slow');
  expect(await team.addTheme({ name: 'Slow', terms: { en: ['x'], cy: [] } })).toBeUndefined();
  const other = (await team.addTheme({ name: 'Cost', terms: { en: [], cy: ['pris'] } }))!;
  expect(await team.updateTheme({ ...other, name: 'Slow' })).toBe(false);
  expect(
    await team.updateTheme({ ...other, name: 'Another', terms: { en: ['fee'], cy: [] } }),
  ).toBe(true);
  expect(await team.listThemes()).toEqual([
    { id: other.id, name: 'Another', terms: { en: ['fee'], cy: [] } },
    slow,
  ]);
  expect(await team.removeTheme(other.id)).toBe(true);
  expect(await team.removeTheme(other.id)).toBe(false);
  expect(await team.updateTheme({ ...other, name: 'Gone' })).toBe(false);
  // Text search looks in answers, not in field names ("email" is a key of b), any case.
  expect(await find({ text: 'EMAIL' })).toEqual([ids.c]);
  expect(await find({ text: 'id check' })).toEqual([ids.a]);
  expect(await find({ text: 'x@EXAMPLE' })).toEqual([ids.b]);
  // A viewer's search leaves the contact fields out, in every answer or in one.
  expect(await find({ text: 'example', textNotIn: ['email'] })).toEqual([]);
  expect(await find({ text: 'example', textIn: 'email', textNotIn: ['email'] })).toEqual([]);
  expect(await find({ text: 'faster', textNotIn: ['email', 'firstName'] })).toEqual([ids.a]);
  // Characters a pattern would treat as wildcards or escapes are only themselves.
  for (const text of ['%', '_', '\\', 'faster_id']) expect(await find({ text })).toEqual([]);
  // Never across two answers (a's are '5' and 'Faster ID checks').
  expect(await find({ text: '5\nfaster' })).toEqual([]);
  expect(await team.countFeedback({ surveyId: 'one', lang: 'cy' })).toBe(1);
  expect(await team.countFeedback({})).toBe(4);
  expect((await team.findFeedback({}, { limit: 2, offset: 2 })).map((r) => r.id)).toEqual([
    ids.b,
    ids.a,
  ]);

  // The figures' counts, done by the database.
  const counted = await team.tallyFeedback({ surveyId: 'one' }, ['howSatisfied', 'email']);
  const sorted = <T>(rows: T[]) =>
    [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  expect(sorted(counted.byLang)).toEqual(
    sorted([
      { lang: 'en', n: 1 },
      { lang: 'cy', n: 1 },
      { lang: null, n: 1 },
    ]),
  );
  expect(sorted(counted.byDay)).toEqual(
    sorted([
      { day: '2026-03-01', n: 1 },
      { day: '2026-03-02', n: 1 },
      { day: '2026-03-03', n: 1 },
    ]),
  );
  expect(sorted(counted.answers)).toEqual(
    sorted([
      { field: 'howSatisfied', value: '5', n: 2 },
      { field: 'howSatisfied', value: '2', n: 1 },
      { field: 'email', value: 'x@example.com', n: 1 },
    ]),
  );
  expect((await team.tallyFeedback({ surveyId: 'one', lang: 'cy' }, [])).answers).toEqual([]);
  // A segment (an answer, any survey) is counted from the responses, with the same figures.
  const segment = await team.tallyFeedback({ answers: [{ field: 'howSatisfied', is: '5' }] }, [
    'howSatisfied',
    'howToImprove',
  ]);
  expect(sorted(segment.byLang)).toEqual(
    sorted([
      { lang: 'en', n: 1 },
      { lang: null, n: 1 },
    ]),
  );
  expect(sorted(segment.byDay)).toEqual(
    sorted([
      { day: '2026-03-01', n: 1 },
      { day: '2026-03-03', n: 1 },
    ]),
  );
  expect(sorted(segment.answers)).toEqual(
    sorted([
      { field: 'howSatisfied', value: '5', n: 2 },
      { field: 'howToImprove', value: 'Faster ID checks', n: 1 },
      { field: 'howToImprove', value: 'email me', n: 1 },
    ]),
  );
  const english = await team.tallyFeedback({ surveyId: 'one', lang: 'en' }, ['howSatisfied']);
  expect(english).toEqual({
    byLang: [{ lang: 'en', n: 1 }],
    byDay: [{ day: '2026-03-01', n: 1 }],
    answers: [{ field: 'howSatisfied', value: '5', n: 1 }],
  });

  // Tags: apply (twice is once), filter, list per response, removed with the response.
  const delays = await team.addTag(' delays ');
  expect(await team.listTags()).toEqual([{ id: delays.id, name: 'delays' }]);
  await team.tag(ids.a, delays.id);
  await team.tag(ids.a, delays.id);
  await team.tag(ids.b, delays.id);
  expect(await find({ tagId: delays.id })).toEqual([ids.b, ids.a]);
  expect((await team.tagsOf([ids.a, ids.c])).get(ids.a)).toEqual([delays.id]);
  await team.untag(ids.b, delays.id);
  expect(await find({ tagId: delays.id })).toEqual([ids.a]);
  expect(await team.deleteFeedback(ids.a)).toBe(true);
  expect(await team.deleteFeedback(ids.a)).toBe(false);
  expect(await team.countFeedback({ tagId: delays.id })).toBe(0);

  // Members, passkeys, sessions: removing a member signs them out.
  const now = day(10);
  const admin = await team.addMember('Admin@Example.gov.uk', 'admin', now);
  expect(await team.memberByEmail('admin@example.gov.uk')).toEqual(admin);
  await team.setRole(admin.id, 'analyst');
  expect((await team.getMember(admin.id))?.role).toBe('analyst');
  await team.addCredential({
    id: 'cred-1',
    memberId: admin.id,
    publicKey: 'pk',
    counter: 2 ** 32 - 1,
    transports: ['internal'],
  });
  await team.setCounter('cred-1', 2 ** 32);
  expect(await team.credential('cred-1')).toMatchObject({
    counter: 2 ** 32,
    transports: ['internal'],
  });
  await team.addSession({ idHash: 's1', memberId: admin.id, created: now, lastSeen: now });
  await team.touchSession('s1', day(10, 1));
  expect((await team.session('s1'))?.lastSeen).toEqual(day(10, 1));
  // Whether a session began with single sign-on (signing out then goes to the provider too).
  expect((await team.session('s1'))?.sso).toBe(false);
  await team.addSession({
    idHash: 's2',
    memberId: admin.id,
    created: now,
    lastSeen: now,
    sso: true,
  });
  expect((await team.session('s2'))?.sso).toBe(true);
  await team.removeMember(admin.id);
  expect(await team.session('s1')).toBeUndefined();
  expect(await team.credentialsOf(admin.id)).toEqual([]);
  expect(await team.listMembers()).toEqual([]);

  // Session expiry: idle or too old.
  const m = await team.addMember('v@example.gov.uk', 'viewer', now);
  await team.addSession({
    idHash: 'idle',
    memberId: m.id,
    created: day(10, 5),
    lastSeen: day(10, 5),
  });
  await team.addSession({ idHash: 'old', memberId: m.id, created: day(10), lastSeen: day(10, 9) });
  await team.addSession({
    idHash: 'live',
    memberId: m.id,
    created: day(10, 5),
    lastSeen: day(10, 9),
  });
  expect(await team.removeExpiredSessions(day(10, 8), day(10, 1))).toBe(2);
  expect(await team.session('live')).toBeDefined();

  // Invitations work once and only before they expire.
  await team.addInvitation({
    tokenHash: 't1',
    email: 'n@example.gov.uk',
    role: 'viewer',
    expires: day(11),
  });
  expect(await team.useInvitation('t1', day(11, 1))).toBe(false);
  expect(await team.useInvitation('t1', day(10))).toBe(true);
  expect(await team.useInvitation('t1', day(10))).toBe(false);
  expect((await team.invitation('t1'))?.used).toBe(true);

  // A WebAuthn challenge is accepted once; answered ones are forgotten after they expire.
  expect(await team.useChallenge('c1', day(10, 1))).toBe(true);
  expect(await team.useChallenge('c1', day(10, 1))).toBe(false);
  expect(await team.useChallenge('c2', day(10, 3))).toBe(true);
  expect(await team.purgeUsedChallenges(day(10, 2))).toBe(1);
  expect(await team.useChallenge('c1', day(10, 1))).toBe(true);
  expect(await team.useChallenge('c2', day(10, 3))).toBe(false);

  // A single sign-on under way is taken once, and not after it expires.
  const pending = {
    state: 's',
    nonce: 'n',
    codeVerifier: 'v',
    lang: 'cy' as const,
    expires: day(10, 1),
  };
  await team.addSsoPending({ ...pending, idHash: 'p1' });
  await team.addSsoPending({ ...pending, idHash: 'p2' });
  await team.addSsoPending({ ...pending, idHash: 'p3', expires: day(10, 3) });
  expect(await team.takeSsoPending('p1', day(10))).toEqual({ ...pending, idHash: 'p1' });
  expect(await team.takeSsoPending('p1', day(10))).toBeUndefined();
  expect(await team.takeSsoPending('p2', day(10, 1))).toBeUndefined();
  expect(await team.purgeSsoPending(day(10, 2))).toBe(0);
  expect(await team.purgeSsoPending(day(10, 4))).toBe(1);
  expect(await team.takeSsoPending('p3', day(10))).toBeUndefined();

  // Audit: newest first, purged by age.
  await team.audit({ memberId: m.id, action: 'sign-in', at: day(1), target: null });
  await team.audit({ memberId: m.id, action: 'view-contact', at: day(5), target: ids.b });
  expect((await team.auditLog({ limit: 10, offset: 0 })).map((e) => e.action)).toEqual([
    'view-contact',
    'sign-in',
  ]);
  expect(await team.purgeAudit(day(2))).toBe(1);
}

/**
 * Text as respondents type it: quotes, line breaks, Welsh letters, upper case. `welshCase`:
 * Ŵ is found as ŵ too (PostgreSQL does it as the database's locale does, so not checked there).
 */
async function findsTextAsTyped(store: StoreWithTeam, welshCase: boolean) {
  const saved = await store.save({
    surveyId: 'one',
    definitionHash: 'h',
    receivedAt: day(1),
    answers: {
      howToImprove: 'Roedd y "ffurflen" yn hir\nOND yn glir. Ŵyr a ŷd',
      other: 'tab\there',
      home: 'Tŷ â ŵyn ŵŷ, 100%_ok',
    },
  });
  await store.save({
    surveyId: 'one',
    definitionHash: 'h',
    receivedAt: day(2),
    answers: { howToImprove: 'Dim byd' },
  });
  const find = async (text: string) =>
    (await store.team.findFeedback({ text }, { limit: 10, offset: 0 })).map((r) => r.id);
  const typed = ['"ffurflen"', 'hir\nond', 'Ŵyr a ŷd', 'OND YN GLIR', 'tab\th', 'y "f'];
  // Capitals of three Welsh letters at once.
  if (welshCase) typed.push('ŵyr A Ŷd', 'ŵYR', '"FFURFLEN" YN HIR\nond yn glir. ŵ', 'TŶ Â ŴYN');
  // Four Welsh capitals (more spellings than SQLite looks for one by one), and LIKE's own signs.
  if (welshCase) typed.push('Â ŴYN ŴŶ', '0%_OK');
  for (const text of typed) expect(await find(text), text).toEqual([saved.id]);
  for (const text of ['ŷyr', 'â ŵyn ŷŵ', '1_0', '0%%', 'dim_byd'])
    expect(await find(text), text).toEqual([]);
  // In one answer only: "tab" is in `other`, not in `howToImprove`.
  const findIn = async (text: string, textIn: string) =>
    (await store.team.findFeedback({ text, textIn }, { limit: 10, offset: 0 })).map((r) => r.id);
  expect(await findIn('tab', 'howToImprove')).toEqual([]);
  expect(await findIn('TAB', 'other')).toEqual([saved.id]);
  expect(await findIn('hir\nond', 'howToImprove')).toEqual([saved.id]);
  expect(await findIn('hir\nond', 'other')).toEqual([]);
  // A JSON escape is not what was typed: the stored JSON has \" and \n, the answer has neither.
  for (const text of ['\\"', '\\n', 'howToImprove']) expect(await find(text), text).toEqual([]);
}

let stores: StoreWithTeam[] = [];
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

describe('team store on SQLite', () => {
  it('stores and queries members, sessions, invitations, audit, tags and filtered feedback', async () => {
    const store = openSqliteStore(':memory:');
    stores.push(store);
    await behavesAsATeamStore(store);
  });

  it('finds answers with quotes, line breaks and Welsh letters as typed', async () => {
    const store = openSqliteStore(':memory:');
    stores.push(store);
    await findsTextAsTyped(store, true);
  });

  it('migrates a version-1 file: existing rows keep their answers and have an unknown language', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-store-')), 'feedback.sqlite');
    const raw = new Database(file);
    raw.exec(`CREATE TABLE feedback (id TEXT PRIMARY KEY, survey_id TEXT NOT NULL,
      definition_hash TEXT NOT NULL, received_at TEXT NOT NULL, answers TEXT NOT NULL);
      CREATE INDEX feedback_received_at ON feedback (received_at);`);
    raw
      .prepare('INSERT INTO feedback VALUES (?, ?, ?, ?, ?)')
      .run('00000000-0000-4000-8000-000000000001', 's', 'h', day(1).toISOString(), '{"a":"1"}');
    raw.pragma('user_version = 1');
    raw.close();
    const store = openSqliteStore(file);
    stores.push(store);
    expect(await store.list()).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        surveyId: 's',
        definitionHash: 'h',
        receivedAt: day(1),
        answers: { a: '1' },
        lang: null,
      },
    ]);
  });

  it('answers the per-survey date-range queries from an index', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'team-store-')), 'feedback.sqlite');
    openSqliteStore(file).close();
    const raw = new Database(file);
    const plan = raw
      .prepare(
        // As the store asks (team-sql.ts `where`): test submissions left out (the index holds `test`).
        'EXPLAIN QUERY PLAN SELECT * FROM feedback WHERE NOT test AND survey_id = ? AND received_at >= ? ORDER BY received_at DESC LIMIT 20',
      )
      .all('s', '2026') as { detail: string }[];
    raw.close();
    expect(plan.map((p) => p.detail).join('\n')).toContain('feedback_survey_received');
  });
});

// Needs a real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run these.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('team store on PostgreSQL', () => {
  let postgresUrl: string;
  beforeAll(async () => {
    postgresUrl = await ownSchema(databaseUrl!, 'test_team_storage');
  });

  it('stores and queries members, sessions, invitations, audit, tags and filtered feedback', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin
      .query(
        'TRUNCATE feedback, team_member, team_credential, team_invitation, team_session, team_audit, team_tag, team_response_tag, team_used_challenge, team_sso_pending, feedback_word',
      )
      .catch(() => undefined);
    await admin.end();
    const store = await openPostgresStore(postgresUrl);
    stores.push(store);
    await store.team.findFeedback({}, { limit: 1, offset: 0 });
    await behavesAsATeamStore(store);
  });

  it('finds answers with quotes, line breaks and Welsh letters as typed', async () => {
    const store = await openPostgresStore(postgresUrl);
    stores.push(store);
    await store.deleteOlderThan(new Date('9999-01-01'));
    await findsTextAsTyped(store, false);
  });

  it('searches answers through a trigram index when pg_trgm can be had', async () => {
    const store = await openPostgresStore(postgresUrl);
    stores.push(store);
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const available = await client.query(
        "SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'",
      );
      if (!available.rowCount) return; // a server without the contrib extensions
      await client.query('SET enable_seqscan = off');
      // The search as the store runs it; its candidates are checked against the text kept in
      // the row, not a text joined again from each row's JSON (most of a common word's count).
      const search = answersContain('postgres', 'slow');
      let n = 0;
      const plan = await client.query(
        `EXPLAIN SELECT id FROM feedback WHERE ${search.clause.replace(/\?/g, () => `$${++n}`)}`,
        search.params,
      );
      const text = plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('feedback_answer_text_trgm_kept');
      expect(text).not.toContain('feedback_answer_text(answers)');
    } finally {
      await client.end();
    }
  });
});

describe('the respondent language header', () => {
  it('is stored when it says en or cy, and stored as unknown otherwise', async () => {
    let tick = 0;
    const { app, store } = await testServer({
      clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
    });
    try {
      for (const lang of ['cy', ' EN ', 'fr', undefined]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: {
            'content-type': 'application/json',
            'x-api-key': API_KEY,
            ...(lang === undefined ? {} : { 'content-language': lang }),
          },
          payload: JSON.stringify(validBody()),
        });
        expect(response.statusCode).toBe(201);
      }
      expect((await store.list()).map((r) => r.lang)).toEqual(['cy', 'en', null, null]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
