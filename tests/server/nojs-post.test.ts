// A form posted without JavaScript is read, validated, routed and sent by the same engine as the
// app in the browser.
import { describe, expect, it } from 'vitest';
import { findPage } from '../../engine';
import { EMAIL_CHOICE, postPage } from '../../server/nojs/post';
import { barring as resolveBarring, basic as resolveBasic } from '../engine/fixtures';

const basic = resolveBasic();
const barring = resolveBarring();
const page = (s: typeof basic, id: string) => findPage(s, id)!;

describe('postPage', () => {
  it('reads a choice with its Other text and goes where Continue goes', () => {
    const outcome = postPage(
      basic,
      page(basic, 'q1'),
      {},
      {
        whyDidYouApply: 'Other',
        whyDidYouApplyOther: 'For adoption',
      },
    );
    expect(outcome).toEqual({
      kind: 'next',
      to: 'q2',
      answers: { whyDidYouApply: 'Other', whyDidYouApplyOther: 'For adoption' },
    });
  });

  it('ignores a revealed field whose option was not chosen (shown open without JavaScript)', () => {
    const outcome = postPage(
      basic,
      page(basic, 'q1'),
      { whyDidYouApplyOther: 'earlier' },
      {
        whyDidYouApply: 'Job',
        whyDidYouApplyOther: 'typed but not chosen',
      },
    );
    expect(outcome).toMatchObject({ kind: 'next', answers: { whyDidYouApply: 'Job' } });
    expect(outcome.answers).not.toHaveProperty('whyDidYouApplyOther');
  });

  it('gives the same errors as the app, keeping what was typed', () => {
    const outcome = postPage(
      basic,
      page(basic, 'q8'),
      { whyDidYouApply: 'Job' },
      {
        howToImprove: 'x',
      },
    );
    expect(outcome).toEqual({
      kind: 'invalid',
      answers: { whyDidYouApply: 'Job', howToImprove: 'x' },
      errors: [{ field: 'howToImprove', message: { key: 'tooShort', params: { min: 2 } } }],
    });
    const none = postPage(basic, page(basic, 'q2'), {}, {});
    expect(none.kind === 'invalid' && none.errors[0]?.message.key).toBe('required');
  });

  it('reads repeated checkbox values as a list, and routes by the answers', () => {
    const outcome = postPage(
      barring,
      page(barring, 'q10'),
      { didYouUsePreReferralCheck: 'Yes' },
      {
        whyDidYouUseThePreReferralCheck: ['Someone suggested it', 'Other'],
        whyDidYouUseThePreReferralCheckOther: 'Training',
      },
    );
    expect(outcome).toMatchObject({
      kind: 'next',
      to: 'q11',
      answers: {
        whyDidYouUseThePreReferralCheck: ['Someone suggested it', 'Other'],
        whyDidYouUseThePreReferralCheckOther: 'Training',
      },
    });
  });

  it('asks to confirm a likely email typo, then sends the chosen address', () => {
    const earlier = { howDidYouHearAboutSurvey: 'Email', furtherFeedback: 'Yes' };
    const contact = { firstName: 'Ann', lastName: 'Jones', email: 'ann@gmial.com' };
    const q13 = page(barring, 'q13');
    const first = postPage(barring, q13, earlier, { furtherFeedback: 'Yes', ...contact });
    expect(first).toMatchObject({
      kind: 'invalid',
      suggestion: { typed: 'ann@gmial.com', full: 'ann@gmail.com' },
      errors: [{ field: EMAIL_CHOICE, message: { key: 'emailDomain' } }],
    });
    const posted = { furtherFeedback: 'Yes', ...contact };
    const suggested = postPage(barring, q13, earlier, { ...posted, [EMAIL_CHOICE]: 'suggested' });
    expect(suggested.kind === 'send' && suggested.submission.email).toBe('ann@gmail.com');
    const typed = postPage(barring, q13, earlier, { ...posted, [EMAIL_CHOICE]: 'typed' });
    expect(typed).toMatchObject({ kind: 'send', answers: { email: 'ann@gmial.com' } });
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
