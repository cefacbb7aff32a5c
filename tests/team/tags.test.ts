// Tag names refused (empty, too long, another tag's) get a GOV.UK error summary linking to the
// field, an inline error and the "Error: " title, in English and Welsh, with what was typed kept.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StoreWithTeam } from '../../server/storage/types';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');
const server = teamServer(now);

/** The page's title, its error summary's links, and the input with this id and its error. */
function errorsOn(body: string, id: string) {
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(body)?.[0] ?? '';
  return {
    title: /<title>([^<]*)<\/title>/.exec(body)![1],
    summary: Array.from(
      body.matchAll(/govuk-error-summary__list">([\s\S]*?)<\/ul>/g),
      (m) => m[1],
    ).join(''),
    inline: new RegExp(`<p class="govuk-error-message" id="${id}-error">([\\s\\S]*?)</p>`).exec(
      body,
    )?.[1],
    input,
    value: /value="([^"]*)"/.exec(input)?.[1],
  };
}

describe('tag names', () => {
  it.each([
    ['', '   ', 'Error: Tags', 'Enter a name for the tag', 'Error:'],
    ['?lang=cy', '', 'Gwall: Tagiau', 'Rhowch enw ar gyfer y tag', 'Gwall:'],
    ['', 'x'.repeat(41), 'Error: Tags', 'Tag name must be 40 characters or fewer', 'Error:'],
    ['', 'SLOW', 'Error: Tags', 'There is already a tag with that name', 'Error:'],
    ['?lang=cy', 'Slow', 'Gwall: Tagiau', 'Mae tag â’r enw hwnnw’n bodoli eisoes', 'Gwall:'],
  ])(
    'refuses a new tag (page%s) named %j with errors',
    async (lang, typed, title, message, prefix) => {
      ({ app, store } = await server.start());
      const analyst = await signedIn(app, store, 'analyst', now);
      await store.team.addTag('slow');
      const response = await analyst.post(`/team/tags${lang}`, { name: typed });
      expect(response.statusCode).toBe(400);
      const page = errorsOn(response.body, 'name');
      expect(page.title).toMatch(new RegExp(`^${title} – `));
      expect(page.summary).toContain(`<a href="#name">${message}</a>`);
      expect(page.inline).toContain(message);
      expect(page.inline).toContain(`${prefix}</span>`);
      expect(page.input).toContain('govuk-input--error');
      expect(page.input).toContain('aria-describedby="name-error"');
      // What was typed stays in the field (escaped as HTML does).
      expect(page.value ?? '').toBe(typed);
      expect((await store.team.listTags()).map((t) => t.name)).toEqual(['slow']);
    },
  );

  it('refuses a rename to nothing or to another tag’s name, on that tag’s field', async () => {
    ({ app, store } = await server.start());
    const analyst = await signedIn(app, store, 'analyst', now);
    const slow = await store.team.addTag('Slow');
    await store.team.addTag('Confusing');
    // Tags are listed by name: Confusing is rename-0, Slow rename-1.
    for (const [lang, typed, message] of [
      ['', 'confusing', 'There is already a tag with that name'],
      ['?lang=cy', '', 'Rhowch enw ar gyfer y tag'],
    ] as const) {
      const response = await analyst.post(`/team/tags/${slow.id}/rename${lang}`, { name: typed });
      expect(response.statusCode).toBe(400);
      const page = errorsOn(response.body, 'rename-1');
      expect(page.summary).toContain(`<a href="#rename-1">${message}</a>`);
      expect(page.inline).toContain(message);
      expect(page.input).toContain('govuk-input--error');
      expect(page.value ?? '').toBe(typed);
      // The other tag's field is as it was.
      expect(errorsOn(response.body, 'rename-0').value).toBe('Confusing');
      expect(errorsOn(response.body, 'rename-0').inline).toBeUndefined();
    }
    expect((await store.team.listTags()).map((t) => t.name).sort()).toEqual(['Confusing', 'Slow']);
    // A tag may take its own name in another case.
    expect((await analyst.post(`/team/tags/${slow.id}/rename`, { name: 'SLOW' })).statusCode).toBe(
      303,
    );
    expect((await store.team.listTags()).map((t) => t.name).sort()).toEqual(['Confusing', 'SLOW']);
  });
});
