// The page's one inline script, put in its <head> at build time (scripts/vite-plugin-early-script.ts)
// and allowed by the Content-Security-Policy by its hash (server/render.ts). Every other script
// is a file that a slow connection can deliver late, or never: the entry (src/main.tsx) and the
// app. This one is part of the HTML, so it has run before the respondent can press anything.
//
// Its one job: until the app is live a form posts to the server, which has no draft for a
// respondent whose answers are in this browser's storage (a question page reloaded mid-survey,
// say). The form, or a skip link (posted instead), carries those saved answers, so the server
// carries on from them in a draft instead of showing the timeout page (docs/architecture.md,
// 'Nothing typed is lost').
import { readBootData } from './bootData';
import { SAVED_ANSWERS_FIELD, savedAnswersOf } from './savedState';
import { matchRoute, ROUTES } from './paths';

/** The survey this page belongs to, from the server's data block (after this script in the page). */
function surveyOfPage(): string | undefined {
  try {
    const survey = readBootData().router?.loaderData?.survey as { id?: unknown } | undefined;
    return typeof survey?.id === 'string' ? survey.id : undefined;
  } catch {
    return undefined;
  }
}

/** The saved answers while the app is not live and the address has no draft, else undefined. */
function toCarry(event: Event): string | undefined {
  // The app handles its own forms and links (it prevents the browser's default).
  if (event.defaultPrevented || document.documentElement.dataset.app === 'live') return undefined;
  if (new URLSearchParams(location.search).has('draft')) return undefined;
  const survey = surveyOfPage();
  return survey === undefined ? undefined : savedAnswersOf(survey, Date.now());
}

function carrying(answers: string): HTMLInputElement {
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = SAVED_ANSWERS_FIELD;
  field.value = answers;
  return field;
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const answers = toCarry(event);
  if (answers === undefined) return;
  form.querySelector(`input[name="${SAVED_ANSWERS_FIELD}"]`)?.remove();
  form.append(carrying(answers));
});

// A skip link is a plain GET, which can carry nothing: it is posted instead, with the answers.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !matchRoute(ROUTES.skip, link.pathname)) return;
  const answers = toCarry(event);
  if (answers === undefined) return;
  event.preventDefault();
  const form = document.createElement('form');
  form.method = 'post';
  form.action = link.href;
  form.hidden = true;
  form.append(carrying(answers));
  document.body.append(form);
  form.submit();
});
