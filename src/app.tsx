// The app, started by main.tsx once it and the full stylesheet have arrived: makes the server's
// page live (hydration) and then loads the respondent's saved answers.
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { ResourceLanguage } from 'i18next';
import { addWords } from './i18n';
import { clock } from './clock';
import type { BootData } from './bootData';
import { applyFullStyles, applyFullStylesWhenIdle } from './fullStyles';
import {
  findPage,
  pageFields,
  typeOf,
  type Answers,
  type Lang,
  type ResolvedSurvey,
} from '../engine';
import { answersFromForm, type PostedForm } from '../engine/form';
import { openOnePage, routes } from './routes';
import { useRestored, useSurveyStore } from './store';

/** Runs `then` once React has committed the hydrated page. */
function Hydrated({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(then, [then]);
  return children;
}

/** What was entered on the server's page before it was live (ticked, typed): the page's
 *  fields that are not empty, read as the server reads a posted form. */
function enteredOnPage(boot: BootData): { survey?: ResolvedSurvey; entered: Answers } {
  const survey = boot.router?.loaderData?.survey as ResolvedSurvey | undefined;
  const form = document.querySelector<HTMLFormElement>('#main-content form[method="post"]');
  if (!survey || !form) return { entered: {} };
  const pageId = location.pathname.split('/')[3];
  const page = pageId ? findPage(survey, pageId) : survey.pages[0];
  if (!page) return { entered: {} };
  const data = new FormData(form);
  const posted: PostedForm = {};
  for (const name of new Set(data.keys()))
    posted[name] = data.getAll(name).filter((value) => typeof value === 'string');
  const read = answersFromForm(page, posted, {});
  const fields = new Map(pageFields(page).map((field) => [field.name, field]));
  const entered = Object.fromEntries(
    Object.entries(read).filter(([name, value]) => !typeOf(fields.get(name)!).isEmpty(value)),
  );
  return { survey, entered };
}

/** The field being typed in (by id) and where its caret is, to give them back after the form is
 *  drawn again from the saved answers (a new element, which would drop the keyboard's place). */
function focusKeeper(): () => void {
  const active = document.activeElement;
  const id = active instanceof HTMLElement && active.closest('form') ? active.id : '';
  const caret =
    active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement
      ? [active.selectionStart, active.selectionEnd]
      : null;
  return () => {
    const again = id ? document.getElementById(id) : null;
    if (!again || again === document.activeElement) return;
    again.focus();
    if (caret && (again instanceof HTMLTextAreaElement || again instanceof HTMLInputElement))
      try {
        again.setSelectionRange(caret[0] ?? null, caret[1] ?? null);
      } catch {
        // a radio or checkbox has no caret
      }
  };
}

/** Makes the server's page live: called once the app and the full stylesheet have both arrived. */
export function startApp(boot: BootData, lang: Lang, words: ResourceLanguage[string]): void {
  addWords(lang, words);
  // React Router reads the server's loader data and errors from here when the router is created.
  (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = boot.router;
  // Read before hydration, which draws the inputs as the server did.
  const before = enteredOnPage(boot);
  // A draft kept by the server (the script did not run on earlier pages) becomes this browser's.
  if (boot.state) useSurveyStore.setState({ ...boot.state, lastActivity: clock.now() });

  const router = createBrowserRouter(routes);
  // A page the app draws itself needs the full stylesheet (the server's page came with its own).
  const firstLocation = router.state.location.key;
  router.subscribe((state) => {
    if (state.navigation.location || state.location.key !== firstLocation) applyFullStyles();
  });

  let live = false;
  const afterHydration = () => {
    if (live) return; // StrictMode runs effects twice in development
    live = true;
    // Read as soon as hydration has committed, before any later render redraws the fields from
    // the form's state (drawn from the server's page, so empty where the respondent typed while
    // the page hydrated); the keyboard's place is kept from now too.
    const during = enteredOnPage(boot);
    const refocus = focusKeeper();
    // With a draft the state came with the page; otherwise it is loaded from storage now.
    const loaded = boot.state ? undefined : useSurveyStore.persist.rehydrate();
    const restored = Promise.resolve(loaded).then(() => {
      // The form starts again from the saved answers: what was entered before the app was live
      // and while it hydrated (the later reading winning) joins them first, and the keyboard
      // stays where it was, so nothing typed is lost.
      const entered = { ...before.entered, ...during.entered };
      const { survey } = before;
      // A one-page survey starts when opened, but its loader runs again only below: it is
      // started here, so what was entered before the app was live has a run to join.
      if (survey?.layout === 'single' && !boot.state && Object.keys(entered).length)
        openOnePage(survey);
      const state = useSurveyStore.getState();
      if (state.inProgress && state.surveyName === survey?.id)
        if (Object.keys(entered).length) state.save(entered);
      // Drawn at once, so no key pressed in between goes to the old form.
      flushSync(() => useRestored.setState({ restored: true }));
      refocus();
      if (boot.state) return;
      // Saved answers can show questions the server's page left out (a `showWhen` rule), so
      // their styles must be there too.
      if (Object.keys(useSurveyStore.getState().answers).length) applyFullStyles();
      // Loaders run again with the saved state: an expired or unstarted survey goes to the timeout page.
      return router.revalidate();
    });
    void restored.then(() => {
      document.documentElement.dataset.app = 'live';
      applyFullStylesWhenIdle();
    });
  };

  // As a transition, hydration works in short slices, so a slow phone stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <Hydrated then={afterHydration}>
          <RouterProvider router={router} />
        </Hydrated>
      </StrictMode>,
    );
  });
}
