// The page step, held to the specification: expected pages come from docs/surveys/barring.md
// (its 'Paths' and 'Pages' tables) and the SPEC's rules (60 minutes idle, skip keeps nothing,
// a likely email typo is confirmed before sending), written out by hand.
import { describe, expect, it } from 'vitest';
import { resolveSurvey } from '../../engine/resolve';
import { NO_SESSION, startedSession, type Session } from '../../engine/session';
import { step } from '../../engine/step';
import type { SurveyDefinition } from '../../engine/types';
import barringShortJson from '../fixtures/surveys/barring-short.json';
import { barring as resolveBarring, shared } from './fixtures';

const barring = resolveBarring();
const short = resolveSurvey(barringShortJson as unknown as SurveyDefinition, shared);
const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const MINUTE = 60 * 1000;
const at = (answers: Session['answers'], lastActivity = T0): Session => ({
  ...startedSession('barring', lastActivity),
  answers,
});

describe('step: start', () => {
  it('begins a fresh run at the first page, forgetting an earlier one', () => {
    const result = step(barring, at({ howToImprove: 'old' }), { kind: 'start' }, T0 + MINUTE);
    expect(result).toEqual({
      kind: 'go',
      to: 'q1',
      session: {
        surveyName: 'barring',
        answers: {},
        inProgress: true,
        lastActivity: T0 + MINUTE,
        sent: false,
      },
    });
  });

  it('keeps a one-page survey under way, and starts one that is not', () => {
    const going = { ...startedSession('barring-short', T0), answers: { howEasy: '5' } };
    const kept = step(short, going, { kind: 'start' }, T0 + MINUTE);
    expect(kept).toMatchObject({ kind: 'go', session: { answers: { howEasy: '5' } } });
    const fresh = step(short, NO_SESSION, { kind: 'start' }, T0);
    expect(fresh).toMatchObject({ kind: 'go', session: { inProgress: true, answers: {} } });
  });

  it('opens a one-page survey sent within the hour at the finish page (Back after sending)', () => {
    const sent: Session = {
      ...NO_SESSION,
      surveyName: 'barring-short',
      sent: true,
      lastActivity: T0,
    };
    expect(step(short, sent, { kind: 'start' }, T0 + 59 * MINUTE)).toMatchObject({
      kind: 'go',
      to: 'finish',
    });
    // After the hour, or with no time of sending, or sent on another survey: a new run.
    for (const [session, now] of [
      [sent, T0 + 61 * MINUTE],
      [{ ...sent, lastActivity: null }, T0],
      [{ ...sent, surveyName: 'barring' }, T0],
    ] as const)
      expect(step(short, session, { kind: 'start' }, now)).toMatchObject({
        to: 'q1',
        session: { inProgress: true, answers: {}, sent: false },
      });
    // A start page's Start begins again after sending.
    const multi = { ...sent, surveyName: 'barring' };
    expect(step(barring, multi, { kind: 'start' }, T0)).toMatchObject({ to: 'q1' });
  });

  it('starts a run carried from the browser with its answers, or carries on the run under way', () => {
    const carried = { howToImprove: 'carried' };
    const started = step(barring, NO_SESSION, { kind: 'start', carried }, T0);
    expect(started).toEqual({
      kind: 'go',
      to: 'q1',
      session: { ...startedSession('barring', T0), answers: carried },
    });
    // A run of the survey under way here (its draft) is kept, touched now.
    const going = at({ howToImprove: 'kept' });
    expect(step(barring, going, { kind: 'start', carried }, T0 + MINUTE)).toMatchObject({
      session: { answers: { howToImprove: 'kept' }, lastActivity: T0 + MINUTE },
    });
    // One idle over the hour is not: the carried answers start again.
    expect(step(barring, going, { kind: 'start', carried }, T0 + 61 * MINUTE)).toMatchObject({
      session: { answers: carried, lastActivity: T0 + 61 * MINUTE },
    });
  });
});

describe('step: visit', () => {
  it('shows a page of the run under way and records the activity', () => {
    expect(step(barring, at({}), { kind: 'visit', page: 'q3' }, T0 + MINUTE)).toEqual({
      kind: 'show',
      session: { ...at({}), lastActivity: T0 + MINUTE },
    });
  });

  it('sends a page opened out of turn back by its guard (q10 only when the check was used)', () => {
    const no = at({ didYouUsePreReferralCheck: 'No' });
    expect(step(barring, no, { kind: 'visit', page: 'q10' }, T0)).toMatchObject({
      kind: 'go',
      to: 'q9',
    });
    const yes = at({ didYouUsePreReferralCheck: 'Yes' });
    expect(step(barring, yes, { kind: 'visit', page: 'q10' }, T0).kind).toBe('show');
  });

  it('times out with no survey under way, or another survey under way', () => {
    expect(step(barring, NO_SESSION, { kind: 'visit', page: 'q2' }, T0)).toMatchObject({
      kind: 'go',
      to: 'timeout',
    });
    const other = startedSession('basic', T0);
    expect(step(barring, other, { kind: 'visit', page: 'q2' }, T0)).toMatchObject({
      to: 'timeout',
    });
  });

  it('clears the answers after 60 minutes idle, and not at exactly 60', () => {
    const session = at({ howToImprove: 'Clearer hints' });
    expect(step(barring, session, { kind: 'visit', page: 'q9' }, T0 + 60 * MINUTE).kind).toBe(
      'show',
    );
    expect(step(barring, session, { kind: 'visit', page: 'q9' }, T0 + 61 * MINUTE)).toEqual({
      kind: 'go',
      to: 'timeout',
      session: NO_SESSION,
    });
  });

  it('shows the finish page after the run was sent (Back after sending)', () => {
    const sent: Session = { ...NO_SESSION, surveyName: 'barring', sent: true };
    expect(step(barring, sent, { kind: 'visit', page: 'q13' }, T0)).toMatchObject({
      to: 'finish',
    });
  });

  it('says a page the survey does not have is missing', () => {
    expect(step(barring, at({}), { kind: 'visit', page: 'q99' }, T0)).toEqual({ kind: 'missing' });
  });
});

describe('step: continue', () => {
  const go = (session: Session, page: string, entered: Session['answers']) =>
    step(barring, session, { kind: 'continue', page, entered }, T0 + MINUTE);

  it('follows the specification path: q9 "No" goes to q13, "Yes" to q10', () => {
    expect(go(at({}), 'q9', { didYouUsePreReferralCheck: 'No' })).toMatchObject({
      kind: 'go',
      to: 'q13',
      session: { answers: { didYouUsePreReferralCheck: 'No' }, lastActivity: T0 + MINUTE },
    });
    expect(go(at({}), 'q9', { didYouUsePreReferralCheck: 'Yes' })).toMatchObject({ to: 'q10' });
  });

  it('replaces what was kept for the page and keeps earlier pages', () => {
    const session = at({ howDidYouHearAboutSurvey: 'Email', howToImprove: 'first try' });
    expect(go(session, 'q8', { howToImprove: 'second try' })).toMatchObject({
      to: 'q9',
      session: { answers: { howDidYouHearAboutSurvey: 'Email', howToImprove: 'second try' } },
    });
  });

  it('shows errors with the answers as typed and keeps nothing', () => {
    expect(go(at({}), 'q9', {})).toEqual({
      kind: 'errors',
      answers: {},
      errors: [
        {
          field: 'didYouUsePreReferralCheck',
          message: {
            key: 'required',
            text: {
              en: 'Select yes if you used the pre-referral check',
              cy: "Dewiswch 'Do' os gwnaethoch ddefnyddio'r gwiriad cyn atgyfeirio",
            },
          },
        },
      ],
    });
  });

  it('times out after 60 minutes idle instead of saving', () => {
    const idle = step(
      barring,
      at({}),
      { kind: 'continue', page: 'q9', entered: { didYouUsePreReferralCheck: 'No' } },
      T0 + 61 * MINUTE,
    );
    expect(idle).toEqual({ kind: 'go', to: 'timeout', session: NO_SESSION });
  });

  const details = {
    furtherFeedback: 'Yes',
    firstName: 'Ann',
    lastName: 'Jones',
    email: 'ann@gmial.com',
  };
  const send = (emailChoice?: string) =>
    step(
      barring,
      at({ didYouUsePreReferralCheck: 'No' }),
      { kind: 'continue', page: 'q13', entered: details, emailChoice },
      T0,
    );

  it('asks to confirm a likely email typo before sending', () => {
    expect(send()).toEqual({
      kind: 'errors',
      answers: { didYouUsePreReferralCheck: 'No', ...details },
      suggestion: { typed: 'ann@gmial.com', full: 'ann@gmail.com' },
      errors: [{ field: 'emailChoice', message: { key: 'emailDomain' } }],
    });
  });

  it('sends the suggested address when chosen, or the typed one', () => {
    expect(send('suggested')).toMatchObject({
      kind: 'send',
      submission: { email: 'ann@gmail.com', serviceName: 'barring-survey' },
    });
    expect(send('typed')).toMatchObject({
      kind: 'send',
      submission: {
        didYouUsePreReferralCheck: 'No',
        furtherFeedback: 'Yes',
        firstName: 'Ann',
        lastName: 'Jones',
        email: 'ann@gmial.com',
        serviceName: 'barring-survey',
      },
      session: { inProgress: true },
    });
  });
});

describe('step: skip and sent', () => {
  it('skips q8 to q9, keeping nothing of q8', () => {
    const session = at({ howDidYouHearAboutSurvey: 'Email', howToImprove: 'typed earlier' });
    expect(step(barring, session, { kind: 'skip', page: 'q8' }, T0 + MINUTE)).toMatchObject({
      kind: 'go',
      to: 'q9',
      session: { answers: { howDidYouHearAboutSurvey: 'Email' }, lastActivity: T0 + MINUTE },
    });
  });

  it('has nothing to skip on a page without a skip link, and times out when idle', () => {
    expect(step(barring, at({}), { kind: 'skip', page: 'q9' }, T0)).toEqual({ kind: 'missing' });
    expect(step(barring, at({}), { kind: 'skip', page: 'q8' }, T0 + 61 * MINUTE)).toMatchObject({
      to: 'timeout',
    });
  });

  it('after the answers are stored, empties the run (kept for its hour) and goes to the finish page', () => {
    expect(step(barring, at({ howToImprove: 'x y' }), { kind: 'sent' }, T0)).toEqual({
      kind: 'go',
      to: 'finish',
      session: { ...NO_SESSION, surveyName: 'barring', sent: true, lastActivity: T0 },
    });
  });
});
