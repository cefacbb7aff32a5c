// Entry point, kept to a few lines: the server has drawn a complete page, so nothing on it waits
// for the app. Its script (React, the router, the engine) is fetched once that page is on
// screen, so on a slow connection it never competes with the first paint, and then makes the
// page live. A module script only runs in browsers that GOV.UK Frontend supports, so the support
// classes are set here, before the first paint (the CSP forbids inline scripts).
import './styles.scss';
import { fetchFullStyles } from './fullStyles';
import { SCRIPT_CLASSES } from './scriptClasses';

document.body.classList.add(...SCRIPT_CLASSES);
// 'loading' until the page is live (tests and the page benchmark wait for 'live').
document.documentElement.dataset.app = 'loading';

// A frame callback runs just before the first paint; a task queued from it runs after.
requestAnimationFrame(() =>
  setTimeout(() => {
    fetchFullStyles();
    return import('./app').catch(() => {
      // The app did not arrive (a dropped connection): back to the page as drawn for no
      // script, whose conditional questions show open and whose forms post to the server.
      document.body.classList.remove(...SCRIPT_CLASSES);
      delete document.documentElement.dataset.app;
    });
  }),
);
