// The live editor's page (server/preview/edit.tsx registers its routes): the definition's JSON
// in a labelled text box with Check, Save (development) and Download as form buttons, the
// problems `npm run validate` reports for it listed by line, and its preview in English and
// Welsh. Whole without JavaScript; its own script (src/editor/main.ts) makes the box an editor.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { DefinitionProblem, Lang } from '../../engine';
import { checkEdited } from './edit-check';
import { pageHtml } from './layout';
import { SurveyPages } from './survey';
import { WORDS } from './words';
import { pathTo, ROUTES } from '../../src/paths';

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
export const shown = (problems: DefinitionProblem[]): ShownProblem[] =>
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

/** One of the form's submit buttons; the server reads which from `action`. */
function ActionButton(props: {
  action: string;
  label: string;
  hint?: string;
  secondary?: boolean;
}) {
  return (
    <button
      type="submit"
      name="action"
      value={props.action}
      className={props.secondary ? 'govuk-button govuk-button--secondary' : 'govuk-button'}
      data-module="govuk-button"
      id={`${props.action}-button`}
      aria-describedby={props.hint}
    >
      {props.label}
    </button>
  );
}

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

export interface EditPage {
  id: string;
  file: string;
  source: string;
  lang: Lang;
  nonce: string;
  options: EditorOptions;
  status?: string;
}

export function editPage({ id, file, source, lang, nonce, options, status }: EditPage): string {
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
          <a
            className="govuk-link"
            href={`${pathTo(ROUTES.previewSurvey, { survey: id })}?lang=${lang}`}
          >
            {words.preview}: {id}
          </a>
          {' · '}
          <a
            className="govuk-link"
            href={`${pathTo(ROUTES.previewEdit, { survey: id })}?lang=${words.otherLang}`}
            lang={words.otherLang}
            hrefLang={words.otherLang}
          >
            {words.other}
          </a>
        </p>
        <div className="govuk-grid-row">
          <div className="govuk-grid-column-one-half">
            <form
              method="post"
              action={`${pathTo(ROUTES.previewEdit, { survey: id })}?lang=${lang}`}
            >
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
                <ActionButton action="check" label={words.check} secondary />
                {options.save && <ActionButton action="save" label={words.save} hint="save-hint" />}
                <ActionButton
                  action="download"
                  label={words.download}
                  hint="download-hint"
                  secondary
                />
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
