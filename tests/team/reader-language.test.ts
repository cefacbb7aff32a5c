// The reader's language everywhere (issue 32 item 7's first part): a checkbox answer stored as its
// English values ("Told to, Another reason, my manager") is shown as the labels of the page's
// language on the response page and in the CSV, read by its field type; the Other text sent
// inside it is apart: after its label on the page, in its own "Rheswm arall" column in the CSV,
// and listed on the Other question's page.
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

/** A CSV's rows as cells (no quoted commas in these answers but the ones quoted). */
function csv(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"'))
        .slice(0, -1),
    );
}

describe("a checkbox answer in the reader's language", () => {
  it('on the response page, English and Welsh', async () => {
    const page = async (lang: string) =>
      (await w.as.analyst.get(`/team/responses/${w.ids.person}${lang}`)).body;
    expect(await page('')).toContain('Someone told me to; Another reason: my manager');
    const welsh = await page('?lang=cy');
    expect(welsh).toContain('Dywedodd rhywun wrthyf; Rheswm arall: my manager');
    expect(welsh).not.toContain('Told to, Another reason');
  });

  it('in the CSV: labels in the column, the Other text in its own column', async () => {
    for (const [lang, told, quick, other] of [
      ['en', 'Someone told me to', 'It was quick', 'Another reason'],
      ['cy', 'Dywedodd rhywun wrthyf', 'Roedd yn gyflym', 'Rheswm arall'],
    ] as const) {
      const response = await w.app.inject({
        method: 'GET',
        url: `/team/export.csv?survey=scope-fixture&lang=${lang}`,
        headers: { cookie: `team_session=session-${w.as.analyst.member.id}` },
      });
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = csv(response.body);
      const why = header!.indexOf(
        lang === 'cy' ? 'Pam wnaethoch chi ei ddefnyddio?' : 'Why did you use it?',
      );
      const otherColumn = header!.indexOf(other);
      expect(why).toBeGreaterThan(0);
      expect(otherColumn).toBeGreaterThan(why);
      const cells = rows.map((r) => [r[why], r[otherColumn]]);
      expect(cells).toContainEqual([`${told}; ${other}`, 'my manager']);
      expect(cells).toContainEqual([quick, '']);
      expect(cells).toContainEqual([`${quick}; ${told}`, '']);
    }
  });

  it("on the Other question's page, the text read out of the choice", async () => {
    const page = await w.as.viewer.get('/team/questions/scope-fixture/reasonsOther?lang=cy');
    expect(page.status).toBe(200);
    expect(page.body).toContain('>my manager</p>');
  });
});
