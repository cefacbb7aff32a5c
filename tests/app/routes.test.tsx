import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEY, browserSession, useSurveyStore } from '../../src/store';
import { startedSession } from '../../engine/session';
import { clock } from '../../src/clock';
import { renderApp, resetStore } from './helpers';

beforeEach(resetStore);

describe('routes', () => {
  it.each([
    '/',
    '/en',
    '/cy',
    '/en/no-such-survey',
    '/fr/basic',
    '/en/basic/q99',
    '/en/basic/q1/extra',
  ])('%s shows the not-found page', async (path) => {
    renderApp(path);
    const welsh = path.startsWith('/cy');
    expect(
      await screen.findByRole('heading', {
        name: welsh ? "Heb ddod o hyd i'r dudalen" : 'Page not found',
      }),
    ).toBeInTheDocument();
  });

  it('shows the Welsh not-found page for an unknown Welsh address', async () => {
    renderApp('/cy/dim-arolwg');
    expect(
      await screen.findByRole('heading', { name: "Heb ddod o hyd i'r dudalen" }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe("Heb ddod o hyd i'r dudalen - Rhoi adborth - GOV.UK"),
    );
  });

  it('redirects hash links to the path form', async () => {
    browserSession.write(startedSession('basic', clock.now()));
    const { router } = renderApp('/#/en/basic/q1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Why did you apply/ }),
    ).toBeInTheDocument();
  });

  it('switches language with ?lang=cy', async () => {
    const { router } = renderApp('/en/basic?lang=cy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cy/basic'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Dechrau nawr' })).toBeInTheDocument();
  });

  it('shows the start page with a trailing slash too', async () => {
    renderApp('/en/basic/');
    // Start posts to the survey's root (without JavaScript the server starts a draft there).
    const start = await screen.findByRole('button', { name: 'Start now' });
    expect(start.closest('form')).toHaveAttribute('action', '/en/basic');
    expect(start.closest('form')).toHaveAttribute('method', 'post');
    expect(screen.getByText('This survey takes about 10 minutes to complete.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('serves a one-page survey at its root, redirecting the trailing slash, with no back link', async () => {
    const { router } = renderApp('/en/barring-short/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/barring-short'));
    expect(await screen.findByRole('button', { name: /Send feedback/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
    expect(useSurveyStore.getState()).toMatchObject({
      surveyName: 'barring-short',
      inProgress: true,
    });
  });

  it('hides the language toggle when the survey turns it off and uses the survey purple theme', async () => {
    renderApp('/en/barring');
    expect(await screen.findByRole('button', { name: /Start/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cymraeg' })).not.toBeInTheDocument();
    expect(document.querySelector('.app-theme--purple')).not.toBeNull();
  });

  it('has a cookies page in both languages', async () => {
    renderApp('/cy/cookies');
    expect(await screen.findByRole('heading', { name: 'Cwcis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/cookies');
  });

  it('dismisses the cookie banner for good, in the one storage key', async () => {
    const user = userEvent.setup();
    renderApp('/en/basic');
    await user.click(await screen.findByRole('button', { name: 'Hide this message' }));
    expect(
      screen.queryByRole('region', { name: 'Cookies on this service' }),
    ).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state.cookieBannerDismissed).toBe(true);
  });

  it('finish page resets the survey', async () => {
    browserSession.write(startedSession('basic', clock.now()));
    useSurveyStore.getState().save({ whyDidYouApply: 'Job' });
    renderApp('/en/basic/finish');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(useSurveyStore.getState()).toMatchObject({ answers: {}, inProgress: false }),
    );
  });

  it('sends a guarded page back to its fallback', async () => {
    browserSession.write(startedSession('basic', clock.now()));
    useSurveyStore.getState().save({ whyDidYouApply: 'Job', whichSector: 'Third' });
    const { router } = renderApp('/en/basic/q3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q2'));
  });
});
