// Entry point, kept to a few lines: the server has drawn a complete page, so nothing on it waits
// for the app. Its script (React, the router, the engine) and the full stylesheet are fetched
// once that page is on screen, so on a slow connection they never compete with the first paint;
// when both have arrived, the app makes the page live. A module script only runs in browsers
// that GOV.UK Frontend supports, so the support classes are set here, before the first paint.
// What must not wait for this file (the saved answers carried by a form posted before the app is
// live) is the page's inline script, src/early.ts.
import './styles.scss';
import { fetchFullStyles } from './fullStyles';
import { isLang, type Lang, type ResolvedSurvey } from '../engine/types';
import { readBootData, type BootData } from './bootData';
import { QUESTION_ROUTE_ID, surveyPath } from './paths';
import { bannerHiddenBefore, underWay } from './savedState';
import {
  BANNER_HIDDEN_CLASS,
  REVEALED_CLOSED_CLASS,
  SCRIPT_CLASSES,
  SCRIPT_ONLY_CLASS,
} from './scriptClasses';

document.body.classList.add(...SCRIPT_CLASSES);
if (bannerHiddenBefore()) document.body.classList.add(BANNER_HIDDEN_CLASS);
// 'loading' until the page is live (the browser tests wait for 'live').
document.documentElement.dataset.app = 'loading';

// A script or sheet that hangs (neither arrives nor fails) would leave the page in between for
// good: conditional questions closed, with nothing to open them. After this long the server
// draws the pages instead. The app and the sheet are about 150 KB compressed: on a slow 3G
// connection (400 kbit/s) that is 3 to 4 seconds.
const GIVE_UP_MS = 10_000;

/** The interface words of each language, each its own small chunk. */
const WORDS = { en: () => import('./i18n/en.json'), cy: () => import('./i18n/cy.json') };

let started = false;
let withoutScript = false;
/** Back to the page as drawn for no script: conditional questions show open, forms post to the server. */
function withoutApp(): void {
  withoutScript = true;
  document.body.classList.remove(...SCRIPT_CLASSES);
  for (const control of document.querySelectorAll<HTMLElement>(`.${SCRIPT_ONLY_CLASS}`))
    control.style.display = 'none';
  delete document.documentElement.dataset.app;
}

/**
 * The timeout page's address when this is a question page with no survey in progress here (nor
 * a draft from the server): where the app would send it once it arrived. Going now spares the
 * respondent a question they cannot answer and the page moving under them when the app arrives.
 */
function timeoutInstead(boot: BootData): string | undefined {
  const loaderData = boot.router?.loaderData ?? {};
  const survey = loaderData.survey as Pick<ResolvedSurvey, 'id' | 'layout'> | undefined;
  if (!survey || !(QUESTION_ROUTE_ID in loaderData) || boot.state) return undefined;
  if (underWay(survey.id, Date.now())) return undefined;
  return surveyPath(document.documentElement.lang as Lang, survey, 'timeout');
}

/**
 * Until the app is live, a choice opens or closes the question it reveals, as GOV.UK Frontend's
 * radios and checkboxes would (the support class hides closed ones): a late app must not keep
 * hidden a question the respondent's choice has made required. The app then draws the same.
 */
function revealWhileLoading(): void {
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (document.documentElement.dataset.app === 'live') return;
    if (!(input instanceof HTMLInputElement) || !input.form) return;
    const kind = input.type === 'radio' ? 'radios' : input.type === 'checkbox' ? 'checkboxes' : '';
    if (!kind) return;
    // Ticking one radio unticks the rest of its group, closing what they revealed.
    const group =
      kind === 'radios'
        ? input.form.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(input.name)}"]`)
        : [input];
    for (const choice of group) {
      const revealed = document.getElementById(choice.getAttribute('aria-controls') ?? '');
      revealed?.classList.toggle(`govuk-${kind}__conditional--hidden`, !choice.checked);
    }
    // A field shown by a rule on this choice opens for the option values its page names.
    const chosen = [...input.form.querySelectorAll<HTMLInputElement>('input:checked')]
      .filter((checked) => checked.name === input.name)
      .map((checked) => checked.value);
    for (const field of document.querySelectorAll<HTMLElement>('[data-revealed-by]')) {
      if (field.dataset.revealedBy !== input.name) continue;
      const values = JSON.parse(field.dataset.revealedValues ?? '[]') as string[];
      field.classList.toggle(
        REVEALED_CLOSED_CLASS,
        !chosen.some((value) => values.includes(value)),
      );
    }
  });
}

const boot = readBootData();
revealWhileLoading();
const timedOut = timeoutInstead(boot);
// Old hash links (/#/en/<survey>/q2) never reach the server: send them to the path form first.
if (location.hash.startsWith('#/')) location.replace(location.hash.slice(1));
else if (timedOut) location.replace(timedOut);
// A frame callback runs just before the first paint; a task queued from it runs after.
else
  requestAnimationFrame(() =>
    setTimeout(() => {
      // The pages the app draws need the full stylesheet, so the app starts only with it. When
      // either fails to arrive (a dropped connection), the server goes on drawing the pages: at
      // once, not after the rest has arrived.
      const styled = fetchFullStyles().then((loaded) => loaded || withoutApp());
      // Only this page's language is fetched, alongside the app (the server chose it: <html lang>).
      const page = document.documentElement.lang;
      const lang: Lang = isLang(page) ? page : 'en';
      Promise.all([import('./app'), WORDS[lang](), styled])
        .then(([app, words]) => {
          if (withoutScript) return;
          started = true;
          app.startApp(boot, lang, words.default);
        })
        .catch(withoutApp);
      setTimeout(() => started || withoutApp(), GIVE_UP_MS);
    }),
  );
