// The live editor's script (server/preview/edit.tsx; an entry chunk of its own that no respondent
// page loads, so CodeMirror never reaches a respondent). It turns the page's text box into an
// editor with the survey schema's completion and help on hover, and, as the editor types, asks the
// server to check the text as `npm run validate` would: the problems are listed by line (and marked
// in the editor), announced when their number changes, and the preview in English and Welsh is
// redrawn while the survey has no errors. Save (development) and Download work from here too.
import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  hoverTooltip,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import schema from '../../schemas/survey.schema.json';
import { checkAddress, type Checked, type PageData, type Problem } from './protocol';
import { pathTo, ROUTES } from '../paths';

const data = JSON.parse(document.getElementById('page-data')!.textContent!) as PageData;
const { words } = data;
const textarea = document.getElementById('definition-source') as HTMLTextAreaElement;
const label = document.querySelector<HTMLLabelElement>('label[for="definition-source"]')!;
const problems = document.getElementById('problems')!;
const preview = document.getElementById('preview')!;
const stale = document.getElementById('preview-stale')!;
const status = document.getElementById('edit-status')!;
label.id = 'definition-source-label';

/** A problem as a mark in the editor, on its line. */
function diagnostic(view: EditorView, problem: Problem): Diagnostic | undefined {
  if (problem.line === undefined || problem.line > view.state.doc.lines) return undefined;
  const line = view.state.doc.line(problem.line);
  const from = Math.min(line.from + Math.max((problem.column ?? 1) - 1, 0), line.to);
  return {
    from,
    to: line.to > from ? line.to : from,
    severity: problem.warning ? 'warning' : 'error',
    message: problem.hint ? `${problem.message}\n${problem.hint}` : problem.message,
  };
}

let lastCount = -1;
let formatted: string | undefined;
let pending: AbortController | undefined;

function show(view: EditorView, checked: Checked): void {
  problems.innerHTML = checked.problemsHtml; // drawn by the server's own markup, escaped there
  const marks = checked.problems.flatMap((p) => diagnostic(view, p) ?? []);
  view.dispatch(setDiagnostics(view.state, marks));
  if (checked.previewHtml !== null) preview.innerHTML = checked.previewHtml;
  stale.hidden = checked.previewHtml !== null;
  formatted = checked.formatted;
  // Said once when the number changes, not after every pause in typing.
  const count = checked.problems.length;
  if (count !== lastCount) {
    status.textContent =
      count === 0
        ? words.noProblems
        : count === 1
          ? words.problemOne
          : words.problemCount.replace('{count}', String(count));
    lastCount = count;
  }
}

async function check(view: EditorView): Promise<void> {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  try {
    const response = await fetch(checkAddress(data), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: view.state.doc.toString() }),
      signal: controller.signal,
    });
    if (response.ok) show(view, (await response.json()) as Checked);
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
const schedule = (view: EditorView) => {
  clearTimeout(timer);
  timer = setTimeout(() => void check(view), 300);
};

const view = new EditorView({
  parent: document.getElementById('definition-editor')!,
  state: EditorState.create({
    doc: textarea.value,
    extensions: [
      lineNumbers(),
      EditorView.lineWrapping,
      history(),
      drawSelection(),
      highlightActiveLine(),
      bracketMatching(),
      closeBrackets(),
      syntaxHighlighting(defaultHighlightStyle),
      json(),
      autocompletion(),
      jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
      hoverTooltip(jsonSchemaHover()),
      stateExtensions(schema as unknown as JSONSchema7),
      lintGutter(),
      // Tab is left to move focus on, as in any form: the editor never traps the keyboard.
      keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap]),
      EditorView.cspNonce.of(data.nonce),
      EditorView.contentAttributes.of({
        // Focusable by the keyboard as any field is (and so its scrolling box is reachable).
        tabindex: '0',
        'aria-labelledby': label.id,
        'aria-describedby': 'definition-source-hint',
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) schedule(update.view);
      }),
    ],
  }),
});
document.getElementById('definition-source-box')!.hidden = true;

// "Line 12" in the list moves the cursor to that line.
problems.addEventListener('click', (event) => {
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-line]');
  if (!link) return;
  event.preventDefault();
  const line = view.state.doc.line(Math.min(Number(link.dataset.line), view.state.doc.lines));
  view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
  view.focus();
});

function download(): void {
  const text = formatted ?? view.state.doc.toString();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = data.file;
  link.click();
  URL.revokeObjectURL(link.href);
}

async function save(): Promise<void> {
  const response = await fetch(pathTo(ROUTES.previewSave, { survey: data.id }), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: view.state.doc.toString() }),
  });
  const result = (await response.json()) as { saved: boolean; file?: string };
  status.textContent = result.saved ? words.saved.replace('{file}', result.file!) : words.notSaved;
  if (result.saved) await check(view);
}

// The form's buttons, without leaving the page.
textarea.form!.addEventListener('submit', (event) => {
  const action = (event.submitter as HTMLButtonElement | null)?.value;
  event.preventDefault();
  if (action === 'download') download();
  else if (action === 'save') void save();
  else void check(view);
});
void check(view);
