// The editors' preview shows everything a respondent meets (issue 33 item 5), and its live
// editor checks, downloads and (in development only) saves a definition (item 6). On the fixture
// surveys; expected texts come from the fixture definitions and the app's words (src/i18n).
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import prettier from 'prettier';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSurveys } from '../../engine/check/load';
import type { SurveyDefinition } from '../../engine/types';
import { registerPreview } from '../../server/preview/index';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import en from '../../src/i18n/en.json';
import cy from '../../src/i18n/cy.json';
import { tempProject } from '../helpers/temp-project';
import { testServer } from './fixtures';

const project = tempProject('preview-');
const saved = process.env.SURVEY_DEFINITIONS;
let app: FastifyInstance;
let store: StoreWithTeam;
let basic: SurveyDefinition;
const file = join(project.definitions, 'basic.json');

/** A server with the preview on, over the copy of the fixture surveys; `save` as development has it. */
async function previewServer(save: boolean): Promise<FastifyInstance> {
  const server = Fastify();
  registerPreview(server, {
    surveys: loadSurveys().surveys,
    drafts: store.drafts,
    clock: () => new Date(),
    distDir: project.root,
    editor: { script: '/editor.js', save },
  });
  await server.ready();
  return server;
}

beforeAll(async () => {
  // Every reader of the definitions (engine/check/folders.ts) reads the copy: saving writes there.
  process.env.SURVEY_DEFINITIONS = project.definitions;
  store = openSqliteStore(':memory:');
  app = await previewServer(true);
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

/** From the panel on, each element's tag, class and own text; headings by their level below the
 *  panel's title. */
function outline(html: string): string[] {
  let top: number | undefined;
  const from = html.slice(html.indexOf('<div class="govuk-panel'));
  return [...from.matchAll(/<([a-z][a-z0-9]*)((?:\s[^>]*)?)>([^<]*)/g)].map(
    ([, tag, attrs, words]) => {
      const level = /^h([1-6])$/.exec(tag!)?.[1];
      if (level) top ??= Number(level);
      const name = level ? `heading+${Number(level) - top!}` : tag;
      return `${name} ${/class="([^"]*)"/.exec(attrs!)?.[1] ?? ''} ${text(words!).trim()}`;
    },
  );
}

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

  it('shows the finish page in each language as a respondent meets it, its headings below its own', async () => {
    const preview = section((await app.inject('/preview/basic')).body, 'page-finish');
    // The respondent's pages as the server draws them (the real route table).
    const site = await testServer({
      surveys: loadSurveys().surveys,
      store,
      serverEntry: resolve('src/entry-server.tsx'),
    });
    try {
      for (const lang of ['en', 'cy'] as const) {
        const page = (await site.app.inject(`/${lang}/basic/finish`)).body;
        const content = page.slice(0, page.indexOf('</main>'));
        // Heading levels counted from the panel's title: h1 on the page, lower in the preview.
        expect(outline(column(preview, lang))).toEqual(outline(content));
      }
    } finally {
      await site.app.close();
    }
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

describe('the live editor', { timeout: 60_000 }, () => {
  const check = (source: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `/preview/basic/check?lang=${lang}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ source }),
    });
  const original = () => readFileSync(file, 'utf8');
  afterEach(() => writeFileSync(file, JSON.stringify(basic, null, 2) + '\n'));

  it('is a page whole without JavaScript: the file in a labelled box, its problems and its preview', async () => {
    const page = await app.inject('/preview/basic/edit');
    expect(page.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)![1]!;
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.body).toContain(
      '<label class="govuk-label govuk-label--m" for="definition-source">',
    );
    expect(page.body).toContain('No problems: npm run validate would accept this survey.');
    expect(text(page.body)).toContain(basic.start!.heading.cy);
    expect(page.body).toContain('<script type="module" src="/editor.js">');
    expect(
      JSON.parse(
        /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(page.body)![1]!,
      ),
    ).toMatchObject({ id: 'basic', nonce, save: true });
    expect((await app.inject('/preview/no-such-survey/edit')).statusCode).toBe(404);
    expect((await app.inject('/preview/..%2Fschemas%2Fsurvey.schema/edit')).statusCode).toBe(404);
  });

  it('lists each problem with its line, as validate does, and keeps the last good preview', async () => {
    const lines = original().split('\n');
    const at = lines.findIndex((line) => line.includes('"duration":'));
    lines.splice(at + 1, 0, '  "durashun": 5,');
    lines[lines.findIndex((line) => line.includes('"serviceName":'))] =
      '  "serviceName": "basic-survey",';
    const checked = (await check(lines.join('\n'))).json();
    expect(checked.problems).toEqual([
      expect.objectContaining({
        line: at + 2,
        message: 'Unknown property "durashun"',
        warning: false,
      }),
    ]);
    expect(checked.problemsHtml).toContain(`data-line="${at + 2}">Line ${at + 2}</a>`);
    expect(checked.previewHtml).toBeNull();
    const broken = (await check('{"id": "basic",')).json();
    expect(broken.problems[0].message).toMatch(/^Not valid JSON/);
    expect(broken.problems[0].line).toBe(1);
  });

  it('draws the preview of the text as typed, in English and Welsh, and gives it formatted', async () => {
    const edited = structuredClone(basic);
    edited.pages[0]!.fields[0]!.label = {
      en: 'Why did you apply, then?',
      cy: 'Pam wnaethoch chi wneud cais, felly?',
    };
    const checked = (await check(JSON.stringify(edited))).json();
    expect(checked.problems).toEqual([]);
    expect(text(checked.previewHtml)).toContain('Why did you apply, then?');
    expect(text(checked.previewHtml)).toContain('Pam wnaethoch chi wneud cais, felly?');
    expect(checked.formatted).toBe(
      await prettier.format(JSON.stringify(edited), {
        ...(await prettier.resolveConfig('package.json')),
        filepath: 'basic.json',
      }),
    );
  });

  it('says what a change removes from the published version, as validate does', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: project.root,
      });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-qm', 'published');
    git('checkout', '-qb', 'edit');
    const edited = structuredClone(basic);
    const field = edited.pages[0]!.fields[0]!;
    const [gone] = field.options!.splice(0, 1);
    const checked = (await check(JSON.stringify(edited, null, 2))).json();
    expect(checked.problems).toEqual([
      expect.objectContaining({
        message: `Option "${gone!.value}" of "${field.name}" was removed: answers that chose it would be counted as another option`,
        hint: 'Keep the option and add "retired": true to it instead (the value is what is stored)',
        line: expect.any(Number),
      }),
    ]);
  });

  it('offers the file to download, formatted, and saves it in development only if it has no errors', async () => {
    const edited = structuredClone(basic);
    edited.title = { en: 'Basic check feedback', cy: 'Adborth am y gwiriad sylfaenol' };
    const form = (action: string, source: string, headers = {}) =>
      app.inject({
        method: 'POST',
        url: '/preview/basic/edit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ action, source }).toString(),
      });
    const download = await form('download', JSON.stringify(edited));
    expect(download.headers['content-disposition']).toBe('attachment; filename="basic.json"');
    expect(JSON.parse(download.body)).toEqual(edited);
    expect(download.body).toBe(
      await prettier.format(JSON.stringify(edited), {
        ...(await prettier.resolveConfig('package.json')),
        filepath: 'basic.json',
      }),
    );

    // A form from another site (no Origin of this host) writes nothing.
    await form('save', JSON.stringify(edited));
    expect(original()).not.toContain('Basic check feedback');
    const local = { origin: 'http://localhost:4000', host: 'localhost:4000' };
    const kept = await form('save', JSON.stringify(edited), local);
    expect(text(kept.body)).toContain(`Saved ${relative('.', file)}`);
    expect(original()).toContain('Basic check feedback');

    const save = (source: string) =>
      app.inject({
        method: 'POST',
        url: '/preview/basic/save',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ source }),
      });
    const refused = await save('{"id": "basic"}');
    expect(refused.statusCode).toBe(422);
    expect(original()).toContain('Basic check feedback');
    expect((await save(JSON.stringify(basic))).json()).toMatchObject({ saved: true });
    expect(JSON.parse(original())).toEqual(basic);
  });

  it('has no save where the preview is not development (PREVIEW=true on a built server)', async () => {
    const built = await previewServer(false);
    const page = await built.inject('/preview/basic/edit');
    expect(page.body).not.toContain('value="save"');
    const save = await built.inject({
      method: 'POST',
      url: '/preview/basic/save',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ source: JSON.stringify(basic) }),
    });
    expect(save.statusCode).toBe(404);
    await built.close();
  });

  it('is there on the real server wherever the preview is', async () => {
    const real = await testServer({ preview: true });
    expect((await real.app.inject('/preview/basic/edit')).statusCode).toBe(200);
    await real.app.close();
    await real.store.close();
  });
});
