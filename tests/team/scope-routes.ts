// What a role may not see it may not find out by filtering, searching, sorting or counting
// (issue 32 item 2), checked on every team route the server registers: the list is taken from
// the server itself, so a route added later is covered by this same test. Each GET route is asked
// with each probe by each role in two worlds that differ only in what that role may not see;
// the pages must be the same (ids aside), status and every number included, or a refusal (4xx)
// for both.
//
// - A viewer may not see contact details: world A's respondent gave Alice's, world B's gave none
//   and typed Bob's in the free text instead of Alice's. A probe naming Alice is right in A and
//   wrong in B.
// - An analyst and an admin see contact details but not the text masked when it was stored:
//   worlds D and C have the same contact details (Alice's), and the free text typed Alice's
//   details in D and Bob's in C.
//
// The suite is run on SQLite by scope-routes-sqlite.test.ts and on PostgreSQL by
// scope-routes-postgres.test.ts: two files, so that two workers can take them at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/storage/team-types';
import {
  ALICE,
  BOB,
  openWorldStore,
  SCOPE_SURVEY,
  world,
  type Person,
  type World,
} from './scope-world';

/** Path parameters by name. A route with a name not here fails the test: add its values. */
const PARAMS: Record<string, (w: World) => string[]> = {
  survey: () => [SCOPE_SURVEY],
  field: () => ['howToImprove', 'howSatisfied', 'reasons', 'reasonsOther', 'email'],
  responseId: (w) => [w.ids.person],
  themeId: (w) => [w.ids.wordTheme, w.ids.phraseTheme],
  tagId: (w) => [w.ids.tag],
  noteId: (w) => [w.ids.note],
  memberId: (w) => [w.ids.member],
  invitationHash: (w) => [w.ids.invitation],
  '*': () => ['no-such-page'],
};

/** The route's addresses with its parameters filled in; throws for a parameter not in PARAMS. */
function addresses(url: string, w: World): string[] {
  const names = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  let found = [url];
  for (const name of names) {
    const values = PARAMS[name];
    if (!values) throw new Error(`${url}: no values for the path parameter "${name}"`);
    const pattern = name === '*' ? '*' : `:${name}`;
    found = found.flatMap((u) => values(w).map((v) => u.replace(pattern, encodeURIComponent(v))));
  }
  return found;
}

/** Probes: queries naming a hidden value (Alice's), in every place a page reads one. */
function probes(p: Person): string[] {
  const s = `survey=${SCOPE_SURVEY}`;
  const e = encodeURIComponent;
  return [
    ...[p.email, p.email.split('@')[0]!, p.firstName, p.lastName, p.phone].map(
      (v) => `${s}&q=${e(v)}`,
    ),
    ...(['email', 'firstName', 'lastName', 'phone'] as const).map(
      (name) => `${s}&answer=${e(`${name}:${p[name]}`)}`,
    ),
    `${s}&contact=yes`,
    `${s}&answer=howSatisfied%3A2&answer=${e(`email:${p.email}`)}`,
    `${s}&sort=email`,
    `${s}&sort=-phone&order=desc`,
    // A breakdown (a crosstab) by contact details or by what was typed.
    `${s}&score=howSatisfied&by=email`,
    `${s}&score=email&by=reasons`,
    // Without a survey: every survey's figures.
    `q=${e(p.email)}`,
    `answer=${e(`email:${p.email}`)}&contact=yes`,
  ];
}

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** A page as compared: ids (random in each world) as ID; the CSRF token is already taken out. */
const normal = (body: string) => body.replace(ID, 'ID');

interface Difference {
  role: Role;
  url: string;
  status: [number, number];
  /** Where the pages part, in each. */
  at: [string, string];
}

/** The two pages from the first place they differ. */
function parting(x: string, y: string): [string, string] {
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return [x.slice(Math.max(0, i - 40), i + 60), y.slice(Math.max(0, i - 40), i + 60)];
}

/** Asks both worlds for every GET route with every probe as `role`; the pages that differ. */
async function differences(role: Role, a: World, b: World): Promise<Difference[]> {
  const found: Difference[] = [];
  const only = process.env.SCOPE_ROUTES;
  const routes = a.app.teamRoutes!.filter(
    (r) => r.method === 'GET' && (!only || r.url.includes(only)),
  );
  for (const route of routes) {
    const [inA, inB] = [addresses(route.url, a), addresses(route.url, b)];
    for (const [i, path] of inA.entries())
      for (const probe of probes(ALICE)) {
        const url = `${path}?${probe}`;
        // Each world is asked in the same order; the two at once (a database round trip each).
        const [x, y] = await Promise.all([
          a.as[role].get(url),
          b.as[role].get(`${inB[i]}?${probe}`),
        ]);
        // A failure (5xx) is not a refusal: it too is a difference to fix.
        if (x.status >= 500 || x.status !== y.status || normal(x.body) !== normal(y.body))
          found.push({
            role,
            url: `${path}?${probe}`,
            status: [x.status, y.status],
            at: parting(normal(x.body), normal(y.body)),
          });
      }
  }
  return found;
}

/** The numbers a page shows (ids aside): what a count or a figure would change. */
const numbers = (body: string) => normal(body).match(/\d+/g)?.join(' ') ?? '';

/**
 * The routes on which an analyst's personal search or filter changes the page's numbers (right
 * value against a wrong one) without an audit entry naming it; and any audit entry holding a value.
 */
async function unaudited(w: World): Promise<string[]> {
  const found: string[] = [];
  const searches = async () =>
    (await w.store.team.auditLog({ limit: 100_000, offset: 0 })).filter(
      (e) => e.action === 'search-personal',
    );
  const routes = w.app.teamRoutes!.filter((r) => r.method === 'GET');
  const asks = [
    (v: string) => `q=${encodeURIComponent(v)}`,
    (v: string) => `answer=${encodeURIComponent(`email:${v}`)}`,
  ];
  for (const route of routes)
    for (const path of addresses(route.url, w))
      for (const ask of asks) {
        const at = (v: string) => `${path}?survey=${SCOPE_SURVEY}&${ask(v)}`;
        const before = (await searches()).length;
        const right = await w.as.analyst.get(at(ALICE.email));
        const audited = (await searches()).length > before;
        const wrong = await w.as.analyst.get(at('zed.nobody@example.net'));
        const changed =
          right.status !== wrong.status || numbers(right.body) !== numbers(wrong.body);
        if (changed && !audited) found.push(at('…'));
      }
  for (const entry of await w.store.team.auditLog({ limit: 100_000, offset: 0 }))
    for (const value of Object.values(ALICE))
      if (`${entry.target}`.includes(value)) found.push(`${entry.action}: ${entry.target}`);
  return found;
}

export function scopeSuite(name: string, postgres?: (world: string) => string) {
  describe(name, () => {
    // The viewer's worlds (A, B) and the analyst's and admin's (D like A, and C), so that each
    // pair has seen the same requests (the audit log is on a page too).
    const worlds: Record<'A' | 'B' | 'C' | 'D', World> = {} as never;
    beforeAll(async () => {
      // A search past its time budget (150 ms on SQLite) on a busy machine would make one world's
      // page differ from the other's by the clock alone; the budget is a speed, not a scope.
      process.env.SEARCH_BUDGET_MS = '60000';
      const make = async (key: keyof typeof worlds, contact: Person | undefined, typed: Person) =>
        (worlds[key] = await world(await openWorldStore(postgres?.(key)), { contact, typed }));
      // Each world its own store and server: made side by side.
      await Promise.all([
        make('A', ALICE, ALICE),
        make('B', undefined, BOB),
        make('C', ALICE, BOB),
        make('D', ALICE, ALICE),
      ]);
    }, 120_000);
    afterAll(async () => {
      delete process.env.SEARCH_BUDGET_MS;
      for (const w of Object.values(worlds)) {
        await w.app.close();
        await w.store.close();
      }
    });

    it('every route of the team area has values for its path parameters', () => {
      const routes = worlds.A.app.teamRoutes!;
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) expect(() => addresses(route.url, worlds.A)).not.toThrow();
    });

    it('a viewer gets the same pages whatever the contact details and typed text', async () => {
      expect(await differences('viewer', worlds.A, worlds.B)).toEqual([]);
    }, 300_000);

    it.each(['analyst', 'admin'] as const)(
      'an %s gets the same pages whatever was typed and masked',
      async (role) => {
        expect(await differences(role, worlds.D, worlds.C)).toEqual([]);
      },
      300_000,
    );

    // Last: it adds to world D's audit log only.
    it("an analyst's personal search or filter is audited on every page it changes, without its value", async () => {
      expect(await unaudited(worlds.D)).toEqual([]);
    }, 300_000);
  });
}
