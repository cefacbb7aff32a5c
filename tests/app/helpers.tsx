import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../../src/routes';
import { emptySurvey, useSurveyStore } from '../../src/store';
import '../../src/i18n/words';

// The first render loads a definition chunk and the whole app: give it time on a busy machine.
// A wait, not a speed: generous, so a page drawn slowly on a loaded machine is still awaited.
configure({ asyncUtilTimeout: 20_000 });

/** Mounts the whole app at `path` with an in-memory history. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** A fresh store: no survey, banner not dismissed. */
export function resetStore(): void {
  useSurveyStore.setState({ ...emptySurvey, cookieBannerDismissed: false });
}
