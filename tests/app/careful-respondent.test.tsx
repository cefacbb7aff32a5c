// What a careful respondent trips over: skipped answers, counters that disagree with the length
// rule, the Other counter, sub-sectors of the chosen sector, and the hour running out.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prepareSubmission } from '../../engine';
import { clock } from '../../src/clock';
import { loadSurvey } from '../../src/definitions';
import { browserSession, useSurveyStore } from '../../src/store';
import { startedSession } from '../../engine/session';
import { renderApp, resetStore } from './helpers';

const MINUTE = 60_000;

beforeEach(() => {
  resetStore();
  clock.now = () => Date.now();
});

function inProgress(survey: string, answers = {}) {
  browserSession.write(startedSession(survey, clock.now()));
  useSurveyStore.getState().save(answers);
}

describe('skipping a question', () => {
  it('forgets what was saved on the page, so none of it is sent', async () => {
    inProgress('basic', { whyDidYouApply: 'Job', whichSector: 'Third', npsResult: '9' });
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q5');
    expect(await screen.findByLabelText('9')).toBeChecked();
    await user.click(screen.getByLabelText('10 - Very likely'));
    await user.click(screen.getByRole('link', { name: 'Skip this question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q8'));
    const { answers } = useSurveyStore.getState();
    expect(answers).toEqual({ whyDidYouApply: 'Job', whichSector: 'Third' });
    expect(prepareSubmission((await loadSurvey('basic'))!, answers)).not.toHaveProperty(
      'npsResult',
    );
  });
});

describe('the character count', () => {
  it('counts what will be sent, as the length rule does, and names what will not be sent', async () => {
    inProgress('barring-short');
    const user = userEvent.setup();
    renderApp('/en/barring-short');
    const box = await screen.findByLabelText(/improve/i);
    await user.click(box);
    await user.paste('££');
    const status = () => document.querySelector('.govuk-character-count__status')!;
    // '££' sends nothing: the count says so, and why.
    expect(status()).toHaveTextContent(
      'You have 1000 characters remaining. These characters will not be sent: £',
    );
    await user.clear(box);
    await user.paste('a'.repeat(999) + '££');
    expect(status()).toHaveTextContent(
      'You have 1 character remaining. These characters will not be sent: £',
    );
    expect(status()).not.toHaveClass('govuk-error-message');
  });
});

describe('the checkbox Other box', () => {
  it('has a character count with the 100-character limit', async () => {
    inProgress('barring', { didYouUsePreReferralCheck: 'Yes' });
    const user = userEvent.setup();
    renderApp('/en/barring/q10');
    const other = (await screen.findAllByRole('checkbox')).find(
      (box) => (box as HTMLInputElement).value === 'Other',
    )!;
    await user.click(other);
    const box = document.getElementById('whyDidYouUseThePreReferralCheckOther')!;
    expect(box.closest('.govuk-character-count')).toHaveAttribute('data-maxlength', '100');
    await user.type(box, 'Checking first');
    expect(box.closest('.govuk-character-count')).toHaveTextContent(
      'You have 86 characters remaining',
    );
  });
});

describe('basic q3 sub-sectors', () => {
  it('offers only the sub-sectors of the chosen sector', async () => {
    inProgress('basic', { whyDidYouApply: 'Job', whichSector: 'Private' });
    const { unmount } = renderApp('/en/basic/q3');
    expect(await screen.findByLabelText('Banking, finance or insurance')).toBeInTheDocument();
    expect(screen.queryByLabelText('Central or local government')).toBeNull();
    unmount();
    resetStore();
    inProgress('basic', { whyDidYouApply: 'Job', whichSector: 'Public' });
    renderApp('/en/basic/q3');
    expect(await screen.findByLabelText('Central or local government')).toBeInTheDocument();
    expect(screen.queryByLabelText('Banking, finance or insurance')).toBeNull();
  });
});

describe('the hour without activity', () => {
  it('Continue after 61 idle minutes goes to the timeout page and saves nothing', async () => {
    const start = Date.now();
    clock.now = () => start;
    inProgress('basic', { whyDidYouApply: 'Job' });
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q2');
    await user.click(await screen.findByLabelText('Public sector'));
    clock.now = () => start + 61 * MINUTE;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/timeout'));
    expect(useSurveyStore.getState().answers).toEqual({});
    expect(useSurveyStore.getState().inProgress).toBe(false);
  });
});
