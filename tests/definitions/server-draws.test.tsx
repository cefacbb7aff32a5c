// @vitest-environment jsdom
// The server draws a question page from the answers so far exactly as the app draws it: every
// page of every generated path, rendered both ways with the same answers, has the same question
// area (options shown by rule, revealed fields, the caption on the respondent's own path, the
// back link, the answers already given on the page).
import { readdirSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { enumeratePaths, type Answers } from '../../engine';
import { loadSurvey } from '../../src/definitions';
import { render } from '../../src/entry-server';
import { useSurveyStore } from '../../src/store';
import { renderApp, resetStore } from '../app/helpers';
import { DEFINITIONS_DIR } from '../helpers/definitions';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';
const ids = readdirSync(DEFINITIONS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''));

const state = (surveyName: string, answers: Answers) => ({
  surveyName,
  answers,
  inProgress: true,
  lastActivity: Date.now(),
  sent: false,
});

/** An element as markup with its attributes in name order (the two renderers order them
 *  differently). What a <noscript> holds is for a browser without scripting only: React draws it
 *  on the server and never in the browser, where the app runs (src/pages/ClearedAt.tsx). */
function markup(element: Element): string {
  const attributes = [...element.attributes]
    .map(({ name, value }) => `${name}="${value}"`)
    .sort()
    .join(' ');
  if (element.localName === 'noscript') return `<noscript ${attributes}></noscript>`;
  const children = [...element.childNodes]
    .map((node) => (node instanceof Element ? markup(node) : (node.textContent ?? '')))
    .join('');
  return `<${element.localName} ${attributes}>${children}</${element.localName}>`;
}

/** The question area of a page: the back link and `main`, without the draft in addresses. */
function questionArea(root: ParentNode): string {
  const parts = [root.querySelector('.govuk-back-link'), root.querySelector('main')];
  return parts
    .map((element) => (element ? markup(element) : ''))
    .join('\n')
    .replace(/[?&]draft=[A-Za-z0-9_-]+/g, '');
}

async function serverArea(id: string, pageId: string, answers: Answers): Promise<string> {
  const url = `http://localhost/en/${id}/${pageId}?draft=${TOKEN}`;
  const result = await render(new Request(url), {
    state: state(id, answers),
    draft: TOKEN,
    newSubmissionKey: () => 'unused-on-question-pages',
    post: () => Promise.reject(new Error('no post here')),
  });
  if (result instanceof Response) throw new Error(`${url} answered ${result.status}`);
  const holder = document.createElement('div');
  holder.innerHTML = result.html;
  return questionArea(holder);
}

async function appArea(id: string, pageId: string, answers: Answers): Promise<string> {
  useSurveyStore.setState(state(id, answers));
  const { container, unmount } = renderApp(`/en/${id}/${pageId}`);
  await waitFor(() => expect(container.querySelector('main form')).not.toBeNull());
  const area = questionArea(container);
  unmount();
  return area;
}

beforeEach(resetStore);

describe('the server draws a question page from the answers so far, as the app does', () => {
  for (const id of ids)
    it(`every page of every path of ${id}`, async () => {
      const survey = (await loadSurvey(id))!;
      if (survey.layout === 'single') return;
      const seen = new Set<string>();
      for (const { pages, answers } of enumeratePaths(survey)) {
        // The answers of the whole path: the respondent has come Back to each page.
        for (const pageId of pages) {
          const key = `${pageId} ${JSON.stringify(answers)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const server = await serverArea(id, pageId, answers);
          expect(server, `${id} ${pageId}`).toBe(await appArea(id, pageId, answers));
        }
      }
    });
});
