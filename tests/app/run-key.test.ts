// Each run of a survey has its own random key, sent with its answers, so the server stores a
// run once however often it is sent (server: tests/server/submission-key.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startedSession } from '../../engine/session';
import { browserSession, useSurveyStore } from '../../src/store';
import { submitFeedback } from '../../src/submit';
import { resetStore } from './helpers';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

const sentKey = (fetchMock: ReturnType<typeof vi.fn>, call: number) =>
  ((fetchMock.mock.calls[call] as [string, RequestInit])[1].headers as Record<string, string>)[
    'Idempotency-Key'
  ];

describe('the run key', () => {
  it('is made at START, kept while the run lasts, and new for the next run', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    browserSession.write(startedSession('basic', Date.now()));
    const first = useSurveyStore.getState().runKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Two sends of the run (a double tap, a second tab) carry the same key.
    await submitFeedback({ serviceName: 'x' });
    await submitFeedback({ serviceName: 'x' });
    expect(sentKey(fetchMock, 0)).toBe(first);
    expect(sentKey(fetchMock, 1)).toBe(first);
    // Saved with the run, as the second tab reads it.
    expect(JSON.parse(localStorage.getItem('feedback-survey')!).state.runKey).toBe(first);

    useSurveyStore.getState().reset();
    browserSession.write(startedSession('basic', Date.now()));
    expect(useSurveyStore.getState().runKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(useSurveyStore.getState().runKey).not.toBe(first);
  });

  it('is made when sending a run saved without one, and then kept', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    useSurveyStore.setState({ surveyName: 'basic', inProgress: true, runKey: undefined });
    await submitFeedback({ serviceName: 'x' });
    await submitFeedback({ serviceName: 'x' });
    expect(sentKey(fetchMock, 0)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sentKey(fetchMock, 1)).toBe(sentKey(fetchMock, 0));
  });
});
