// Bad input is a 4xx with a page (issue 32 item 6): a NUL or other control character in any team
// input was a 500 on PostgreSQL (it refuses NUL in text) and could be stored on SQLite; a huge
// page number was a 500 on both; the refused export was a bare text/plain answer. Checked on
// every route the server registers, so a route added later is covered too.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, openWorldStore, world, type World } from './scope-world';

const NUL = '\u0000';

/** Path parameters by name, as the route test fills them; with a control character for `bad`. */
function fill(url: string, w: World, bad = false): string {
  const values: Record<string, string> = {
    survey: 'scope-fixture',
    field: 'howToImprove',
    responseId: w.ids.person,
    themeId: w.ids.wordTheme,
    tagId: w.ids.tag,
    noteId: w.ids.note,
    memberId: w.ids.member,
    invitationHash: w.ids.invitation,
    '*': 'no-such-page',
  };
  return url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`${url}: no value for "${name}"`);
    return encodeURIComponent(bad ? `${value}${NUL}` : value);
  });
}

/** A refusal page: the status, HTML in the language asked for, a title saying Error, a link on. */
function refusedWithAPage(
  response: Awaited<ReturnType<FastifyInstance['inject']>>,
  lang: 'en' | 'cy',
): string[] {
  const problems: string[] = [];
  if (response.statusCode !== 400) problems.push(`status ${response.statusCode}`);
  if (!String(response.headers['content-type']).startsWith('text/html')) problems.push('not HTML');
  if (!response.body.includes(`<html lang="${lang}"`)) problems.push(`not in ${lang}`);
  if (!/<title>(Error|Gwall): /.test(response.body)) problems.push('no Error title');
  if (!/<main[^>]*>.*<a class="govuk-link" href="\/team[^"]*"/s.test(response.body))
    problems.push('no way on');
  return problems;
}

function suite(name: string, postgres?: string) {
  describe(name, () => {
    let w: World;
    beforeAll(async () => {
      w = await world(await openWorldStore(postgres), { contact: ALICE, typed: ALICE });
    }, 120_000);
    afterAll(async () => {
      await w.app.close();
      await w.store.close();
    });

    it('a control character in any query, path part or form field is refused with a page', async () => {
      const found: string[] = [];
      for (const route of w.app.teamRoutes!) {
        if (route.method !== 'GET' && route.method !== 'POST') continue;
        for (const lang of ['en', 'cy'] as const) {
          const asks = [
            { url: `${fill(route.url, w)}?q=x${encodeURIComponent(NUL)}&lang=${lang}`, form: {} },
            { url: `${fill(route.url, w)}?answer=howSatisfied%3A2%07&lang=${lang}`, form: {} },
            ...(route.url.includes(':') || route.url.includes('*')
              ? [{ url: `${fill(route.url, w, true)}?lang=${lang}`, form: {} }]
              : []),
            ...(route.method === 'POST'
              ? [
                  {
                    url: `${fill(route.url, w)}?lang=${lang}`,
                    form: { name: `a${NUL}b`, termsEn: 'x\u001by' },
                  },
                ]
              : []),
          ];
          for (const ask of asks) {
            const response =
              route.method === 'GET'
                ? await w.app.inject({
                    method: 'GET',
                    url: ask.url,
                    headers: { cookie: cookieOf(w) },
                  })
                : await w.as.admin.post(ask.url, ask.form as Record<string, string>);
            const json = /\/(options|verify)$/.test(route.url);
            const problems = json
              ? response.statusCode === 400
                ? []
                : [`status ${response.statusCode}`]
              : refusedWithAPage(response, lang);
            if (problems.length) found.push(`${route.method} ${ask.url}: ${problems.join(', ')}`);
          }
        }
      }
      expect(found).toEqual([]);
      // Signed out too: refused before the sign-in is asked for.
      const response = await w.app.inject({ method: 'GET', url: '/team/responses?q=%00' });
      expect(refusedWithAPage(response, 'en')).toEqual([]);
    }, 300_000);

    it('the JSON endpoints refuse a control character with a 400', async () => {
      for (const url of ['/team/sign-in/verify', '/team/enrol/verify', '/team/enrol/options']) {
        const response = await w.app.inject({
          method: 'POST',
          url,
          payload: { token: `x${NUL}`, response: { id: `id${NUL}` } },
        });
        expect(response.statusCode, url).toBe(400);
      }
    });

    it('nothing with a control character is stored: a theme, a tag, an invitation', async () => {
      const admin = w.as.admin;
      const themes = await w.store.team.listThemes();
      expect(
        (await admin.post('/team/themes', { name: 'Bad', termsEn: `slow${NUL}` })).statusCode,
      ).toBe(400);
      expect(await w.store.team.listThemes()).toEqual(themes);
      expect((await admin.post('/team/tags', { name: `Bad${NUL}` })).statusCode).toBe(400);
      expect((await w.store.team.listTags()).map((t) => t.name)).toEqual(['Follow up']);
      const invited = (await w.store.team.pendingInvitations(new Date())).length;
      expect(
        (await admin.post('/team/members', { email: `a${NUL}@example.gov.uk`, role: 'viewer' }))
          .statusCode,
      ).toBe(400);
      expect(await w.store.team.pendingInvitations(new Date())).toHaveLength(invited);
      // And the pages that read themes still work.
      expect((await admin.get('/team/themes')).status).toBe(200);
    });

    it('a page number past any page is the last page, not a failure', async () => {
      for (const url of [
        '/team/audit?page=184467440737095516',
        '/team/responses?page=184467440737095516',
        '/team/questions/scope-fixture/howToImprove?page=99999999999999999999',
        `/team/themes/${w.ids.wordTheme}?page=1e400`,
      ])
        expect((await w.as.admin.get(url)).status, url).toBe(200);
    });

    it('a refused export is a page in the member’s language, back to the list with its filter', async () => {
      for (const lang of ['en', 'cy'] as const) {
        const response = await w.app.inject({
          method: 'GET',
          url: `/team/export.csv?from=bad&survey=scope-fixture&lang=${lang}`,
          headers: { cookie: cookieOf(w) },
        });
        expect(refusedWithAPage(response, lang)).toEqual([]);
        const back = `/team/responses?from=bad&amp;survey=scope-fixture${lang === 'cy' ? '&amp;lang=cy' : ''}`;
        expect(response.body).toContain(`href="${back}"`);
      }
    });
  });
}

/** The admin's session cookie in world `w` (as helpers.signedIn made it). */
const cookieOf = (w: World) => `team_session=session-${w.as.admin.member.id}`;

suite('SQLite');
if (process.env.TEST_DATABASE_URL) suite('PostgreSQL', 'bad_input');
