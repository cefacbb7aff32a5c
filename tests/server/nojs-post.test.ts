// A form posted without JavaScript is read by each field's type and handed to the engine's page
// step, as the app's Continue is. Expected values are written out from docs/surveys/*.md.
import { describe, expect, it } from 'vitest';
import { findPage, startedSession, type Answers, type ResolvedSurvey } from '../../engine';
import type { PostedForm } from '../../engine/form';
import { EMAIL_CHOICE, postPage } from '../../server/nojs/post';
import { barring as resolveBarring, basic as resolveBasic } from '../engine/fixtures';

const basic = resolveBasic();
const barring = resolveBarring();
const T0 = Date.UTC(2026, 0, 1, 9);

/** Posts `form` to `pageId` of a run under way with `earlier` answers. */
const post = (survey: ResolvedSurvey, pageId: string, earlier: Answers, form: PostedForm) =>
  postPage(
    survey,
    findPage(survey, pageId)!,
    { ...startedSession(survey.id, T0), answers: earlier },
    form,
    T0,
  );

describe('postPage', () => {
  it('reads a choice with its Other text and goes where Continue goes', () => {
    const outcome = post(
      basic,
      'q1',
      {},
      {
        whyDidYouApply: 'Other',
        whyDidYouApplyOther: 'For adoption',
      },
    );
    expect(outcome).toMatchObject({
      kind: 'go',
      to: 'q2',
      session: { answers: { whyDidYouApply: 'Other', whyDidYouApplyOther: 'For adoption' } },
    });
  });

  it('ignores a revealed field whose option was not chosen (shown open without JavaScript)', () => {
    const outcome = post(
      basic,
      'q1',
      { whyDidYouApplyOther: 'earlier' },
      {
        whyDidYouApply: 'Job',
        whyDidYouApplyOther: 'typed but not chosen',
      },
    );
    expect(outcome).toMatchObject({ kind: 'go', session: { answers: { whyDidYouApply: 'Job' } } });
    expect(outcome.kind === 'go' && outcome.session.answers).not.toHaveProperty(
      'whyDidYouApplyOther',
    );
  });

  it('gives the page again with its errors, keeping what was typed', () => {
    const outcome = post(basic, 'q8', { whyDidYouApply: 'Job' }, { howToImprove: 'x' });
    expect(outcome).toEqual({
      kind: 'errors',
      answers: { whyDidYouApply: 'Job', howToImprove: 'x' },
      errors: [{ field: 'howToImprove', message: { key: 'tooShort', params: { min: 2 } } }],
    });
    const none = post(basic, 'q2', {}, {});
    expect(none.kind === 'errors' && none.errors[0]?.message.key).toBe('required');
  });

  it('reads repeated checkbox values as a list, and routes by the answers', () => {
    const outcome = post(
      barring,
      'q10',
      { didYouUsePreReferralCheck: 'Yes' },
      {
        whyDidYouUseThePreReferralCheck: ['Someone suggested it', 'Other'],
        whyDidYouUseThePreReferralCheckOther: 'Training',
      },
    );
    expect(outcome).toMatchObject({
      kind: 'go',
      to: 'q11',
      session: {
        answers: {
          whyDidYouUseThePreReferralCheck: ['Someone suggested it', 'Other'],
          whyDidYouUseThePreReferralCheckOther: 'Training',
        },
      },
    });
  });

  it('asks to confirm a likely email typo, then sends the chosen address', () => {
    const earlier = { howDidYouHearAboutSurvey: 'Email', furtherFeedback: 'Yes' };
    const posted = {
      furtherFeedback: 'Yes',
      firstName: 'Ann',
      lastName: 'Jones',
      email: 'ann@gmial.com',
    };
    expect(post(barring, 'q13', earlier, posted)).toMatchObject({
      kind: 'errors',
      suggestion: { typed: 'ann@gmial.com', full: 'ann@gmail.com' },
      errors: [{ field: EMAIL_CHOICE, message: { key: 'emailDomain' } }],
    });
    const suggested = post(barring, 'q13', earlier, { ...posted, [EMAIL_CHOICE]: 'suggested' });
    expect(suggested.kind === 'send' && suggested.submission.email).toBe('ann@gmail.com');
    const typed = post(barring, 'q13', earlier, { ...posted, [EMAIL_CHOICE]: 'typed' });
    // What is sent, written out from the data dictionary (docs/surveys/barring.md): the chosen
    // values, the names and the address as typed, and the survey's serviceName.
    expect(typed.kind === 'send' && typed.submission).toEqual({
      serviceName: 'barring-survey',
      howDidYouHearAboutSurvey: 'Email',
      furtherFeedback: 'Yes',
      firstName: 'Ann',
      lastName: 'Jones',
      email: 'ann@gmial.com',
    });
  });
});
