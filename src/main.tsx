// Entry point. A module script only runs in browsers that GOV.UK Frontend supports, so the
// support classes are set here rather than in an inline script (the CSP forbids those).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import './styles.scss';
import './i18n';
import { routes } from './routes';

document.body.classList.add('js-enabled', 'govuk-frontend-supported');

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
