// The live editor (/preview/<survey>/edit, wherever the preview is on): the definition's JSON
// beside its preview in English and Welsh, with every problem `npm run validate` would report
// listed by line. The page (./edit-page.tsx) is whole without JavaScript (a text box and buttons
// that check, save or download through a form post); its own script (src/editor/main.ts, an entry
// chunk of its own that no respondent page loads) turns the box into an editor with the schema's
// completion and help, and checks and redraws as the editor types. It saves to the definitions
// folder only in development (`npm run dev`); anywhere it offers the file to download.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { contentSecurityPolicy } from '../security';
import { checkEdited, definitionFile, formatted } from './edit-check';
import { editPage, ProblemList, shown, type EditorOptions, type ShownProblem } from './edit-page';
import { SurveyPages } from './survey';
import { langOf, WORDS } from './words';
import { ROUTES } from '../../src/paths';

export type { EditorOptions } from './edit-page';

/** The survey's definition file, when the id names one. */
function fileOf(id: string): string | undefined {
  const file = definitionFile(id);
  return file && existsSync(file) ? file : undefined;
}

/** A post from another site may not write a file: its Origin (or Referer) must be this host. */
function sameOrigin(request: FastifyRequest): boolean {
  const from = request.headers.origin ?? request.headers.referer;
  if (!from) return false;
  try {
    return new URL(from).host === request.headers.host;
  } catch {
    return false;
  }
}

async function save(file: string, source: string): Promise<ShownProblem[] | undefined> {
  const problems = checkEdited(file, source).problems;
  if (problems.some((p) => p.severity === 'error')) return shown(problems);
  writeFileSync(file, await formatted(file, source));
  return undefined;
}

const LIMIT = 1024 * 1024; // a definition is tens of kilobytes

export function registerEditor(app: FastifyInstance, options: EditorOptions): void {
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded'))
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: LIMIT },
        (_request, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

    const page = (reply: FastifyReply, html: string, nonce: string, status = 200) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The page's own style element and the editor's (CodeMirror adds its rules with this nonce).
        .header(
          'content-security-policy',
          contentSecurityPolicy({ styleHashes: [`'nonce-${nonce}'`] }),
        )
        .send(html);
    const nonce = () => randomBytes(16).toString('base64');

    scope.get<{ Params: { survey: string }; Querystring: { lang?: string } }>(
      ROUTES.previewEdit,
      async (request, reply) => {
        const file = fileOf(request.params.survey);
        if (!file) return reply.callNotFound();
        const n = nonce();
        const lang = langOf(request.query.lang);
        const source = readFileSync(file, 'utf8');
        return page(
          reply,
          editPage({ id: request.params.survey, file, source, lang, nonce: n, options }),
          n,
        );
      },
    );

    // Without JavaScript: the form's buttons.
    scope.post<{
      Params: { survey: string };
      Querystring: { lang?: string };
      Body: { source?: string; action?: string };
    }>(ROUTES.previewEdit, { bodyLimit: LIMIT }, async (request, reply) => {
      const file = fileOf(request.params.survey);
      const source = request.body?.source;
      if (!file || typeof source !== 'string') return reply.callNotFound();
      const lang = langOf(request.query.lang);
      const words = WORDS[lang];
      const id = request.params.survey;
      if (request.body.action === 'download') {
        let text = source;
        try {
          text = await formatted(file, source);
        } catch {
          // Not JSON yet: the file as typed, to finish elsewhere.
        }
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${basename(file)}"`)
          .header('cache-control', 'no-store')
          .send(text);
      }
      let status: string | undefined;
      if (request.body.action === 'save' && options.save && sameOrigin(request))
        status = (await save(file, source))
          ? words.notSaved
          : words.saved.replace('{file}', relative('.', file));
      const n = nonce();
      return page(reply, editPage({ id, file, source, lang, nonce: n, options, status }), n);
    });

    // With JavaScript: the editor's checks as the editor types, and Save.
    scope.post<{
      Params: { survey: string };
      Querystring: { lang?: string };
      Body: { source?: string };
    }>(ROUTES.previewCheck, { bodyLimit: LIMIT }, async (request, reply) => {
      const file = fileOf(request.params.survey);
      const source = request.body?.source;
      if (!file || typeof source !== 'string') return reply.callNotFound();
      const lang = langOf(request.query.lang);
      const check = checkEdited(file, source);
      let text: string | undefined;
      try {
        text = await formatted(file, source);
      } catch {
        text = undefined;
      }
      return reply.header('cache-control', 'no-store').send({
        problems: shown(check.problems),
        problemsHtml: renderToStaticMarkup(
          <ProblemList problems={shown(check.problems)} lang={lang} />,
        ),
        previewHtml: check.survey
          ? renderToStaticMarkup(<SurveyPages survey={check.survey} lang={lang} />)
          : null,
        formatted: text,
      });
    });

    if (options.save)
      scope.post<{ Params: { survey: string }; Body: { source?: string } }>(
        ROUTES.previewSave,
        { bodyLimit: LIMIT },
        async (request, reply) => {
          const file = fileOf(request.params.survey);
          const source = request.body?.source;
          // JSON only: a page on another site cannot send it without the browser asking first.
          if (
            !file ||
            typeof source !== 'string' ||
            !request.headers['content-type']?.startsWith('application/json')
          )
            return reply.callNotFound();
          const problems = await save(file, source);
          if (problems) return reply.code(422).send({ saved: false, problems });
          return reply.send({ saved: true, file: relative('.', file) });
        },
      );
  });
}
