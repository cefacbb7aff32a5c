// Every refusal is a whole page (issue 32): an unknown team address said "go to the overview from
// the menu" on a page with no menu, an unknown response showed a heading only, and a form sent
// without its security token got a bare "Forbidden". Each now says what happened and links on,
// in the member's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, openWorldStore, world, type World } from './scope-world';

let w: World;
beforeAll(async () => {
  w = await world(await openWorldStore(), { contact: ALICE, typed: ALICE });
});
afterAll(async () => {
  await w.app.close();
  await w.store.close();
});

/** The page's main content: heading, paragraphs and its links. */
function main(body: string) {
  const content = /<main[^>]*>(.*)<\/main>/s.exec(body)?.[1] ?? '';
  return {
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(content)?.[1],
    text: [...content.matchAll(/<p class="govuk-body">([^<]*)<\/p>/g)].map((m) => m[1]),
    links: [...content.matchAll(/<a class="govuk-link" href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [
      m[1]!.replaceAll('&amp;', '&'),
      m[2],
    ]),
  };
}

describe('refusal pages', () => {
  it('an unknown team address: what to check and a way on, no menu promised', async () => {
    for (const get of [
      (url: string) => w.as.viewer.get(url),
      async (url: string) => {
        const r = await w.app.inject({ method: 'GET', url });
        return { status: r.statusCode, body: r.body };
      },
    ]) {
      const page = await get('/team/no-such-page');
      expect(page.status).toBe(404);
      expect(main(page.body)).toEqual({
        heading: 'Page not found',
        text: ['If you typed the web address, check it is correct.'],
        links: [['/team', 'Go to the overview']],
      });
      const welsh = main((await get('/team/no-such-page?lang=cy')).body);
      expect(welsh.links).toEqual([['/team?lang=cy', 'Ewch i’r trosolwg']]);
      expect(page.body.toLowerCase()).not.toContain('menu');
    }
  });

  it('an unknown response: what may have happened, and the way to the list', async () => {
    const page = await w.as.viewer.get('/team/responses/00000000-0000-4000-8000-000000000000');
    expect(page.status).toBe(404);
    expect(main(page.body)).toEqual({
      heading: 'Page not found',
      text: ['There is no response at this address. It may have been deleted.'],
      links: [['/team/responses', 'Go to the list of responses']],
    });
  });

  it('a form without its security token, and a page the role does not include', async () => {
    const csrf = await w.app.inject({
      method: 'POST',
      url: '/team/tags?lang=cy',
      headers: {
        cookie: `team_session=session-${w.as.analyst.member.id}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=Mine',
    });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.headers['content-type']).toMatch(/^text\/html/);
    expect(main(csrf.body).heading).toBe('Doedd dim modd anfon y ffurflen');
    expect(main(csrf.body).links).toEqual([['/team?lang=cy', 'Ewch i’r trosolwg']]);
    const role = await w.as.viewer.get('/team/members');
    expect(role.status).toBe(403);
    expect(main(role.body).links).toEqual([['/team', 'Go to the overview']]);
  });
});
