// Entry point. The server has drawn the page; this makes it live (hydration) and then loads the
// respondent's saved answers. A module script only runs in browsers that GOV.UK Frontend supports,
// so the support classes are set here rather than in an inline script (the CSP forbids those).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import './styles.scss';
import './i18n';
import { clock } from './clock';
import { routes } from './routes';
import { useRestored, useSurveyStore, type SurveyData } from './store';

document.body.classList.add('js-enabled', 'govuk-frontend-supported');

/** What the server rendered with, in a JSON data block (not a script: the CSP allows no inline script). */
const boot = JSON.parse(document.getElementById('app-data')?.textContent || '{}') as {
  router?: unknown;
  state?: SurveyData | null;
};
// React Router reads the server's loader data and errors from here when the router is created.
(window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = boot.router;
// A draft kept by the server (the script did not run on earlier pages) becomes this browser's.
if (boot.state) useSurveyStore.setState({ ...boot.state, lastActivity: clock.now() });

const router = createBrowserRouter(routes);

// Old hash links (/#/en/<survey>/q2) never reach the server: send them to the path form first.
if (location.hash.startsWith('#/')) location.replace(location.hash.slice(1));
else
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );

if (!boot.state && !location.hash.startsWith('#/'))
  void Promise.resolve(useSurveyStore.persist.rehydrate()).then(() => {
    useRestored.setState({ restored: true });
    // Loaders run again with the saved state: an expired or unstarted survey goes to the timeout page.
    return router.revalidate();
  });
