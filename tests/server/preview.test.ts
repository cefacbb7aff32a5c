// The editors' preview shows everything a respondent meets (issue 33 item 5). On the fixture
// surveys; expected texts come from the fixture definitions and the app's words (src/i18n).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSurveys } from '../../engine/check/load';
import type { SurveyDefinition } from '../../engine/types';
import { registerPreview } from '../../server/preview/index';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import en from '../../src/i18n/en.json';
import cy from '../../src/i18n/cy.json';
import { tempProject } from '../helpers/temp-project';

const project = tempProject('preview-');
const saved = process.env.SURVEY_DEFINITIONS;
let app: FastifyInstance;
let store: StoreWithTeam;
let basic: SurveyDefinition;
const file = join(project.definitions, 'basic.json');

/** A server with the preview on, over the copy of the fixture surveys. */
async function previewServer(): Promise<FastifyInstance> {
  const server = Fastify();
  registerPreview(server, {
    surveys: loadSurveys().surveys,
    drafts: store.drafts,
    clock: () => new Date(),
    distDir: project.root,
  });
  await server.ready();
  return server;
}

beforeAll(async () => {
  // Every reader of the definitions (engine/check/folders.ts) reads the copy: saving writes there.
  process.env.SURVEY_DEFINITIONS = project.definitions;
  store = openSqliteStore(':memory:');
  app = await previewServer();
  basic = JSON.parse(readFileSync(file, 'utf8')) as SurveyDefinition;
});
afterAll(async () => {
  await app.close();
  await store.close();
  process.env.SURVEY_DEFINITIONS = saved;
  project.remove();
});

/** The text of an element's HTML, tags removed and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
/** A section of the preview (the start page, a page, the finish page). */
const section = (html: string, id: string) => {
  const at = html.indexOf(`aria-labelledby="${id}"`);
  return html.slice(at, html.indexOf('</section>', at));
};
/** One language's column of a section. */
const column = (html: string, lang: string) =>
  html.split('govuk-grid-column-one-half" lang="').find((part) => part.startsWith(`${lang}"`))!;

describe('the preview of a survey', () => {
  it('shows the start page and the finish page, in English beside Welsh', async () => {
    const html = (await app.inject('/preview/basic')).body;
    const start = text(section(html, 'page-start'));
    expect(start).toContain(basic.start!.heading.en);
    expect(start).toContain(basic.start!.heading.cy);
    expect(start).toContain(en.common.startNow);
    expect(start).toContain(cy.common.startNow);
    expect(start).toContain(en.start.duration_other.replace('{{count}}', String(basic.duration)));
    const finish = text(section(html, 'page-finish'));
    expect(finish).toContain(basic.finish.panelTitle.en);
    expect(finish).toContain(basic.finish.panelTitle.cy);
  });

  it("shows each field's Other box with its label and every message it can give, its own or the standard ones", async () => {
    const html = (await app.inject('/preview/basic')).body;
    const field = basic.pages[0]!.fields[0]!;
    const other = field.options!.find((o) => o.other)!;
    const q1 = section(html, `page-${basic.pages[0]!.id}`);
    const english = text(column(q1, 'en'));
    const welsh = text(column(q1, 'cy'));
    // The field's own required message, in each language.
    expect(english).toContain(field.errors!.required!.en);
    expect(welsh).toContain(field.errors!.required!.cy);
    // The Other box: labelled by its option, with the standard messages it can give.
    expect(english).toContain(
      `When chosen, shows a box for their own answer, labelled: ${other.label.en}`,
    );
    expect(english).toContain(en.errors.otherRequired);
    expect(welsh).toContain(cy.errors.otherRequired);
    expect(english).toContain(en.errors.tooLong.replace('{{max}}', '100'));
    expect(welsh).toContain(cy.errors.tooLong.replace('{{max}}', '100'));
    expect(english).toContain(en.characterCount.description_other.replace('{{count}}', '100'));
    // A free-text question elsewhere: the standard length messages with its own limits.
    const textField = basic.pages
      .flatMap((p) => p.fields)
      .find((f) => !f.options && !f.scale && f.maxLength && f.minLength)!;
    expect(text(html)).toContain(en.errors.tooLong.replace('{{max}}', String(textField.maxLength)));
    expect(text(html)).toContain(
      en.errors.tooShort.replace('{{min}}', String(textField.minLength)),
    );
  });

  it("shows the email check of the page that sends: the address's own messages and the likely-typo question", async () => {
    const html = (await app.inject('/preview/basic')).body;
    const sends = basic.pages.find((p) => p.template === 'contact')!;
    const english = text(column(section(html, `page-${sends.id}`), 'en'));
    const welsh = text(column(section(html, `page-${sends.id}`), 'cy'));
    expect(english).toContain(en.errors.emailInvalid);
    expect(english).toContain(en.errors.emailDomain);
    expect(welsh).toContain(cy.errors.emailDomain);
  });

  it("in Welsh, gives the preview's own words in Welsh in both columns, marked so in the English one", async () => {
    const html = (await app.inject('/preview/basic?lang=cy')).body;
    expect(html).toContain('<html lang="cy"');
    const english = column(section(html, 'page-start'), 'en');
    // The column heading, in Welsh on a Welsh page, inside the English column.
    expect(english).toContain('<span lang="cy">Saesneg</span>');
    expect(text(english)).toContain(en.common.startNow); // what the respondent reads stays English
    const q1english = column(section(html, `page-${basic.pages[0]!.id}`), 'en');
    expect(q1english).toContain('<span lang="cy">Negeseuon gwall:</span>');
    expect(q1english).not.toContain('Error messages');
  });

  it('lists the surveys by the names the team sees, never two alike, with their ids', async () => {
    for (const lang of ['en', 'cy'] as const) {
      const html = (await app.inject(`/preview?lang=${lang}`)).body;
      const names = [
        ...html.matchAll(/<a class="govuk-link" href="\/preview\/[^"]+">([^<]+)<\/a>/g),
      ].map((m) => m[1]);
      expect(names.length).toBe(loadSurveys().surveys.size);
      expect(new Set(names).size, lang).toBe(names.length);
    }
    const barring = JSON.parse(
      readFileSync(join(project.definitions, 'barring-short.json'), 'utf8'),
    );
    expect((await app.inject('/preview')).body).toContain(
      `${barring.teamName.en}</a> <code>barring-short</code>`,
    );
  });
});
