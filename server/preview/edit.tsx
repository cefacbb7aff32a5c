// The live editor (/preview/<survey>/edit, wherever the preview is on): the definition's JSON
// beside its preview in English and Welsh, with every problem `npm run validate` would report
// listed by line. The page is whole without JavaScript (a text box and buttons that check, save or
// download through a form post); its own script (src/editor/main.ts, an entry chunk of its own that
// no respondent page loads) turns the box into an editor with the schema's completion and help,
// and checks and redraws as the editor types. It saves to the definitions folder only in
// development (`npm run dev`); anywhere it offers the file to download.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DefinitionProblem, Lang } from '../../engine';
import { contentSecurityPolicy } from '../security';
import { checkEdited, definitionFile, formatted } from './edit-check';
import { pageHtml } from './layout';
import { SurveyPages } from './survey';
import { langOf, WORDS } from './words';

export interface EditorOptions {
  /** The editor's script: Vite's source address in development, else found in the build's manifest. */
  script?: string;
  /** The built app (for its manifest). */
  distDir?: string;
  stylesheet?: string;
  /** Save writes the file (development only). */
  save?: boolean;
}

/** The editor's built entry chunk, from its build's manifest (vite.editor.config.ts; read from disk). */
function builtScript(distDir: string): string | undefined {
  const file = join(distDir, '.vite', 'editor-manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/editor/main.ts'];
  return entry && `/${entry.file}`;
}

/** A problem as the page and the script show it. */
export interface ShownProblem {
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  warning: boolean;
}
const shown = (problems: DefinitionProblem[]): ShownProblem[] =>
  problems.map((p) => ({
    line: p.line,
    column: p.column,
    message: p.message,
    hint: p.hint,
    warning: p.severity === 'warning',
  }));

/** The editor's own rules: the whole width for the editor beside its preview. */
const EDITOR_CSS = [
  '.govuk-width-container{max-width:none;margin:0 15px}',
  '@media (min-width:40.0625em){.govuk-width-container{margin:0 30px}}',
  '.survey-editor .cm-editor{height:75vh;border:2px solid #0b0c0c;background:#fff}',
  '.survey-editor .cm-editor.cm-focused{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px}',
  '.survey-editor textarea{font-family:monospace;font-size:16px}',
  '.survey-editor .cm-tooltip{max-width:40em}',
].join('');

export function ProblemList({ problems, lang }: { problems: ShownProblem[]; lang: Lang }) {
  const words = WORDS[lang];
  if (problems.length === 0) return <p className="govuk-body">{words.noProblems}</p>;
  const count =
    problems.length === 1
      ? words.problemOne
      : words.problemCount.replace('{count}', String(problems.length));
  return (
    <>
      <p className="govuk-body govuk-!-font-weight-bold">{count}</p>
      <ul className="govuk-list govuk-list--spaced">
        {problems.map((p, i) => (
          <li key={i}>
            {p.line !== undefined && (
              <a className="govuk-link" href="#definition-source" data-line={p.line}>
                {words.line} {p.line}
              </a>
            )}
            {p.line !== undefined && ': '}
            {p.warning && (
              <strong className="govuk-tag govuk-tag--yellow">{words.warning}</strong>
            )}{' '}
            {p.message}
            {p.hint && <div className="govuk-hint govuk-!-margin-bottom-0">{p.hint}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

interface EditPage {
  id: string;
  file: string;
  source: string;
  lang: Lang;
  nonce: string;
  options: EditorOptions;
  status?: string;
}

function editPage({ id, file, source, lang, nonce, options, status }: EditPage): string {
  const words = WORDS[lang];
  const check = checkEdited(file, source);
  const script = options.script ?? builtScript(options.distDir ?? 'dist');
  return pageHtml({
    lang,
    title: `${words.editTitle}: ${id} - ${words.preview}`,
    stylesheet: options.stylesheet,
    script,
    styles: { nonce, css: EDITOR_CSS },
    data: {
      id,
      lang,
      nonce,
      save: Boolean(options.save),
      file: basename(file),
      words,
    },
    children: (
      <div className="survey-editor">
        <span className="govuk-caption-l">{words.preview}</span>
        <h1 className="govuk-heading-l">
          {words.editTitle}: <code>{relative('.', file)}</code>
        </h1>
        <p className="govuk-body">
          <a className="govuk-link" href={`/preview/${id}?lang=${lang}`}>
            {words.preview}: {id}
          </a>
          {' · '}
          <a
            className="govuk-link"
            href={`/preview/${id}/edit?lang=${words.otherLang}`}
            lang={words.otherLang}
            hrefLang={words.otherLang}
          >
            {words.other}
          </a>
        </p>
        <div className="govuk-grid-row">
          <div className="govuk-grid-column-one-half">
            <form method="post" action={`/preview/${id}/edit?lang=${lang}`}>
              <div className="govuk-form-group">
                <label className="govuk-label govuk-label--m" htmlFor="definition-source">
                  {words.editorLabel}
                </label>
                <div className="govuk-hint" id="definition-source-hint">
                  {words.editorHint}
                </div>
                <div id="definition-editor" />
                {/* Hidden by the script once the editor is there (on the box: GOV.UK's textarea
                    rule would show the textarea itself anyway). */}
                <div id="definition-source-box">
                  <textarea
                    className="govuk-textarea"
                    id="definition-source"
                    name="source"
                    rows={30}
                    spellCheck={false}
                    aria-describedby="definition-source-hint"
                    defaultValue={source}
                  />
                </div>
              </div>
              <div className="govuk-button-group">
                <button
                  type="submit"
                  name="action"
                  value="check"
                  className="govuk-button govuk-button--secondary"
                  data-module="govuk-button"
                  id="check-button"
                >
                  {words.check}
                </button>
                {options.save && (
                  <button
                    type="submit"
                    name="action"
                    value="save"
                    className="govuk-button"
                    data-module="govuk-button"
                    id="save-button"
                    aria-describedby="save-hint"
                  >
                    {words.save}
                  </button>
                )}
                <button
                  type="submit"
                  name="action"
                  value="download"
                  className="govuk-button govuk-button--secondary"
                  data-module="govuk-button"
                  id="download-button"
                  aria-describedby="download-hint"
                >
                  {words.download}
                </button>
              </div>
              {options.save && (
                <p className="govuk-hint" id="save-hint">
                  {words.saveHint}
                </p>
              )}
              <p className="govuk-hint" id="download-hint">
                {words.downloadHint}
              </p>
              <p className="govuk-body govuk-!-font-weight-bold" id="edit-status" role="status">
                {status}
              </p>
            </form>
          </div>
          <div className="govuk-grid-column-one-half">
            <h2 className="govuk-heading-m" id="problems-heading">
              {words.problems}
            </h2>
            <div id="problems" aria-labelledby="problems-heading">
              <ProblemList problems={shown(check.problems)} lang={lang} />
            </div>
            <div id="preview-stale" hidden={Boolean(check.survey)}>
              <p className="govuk-inset-text">{words.previewStale}</p>
            </div>
            <div id="preview">
              {check.survey && <SurveyPages survey={check.survey} lang={lang} />}
            </div>
          </div>
        </div>
      </div>
    ),
  });
}

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
        .header('content-security-policy', contentSecurityPolicy([`'nonce-${nonce}'`]))
        .send(html);
    const nonce = () => randomBytes(16).toString('base64');

    scope.get<{ Params: { survey: string }; Querystring: { lang?: string } }>(
      '/preview/:survey/edit',
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
    }>('/preview/:survey/edit', { bodyLimit: LIMIT }, async (request, reply) => {
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
    }>('/preview/:survey/check', { bodyLimit: LIMIT }, async (request, reply) => {
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
        '/preview/:survey/save',
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
