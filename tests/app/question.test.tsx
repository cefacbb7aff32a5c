import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clock } from '../../src/clock';
import { browserSession, useSurveyStore } from '../../src/store';
import { startedSession } from '../../engine/session';
import { renderApp, resetStore } from './helpers';

const MINUTE = 60_000;

beforeEach(() => {
  resetStore();
  clock.now = () => Date.now();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function inProgress(survey: string, answers = {}) {
  browserSession.write(startedSession(survey, clock.now()));
  useSurveyStore.getState().save(answers);
}

describe('question page', () => {
  it('shows the question in English with caption, button and title', async () => {
    inProgress('basic');
    renderApp('/en/basic/q1');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Why did you apply for a basic DBS check?');
    expect(heading).toHaveTextContent(/Question 1 of \d+/);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/en/basic');
    await waitFor(() =>
      expect(document.title).toBe(
        'Why did you apply for a basic DBS check? - Give feedback on applying for a basic DBS check - GOV.UK',
      ),
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.getElementById('whyDidYouApply')).toHaveAttribute('type', 'radio');
  });

  it('shows the question in Welsh', async () => {
    inProgress('basic');
    renderApp('/cy/basic/q1');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Pam wnaethoch chi wneud cais am wiriad DBS sylfaenol?');
    expect(heading).toHaveTextContent(/Cwestiwn 1 o \d+/);
    expect(screen.getByRole('button', { name: 'Parhau' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yn ôl' })).toHaveAttribute('href', '/cy/basic');
    expect(screen.getByText("Neidio i'r prif gynnwys")).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('cy'));
    await waitFor(() =>
      expect(document.title).toMatch(
        /^Pam wnaethoch .* - Rhoi adborth am wneud cais am wiriad DBS sylfaenol - GOV.UK$/,
      ),
    );
  });

  it('focuses the error summary, prefixes the title and links to the field', async () => {
    inProgress('basic');
    const user = userEvent.setup();
    renderApp('/en/basic/q1');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByText('There is a problem')).closest(
      '.govuk-error-summary',
    ) as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    await waitFor(() => expect(document.title).toMatch(/^Error: Why did you apply/));
    const link = within(summary).getByRole('link', {
      name: 'Select why you applied for a basic DBS check',
    });
    expect(link).toHaveAttribute('href', '#whyDidYouApply');
    expect(
      screen.getByText('Select why you applied for a basic DBS check', {
        selector: '.govuk-error-message',
      }),
    ).toHaveTextContent(/^Error: Select why/);
    await user.click(link);
    expect(document.getElementById('whyDidYouApply')).toHaveFocus();
    expect(useSurveyStore.getState().answers).toEqual({});
  });

  it('uses the Welsh error summary title and prefix', async () => {
    inProgress('basic');
    const user = userEvent.setup();
    renderApp('/cy/basic/q1');
    await user.click(await screen.findByRole('button', { name: 'Parhau' }));
    expect(await screen.findByText('Mae problem')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Gwall: /));
    expect(document.querySelector('.govuk-error-message')).toHaveTextContent(
      /^Gwall: Dewiswch pam/,
    );
  });

  it('reveals the Other text without losing what was typed, and saves then moves on', async () => {
    inProgress('basic');
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q1');
    await user.click(await screen.findByRole('radio', { name: 'Another reason' }));
    const other = document.getElementById('whyDidYouApplyOther') as HTMLInputElement;
    expect(other.closest('.govuk-radios__conditional')).not.toHaveClass(
      'govuk-radios__conditional--hidden',
    );
    await user.type(other, 'For adoption');
    await user.click(screen.getByLabelText('For volunteering'));
    expect(other.closest('.govuk-radios__conditional')).toHaveClass(
      'govuk-radios__conditional--hidden',
    );
    await user.click(screen.getByRole('radio', { name: 'Another reason' }));
    expect(document.getElementById('whyDidYouApplyOther')).toHaveValue('For adoption');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q2'));
    expect(useSurveyStore.getState().answers).toMatchObject({
      whyDidYouApply: 'Other',
      whyDidYouApplyOther: 'For adoption',
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('skipping a question saves nothing', async () => {
    inProgress('basic', { whyDidYouApply: 'Job', whichSector: 'Third' });
    const before = useSurveyStore.getState().answers;
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q5');
    await user.click(await screen.findByLabelText('10 - Very likely'));
    await user.click(screen.getByRole('link', { name: 'Skip this question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q8'));
    expect(useSurveyStore.getState().answers).toEqual(before);
  });

  it('swaps the language segment with the toggle', async () => {
    inProgress('basic');
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q1');
    await user.click(await screen.findByRole('link', { name: 'Cymraeg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cy/basic/q1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Pam wnaethoch chi/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/basic/q1');
  });

  it('sends the respondent to the timeout page after 61 idle minutes', async () => {
    const start = Date.now();
    clock.now = () => start;
    inProgress('basic', { whyDidYouApply: 'Job' });
    clock.now = () => start + 61 * MINUTE;
    const { router } = renderApp('/en/basic/q2');
    expect(
      await screen.findByRole('heading', { name: "Sorry, you'll have to start again" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/basic/timeout');
    expect(useSurveyStore.getState().answers).toEqual({});
    expect(screen.getByRole('button', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/en/basic',
    );
  });

  it('keeps a session active for 59 idle minutes', async () => {
    const start = Date.now();
    clock.now = () => start;
    inProgress('basic', { whyDidYouApply: 'Job' });
    clock.now = () => start + 59 * MINUTE;
    renderApp('/en/basic/q2');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/sector/i);
  });

  it('Start clears earlier answers', async () => {
    inProgress('basic', { whyDidYouApply: 'Job' });
    useSurveyStore.setState({ inProgress: false });
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic');
    await user.click(await screen.findByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/q1'));
    expect(useSurveyStore.getState()).toMatchObject({
      answers: {},
      inProgress: true,
      surveyName: 'basic',
    });
    expect(await screen.findByLabelText('For a job or job offer')).not.toBeChecked();
  });
});

describe('contact page and submission', () => {
  const answers = {
    whyDidYouApply: 'Job',
    whichSector: 'Third',
    howDidYouVerify: 'Online',
    npsResult: '9',
  };

  async function fillContact(user: ReturnType<typeof userEvent.setup>, email: string) {
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Jones');
    await user.type(screen.getByLabelText(/Email address/), email);
  }

  it('posts the answers on the path with the JSON and API key headers, then finishes', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    inProgress('basic', answers);
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q9');
    await fillContact(user, 'sam@example.com');
    // Written out from the data dictionary (docs/surveys/basic.md): the answers on the path
    // (q3 is not on the Third-sector path), the contact details as typed, and serviceName.
    const expected = {
      serviceName: 'basic-survey',
      whyDidYouApply: 'Job',
      whichSector: 'Third',
      howDidYouVerify: 'Online',
      npsResult: '9',
      firstName: 'Sam',
      lastName: 'Jones',
      email: 'sam@example.com',
    };
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/finish'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feedback');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'x-api-key': 'local-development-key',
    });
    expect(JSON.parse(init.body as string)).toEqual(expected);
    expect(init.headers).not.toHaveProperty('x-test-submission');
    expect(await screen.findByText('Thank you for your feedback')).toBeInTheDocument();
    expect(useSurveyStore.getState()).toMatchObject({ answers: {}, inProgress: false });
  });

  it('marks the answers of a run begun at a preview link as a test submission', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    inProgress('basic', answers);
    // What a page opened through the preview hands over (its draft, server/nojs contextFor).
    useSurveyStore.setState({ test: true });
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q9');
    await fillContact(user, 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/finish'));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'x-test-submission': '1' });
    // Sent: the next run is a respondent's own again.
    expect(useSurveyStore.getState().test).toBe(false);
  });

  it('shows the error page with the status code when the API refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    inProgress('basic', answers);
    const user = userEvent.setup();
    renderApp('/en/basic/q9');
    await fillContact(user, 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, there is a problem with the service' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error code: 500')).toBeInTheDocument();
    expect(useSurveyStore.getState().inProgress).toBe(true);
  });

  it('shows service unavailable when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    inProgress('basic', answers);
    const user = userEvent.setup();
    renderApp('/en/basic/q9');
    await user.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, the service is unavailable' }),
    ).toBeInTheDocument();
  });

  it('asks to confirm a suggested email address, and uses the suggestion when chosen', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    inProgress('basic', answers);
    const user = userEvent.setup();
    const { router } = renderApp('/en/basic/q9');
    await fillContact(user, 'sam@gmial.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const message =
      'There might be a mistake in the last part of your email address. Select the correct email address.';
    const summary = (await screen.findByText('There is a problem')).closest(
      '.govuk-error-summary',
    ) as HTMLElement;
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      '#emailChoice',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // Sending again without choosing keeps the question open.
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('sam@gmail.com'));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basic/finish'));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'sam@gmail.com' });
  });

  it('keeps the address as typed when the respondent says so', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    inProgress('basic', answers);
    const user = userEvent.setup();
    renderApp('/en/basic/q9');
    await fillContact(user, 'sam@gmial.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await user.click(await screen.findByLabelText('sam@gmial.com'));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'sam@gmial.com' });
  });
});
