// Small respondent fixes (issue 26 item 9): the footer is a landmark, and Back from the finish
// page says the answers were sent instead of claiming 60 idle minutes.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { browserSession, useSurveyStore } from '../../src/store';
import { startedSession } from '../../engine/session';
import { clock } from '../../src/clock';
import { renderApp, resetStore } from './helpers';

beforeEach(resetStore);

describe('respondent pages', () => {
  it('have the footer as a contentinfo landmark with its links', async () => {
    browserSession.write(startedSession('basic', clock.now()));
    renderApp('/cy/basic/q1');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Cwcis' })).toHaveAttribute(
      'href',
      '/cy/cookies',
    );
  });

  it('send a question page opened after sending to the finish page, not the timeout page', async () => {
    browserSession.write(startedSession('basic', clock.now()));
    useSurveyStore.getState().save({ whyDidYouApply: 'Job' });
    useSurveyStore.getState().reset(); // what a successful Send does
    const { router } = renderApp('/en/basic/q2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/finish'));
  });

  it('still time out a question page opened with no survey started', async () => {
    const { router } = renderApp('/en/basic/q2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/timeout'));
  });
});
