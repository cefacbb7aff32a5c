// Several answer filters at once (issue 32 item 7): `answer=a:x&answer=b:y` was a 500; now every
// answer applies (AND), each is shown as its own removable tag, the form carries them on, and a
// viewer's answer on contact details is left out while the others stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, openWorldStore, SCOPE_SURVEY, world, type World } from './scope-world';

let w: World;
beforeAll(async () => {
  w = await world(await openWorldStore(), { contact: ALICE, typed: ALICE });
});
afterAll(async () => {
  await w.app.close();
  await w.store.close();
});

const found = (body: string) => /<p class="govuk-body">([^<]*responses?)<\/p>/.exec(body)?.[1];
const e = encodeURIComponent;
const S = `survey=${SCOPE_SURVEY}`;
// The world's responses: satisfied 5 ticked Quick; 2 ticked Told to and Other; 4 ticked both.
const TOLD = `answer=${e('reasons:Told to')}`;

describe('several answers', () => {
  it('all apply, on the list and on the overview', async () => {
    const viewer = w.as.viewer;
    const list = async (query: string) =>
      found((await viewer.get(`/team/responses?${query}`)).body);
    expect(await list(`${S}&${TOLD}`)).toBe('2 responses');
    expect(await list(`${S}&${TOLD}&answer=${e('reasons:Quick')}`)).toBe('1 response');
    expect(await list(`${S}&${TOLD}&answer=howSatisfied%3A2`)).toBe('1 response');
    expect(await list(`${S}&answer=howSatisfied%3A2&answer=howSatisfied%3A4`)).toBe('No responses');
    const overview = await viewer.get(`/team?${S}&${TOLD}&answer=${e('reasons:Quick')}`);
    expect(overview.status).toBe(200);
    expect(overview.body).toMatch(
      /<td class="govuk-table__cell govuk-table__cell--numeric">1<\/td>/,
    );
  });

  it('each is a tag that removes only itself, and the form carries the others', async () => {
    const page = await w.as.viewer.get(`/team?${S}&${TOLD}&answer=howSatisfied%3A2`);
    const tags = [
      ...page.body.matchAll(
        /<a class="govuk-link govuk-tag govuk-tag--blue" href="([^"]*)">([^<]*)/g,
      ),
    ];
    const byText = new Map(tags.map((m) => [m[2], m[1]!.replaceAll('&amp;', '&')]));
    expect(byText.get('Why did you use it?: Someone told me to')).toBe(
      `/team?${S}&answer=howSatisfied%3A2`,
    );
    expect(byText.get('How satisfied?: Dissatisfied')).toBe(
      `/team?${S}&${TOLD.replace('%20', '+')}`,
    );
    // The first answer goes with the form as it is; the last is the one the select shows.
    expect(page.body).toContain('<input type="hidden" name="answer" value="reasons:Told to"/>');
    expect(page.body).toMatch(/<option value="howSatisfied:2" selected="">/);
  });

  it("a viewer's answer on contact details is left out, the others kept", async () => {
    const asked = `${S}&${TOLD}&answer=${e(`email:${ALICE.email}`)}`;
    const page = await w.as.viewer.get(`/team/responses?${asked}`);
    expect(found(page.body)).toBe('2 responses');
    expect(page.body).not.toContain(ALICE.email);
    expect(page.body).toContain('value="reasons:Told to"');
    // An analyst's finds the one response, and is audited by field, not value.
    const analyst = await w.as.analyst.get(`/team/responses?${asked}`);
    expect(found(analyst.body)).toBe('1 response');
    const [entry] = await w.store.team.auditLog({ limit: 1, offset: 0 });
    expect(entry).toMatchObject({ action: 'search-personal', target: 'answer=email' });
  });

  // Issue 32's smaller items: it offered every survey's answers, then refused another survey's.
  it("the overview offers the chosen survey's answers only", async () => {
    const offered = async (query: string) =>
      [...(await w.as.viewer.get(`/team${query}`)).body.matchAll(/<optgroup label="([^"]*)"/g)].map(
        (m) => m[1],
      );
    expect(await offered(`?${S}`)).toEqual(['How satisfied?', 'Why did you use it?']);
    expect(await offered('')).toEqual(['How satisfied?', 'Why did you use it?', 'How easy?']);
  });
});
