import { describe, expect, it } from 'vitest';
import eResultJson from '../fixtures/surveys/e-result.json';
import { prepareSubmission, revealedOnPage, visibleFields } from '../../engine';
import { validateSubmission } from '../../engine/receive';
import { validatePage } from '../../engine/validation';
import { resolveSurvey } from '../../engine/resolve';
import type { SurveyDefinition } from '../../engine/types';
import { shared } from './fixtures';

// e-result q1: 'who will you share it with' follows any of the answers 1 to 5, none of the others.
const eResult = resolveSurvey(eResultJson as unknown as SurveyDefinition, shared);
const q1 = eResult.pages[0]!;
const names = (answers: Record<string, string>) => visibleFields(q1, answers).map((f) => f.name);

describe('showWhen', () => {
  it('shows the follow-up only for the answers its rule names', () => {
    expect(names({ howManyTimes: '3' })).toEqual(['howManyTimes', 'whoSharingTo']);
    expect(names({ howManyTimes: '0' })).toEqual(['howManyTimes']);
    expect(names({ howManyTimes: 'NA' })).toEqual(['howManyTimes']);
  });

  it('requires the follow-up only while it shows', () => {
    expect(validatePage(eResult, 'q1', { howManyTimes: '2' }).map((e) => e.field)).toEqual([
      'whoSharingTo',
    ]);
    expect(validatePage(eResult, 'q1', { howManyTimes: '0', whoSharingTo: '' })).toEqual([]);
  });

  it('does not send text typed before the answer changed to one that hides it', () => {
    const sent = prepareSubmission(eResult, {
      howManyTimes: '0',
      whoSharingTo: 'my new employer',
      isForJob: 'No',
      howSatisfied: '4',
    });
    expect(sent).not.toHaveProperty('whoSharingTo');
    expect(sent.howManyTimes).toBe('0');
  });

  it('names the choice on its page that shows the follow-up, and the answers that do', () => {
    const [howManyTimes, whoSharingTo] = q1.fields;
    // From the definition: any of 1 to 5 shows it; 0 and "not sure" (NA) do not.
    expect(revealedOnPage(q1, whoSharingTo!, {})).toEqual({
      by: 'howManyTimes',
      values: ['1', '2', '3', '4', '5'],
    });
    expect(revealedOnPage(q1, howManyTimes!, {})).toBeUndefined();
    // A field without a rule, on a page of its own, is not one.
    expect(revealedOnPage(eResult.pages[2]!, eResult.pages[2]!.fields[0]!, {})).toBeUndefined();
  });

  it('makes the server refuse a hidden follow-up', () => {
    const check = validateSubmission(eResult, {
      serviceName: eResult.serviceName,
      howManyTimes: '0',
      whoSharingTo: 'an employer',
      howSatisfied: '4',
    });
    expect(check.ok).toBe(false);
  });
});
