import { describe, expect, it } from 'vitest';
import { enumeratePaths } from '../../engine/flow';
import { prepareSubmission } from '../../engine/submission';
import { validateSubmission } from '../../engine/receive';
import type { Field, ResolvedSurvey, SendRule } from '../../engine/types';
import { barring, basic, checkboxes, inline, page, radios, textField } from './fixtures';

/** A one-page survey with a radios and a checkboxes field, each with an Other option. */
function withOther(send: SendRule = {}): ResolvedSurvey {
  const s = inline([
    page('q1', [
      radios('pick', ['A', 'B', 'Other'], { send }),
      checkboxes('many', ['X', 'Y, and Z', 'Other'], { send }),
    ]),
  ]);
  for (const field of s.pages[0]!.fields) {
    field.options![2] = {
      value: 'Other',
      label: { en: 'Something else', cy: 'Rhywbeth arall' },
      other: true,
    };
  }
  return s;
}

function branching(): ResolvedSurvey {
  const fields: Field[] = [
    radios('colour', ['Red', 'Blue'], { required: true, reveal: { Red: [textField('shade')] } }),
  ];
  return inline([
    page('q1', fields, { next: { if: [{ '==': [{ var: 'colour' }, 'Red'] }, 'q3', 'q2'] } }),
    page('q2', [textField('why')]),
    page('q3', [textField('more')]),
  ]);
}

describe('prepareSubmission', () => {
  it('adds serviceName and omits empty answers', () => {
    const s = branching();
    expect(prepareSubmission(s, { colour: 'Blue', why: '   ', more: '' })).toEqual({
      colour: 'Blue',
      serviceName: 'inline-survey',
    });
  });

  it('sends only pages on the path and only visible fields', () => {
    const s = branching();
    expect(
      prepareSubmission(s, { colour: 'Red', why: 'Dropped', more: 'Kept', shade: 'Dark' }),
    ).toEqual({
      colour: 'Red',
      shade: 'Dark',
      more: 'Kept',
      serviceName: 'inline-survey',
    });
    expect(prepareSubmission(s, { colour: 'Blue', why: 'Kept', shade: 'Hidden' })).toEqual({
      colour: 'Blue',
      why: 'Kept',
      serviceName: 'inline-survey',
    });
  });

  it("sanitises free text with the field's pattern and sends option values as they are", () => {
    const s = inline([
      page('q1', [
        radios('r', ['Yes, often!']),
        textField('t'),
        textField('n', { pattern: 'name' }),
      ]),
    ]);
    expect(
      prepareSubmission(s, {
        r: 'Yes, often!',
        t: '<b>Façade</b>\n\tis 😀 great; ok',
        n: "O'Neil-Jones",
      }),
    ).toEqual({
      r: 'Yes, often!',
      t: 'Facade is great ok',
      n: "O'Neil-Jones",
      serviceName: 'inline-survey',
    });
  });

  it("keeps Other text as its own field by default ('separate')", () => {
    const s = withOther();
    expect(
      prepareSubmission(s, {
        pick: 'Other',
        pickOther: 'Mine ☺',
        many: ['Other', 'X'],
        manyOther: 'Theirs',
      }),
    ).toEqual({
      pick: 'Other',
      pickOther: 'Mine',
      many: 'X, Other',
      manyOther: 'Theirs',
      serviceName: 'inline-survey',
    });
  });

  it("replaces the Other value with its text ('replace')", () => {
    const s = withOther({ other: 'replace' });
    expect(
      prepareSubmission(s, {
        pick: 'Other',
        pickOther: 'Mine',
        many: ['Other', 'X'],
        manyOther: 'Theirs',
      }),
    ).toEqual({
      pick: 'Mine',
      many: 'X, Theirs',
      serviceName: 'inline-survey',
    });
    expect(prepareSubmission(s, { pick: 'A', pickOther: 'Stale' })).toEqual({
      pick: 'A',
      serviceName: 'inline-survey',
    });
  });

  it("appends the Other text to its label ('append')", () => {
    const s = withOther({ other: 'append' });
    expect(
      prepareSubmission(s, {
        pick: 'Other',
        pickOther: 'Mine',
        many: ['Other', 'Y, and Z', 'X'],
        manyOther: 'Theirs, too',
      }),
    ).toEqual({
      pick: 'Something else, Mine',
      many: 'X, Y, and Z, Something else, Theirs, too',
      serviceName: 'inline-survey',
    });
  });

  it("joins checkbox lists with the field's join string", () => {
    const s = withOther({ join: '; ' });
    expect(prepareSubmission(s, { many: ['Y, and Z', 'X'] }).many).toBe('X; Y, and Z');
  });
});

describe('validateSubmission', () => {
  it('accepts a prepared submission and returns it re-sanitised with the answers', () => {
    const s = branching();
    const result = validateSubmission(s, {
      colour: 'Red',
      shade: 'Dark <i>red</i>',
      serviceName: 'inline-survey',
    });
    expect(result).toEqual({
      ok: true,
      submission: { colour: 'Red', shade: 'Dark red', serviceName: 'inline-survey' },
      answers: { colour: 'Red', shade: 'Dark <i>red</i>' },
    });
  });

  it('rejects a body that is not a plain object of strings', () => {
    const s = branching();
    for (const body of [null, 'text', 42, ['colour'], new Date()]) {
      expect(validateSubmission(s, body)).toEqual({
        ok: false,
        errors: [{ field: '', message: { key: 'invalidBody' } }],
      });
    }
    const result = validateSubmission(s, { colour: ['Red'], serviceName: 'inline-survey' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContainEqual({
      field: 'colour',
      message: { key: 'invalidValue' },
    });
  });

  it("requires the survey's serviceName", () => {
    const errors = (body: unknown) => {
      const result = validateSubmission(branching(), body);
      return result.ok ? [] : result.errors;
    };
    expect(errors({ colour: 'Red' })).toEqual([
      { field: 'serviceName', message: { key: 'invalidServiceName' } },
    ]);
    expect(errors({ colour: 'Red', serviceName: 'other-survey' })).toEqual([
      { field: 'serviceName', message: { key: 'invalidServiceName' } },
    ]);
  });

  it('rejects unknown keys, including prototype keys, without polluting anything', () => {
    const s = branching();
    const body = JSON.parse(
      '{"colour":"Red","serviceName":"inline-survey","__proto__":"x","constructor":"y","prototype":"z","extra":"w"}',
    );
    const result = validateSubmission(s, body);
    expect(result.ok).toBe(false);
    expect(
      !result.ok &&
        result.errors.filter((e) => e.message.key === 'unknownField').map((e) => e.field),
    ).toEqual(['__proto__', 'constructor', 'prototype', 'extra']);
    expect(({} as Record<string, unknown>).colour).toBeUndefined();
  });

  it('rejects answers for pages off the path and fields that are not showing', () => {
    const s = branching();
    const offPath = validateSubmission(s, {
      colour: 'Red',
      why: 'Because',
      serviceName: 'inline-survey',
    });
    expect(!offPath.ok && offPath.errors).toEqual([
      { field: 'why', message: { key: 'notOnPath' } },
    ]);
    const hidden = validateSubmission(s, {
      colour: 'Blue',
      shade: 'Dark',
      serviceName: 'inline-survey',
    });
    expect(!hidden.ok && hidden.errors).toEqual([
      { field: 'shade', message: { key: 'notShowing' } },
    ]);
  });

  it("runs every page's validation on the path", () => {
    const s = branching();
    const result = validateSubmission(s, { colour: 'Green', serviceName: 'inline-survey' });
    expect(!result.ok && result.errors).toEqual([
      { field: 'colour', message: { key: 'invalidOption' } },
    ]);
    const missing = validateSubmission(s, { serviceName: 'inline-survey' });
    expect(!missing.ok && missing.errors).toEqual([
      { field: 'colour', message: { key: 'selectOption' } },
    ]);
    const short = validateSubmission(s, { colour: 'Blue', why: 'x', serviceName: 'inline-survey' });
    expect(!short.ok && short.errors).toEqual([
      { field: 'why', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
  });

  it('reads each Other mode back into answers', () => {
    const cases: [SendRule, Record<string, string>][] = [
      [{}, { pick: 'Other', pickOther: 'Mine', many: 'X, Other', manyOther: 'Theirs' }],
      [{ other: 'replace' }, { pick: 'Mine', many: 'X, Theirs' }],
      [
        { other: 'append' },
        { pick: 'Something else, Mine', many: 'X, Y, and Z, Something else, Theirs, too' },
      ],
    ];
    for (const [send, sent] of cases) {
      const s = withOther(send);
      const result = validateSubmission(s, { ...sent, serviceName: 'inline-survey' });
      expect(result.ok, JSON.stringify(send)).toBe(true);
      if (!result.ok) continue;
      expect(result.answers.pick).toBe('Other');
      expect(result.answers.pickOther).toBe('Mine');
      expect(result.answers.many).toContain('Other');
      expect(result.answers.many).toContain('X');
      expect(result.submission).toEqual({ ...sent, serviceName: 'inline-survey' });
    }
  });

  it('reports list entries that are not options and Other sent in a mode that does not send it separately', () => {
    const s = withOther({ other: 'append' });
    const bad = validateSubmission(s, { many: 'X, Nonsense', serviceName: 'inline-survey' });
    expect(!bad.ok && bad.errors).toEqual([{ field: 'many', message: { key: 'invalidOption' } }]);
    const separate = validateSubmission(s, {
      pick: 'A',
      pickOther: 'Mine',
      serviceName: 'inline-survey',
    });
    expect(!separate.ok && separate.errors).toEqual([
      { field: 'pickOther', message: { key: 'unknownField' } },
    ]);
    const empty = validateSubmission(s, { pick: 'Something else', serviceName: 'inline-survey' });
    expect(!empty.ok && empty.errors).toEqual([
      { field: 'pickOther', message: { key: 'otherRequired' } },
    ]);
  });

  it('accepts pages left blank by a skip link, but not other blank required pages', () => {
    const s = inline([
      page('q1', [radios('a', ['1', '2'], { required: true })], { skip: 'q3' }),
      page('q2', [radios('b', ['1', '2'], { required: true })]),
      page('q3', [radios('c', ['1', '2'], { required: true })]),
    ]);
    expect(validateSubmission(s, { c: '1', serviceName: 'inline-survey' }).ok).toBe(true);
    const noC = validateSubmission(s, { serviceName: 'inline-survey' });
    expect(!noC.ok && noC.errors).toEqual([{ field: 'c', message: { key: 'selectOption' } }]);
    const noB = validateSubmission(s, { a: '1', c: '1', serviceName: 'inline-survey' });
    expect(!noB.ok && noB.errors).toEqual([{ field: 'b', message: { key: 'selectOption' } }]);
  });
});

describe('real definitions', () => {
  it('basic: Other replaces the value; third sector drops q3; didYouTryOnline only with Post Office', () => {
    const s = basic();
    const answers = {
      whyDidYouApply: 'Other',
      whyDidYouApplyOther: 'Adopting a child',
      whichSector: 'Third',
      whichSubSector: 'Health',
      howDidYouVerify: 'Online',
      didYouTryOnline: 'Yes',
      npsResult: '9',
      helpNeeded: 'No',
      howSatisfied: '5',
      howToImprove: 'Faster   replies,\nplease 🙏',
    };
    expect(prepareSubmission(s, answers)).toEqual({
      whyDidYouApply: 'Adopting a child',
      whichSector: 'Third',
      howDidYouVerify: 'Online',
      npsResult: '9',
      helpNeeded: 'No',
      howSatisfied: '5',
      howToImprove: 'Faster replies, please',
      serviceName: 'basic-survey',
    });
    const sub = prepareSubmission(s, {
      ...answers,
      whichSector: 'Public',
      whichSubSector: 'Other',
      whichSubSectorOther: 'Museums',
      howDidYouVerify: 'Post Office',
    });
    expect(sub.whichSubSector).toBe('Museums');
    expect(sub.didYouTryOnline).toBe('Yes');
    expect(sub).not.toHaveProperty('whichSubSectorOther');
  });

  it('basic: a respondent who skipped q5 to q8 can still submit', () => {
    const s = basic();
    const body = {
      whyDidYouApply: 'Job',
      whichSector: 'Third',
      howDidYouVerify: 'Online',
      serviceName: 'basic-survey',
    };
    expect(validateSubmission(s, body).ok).toBe(true);
  });

  it('barring: reasons joined with the Other label and text; Other heard-about text sent separately', () => {
    const s = barring();
    const answers = {
      howDidYouHearAboutSurvey: 'Other',
      howDidYouHearAboutSurveyOther: 'A newsletter',
      didYouUsePreReferralCheck: 'Yes',
      whyDidYouUseThePreReferralCheck: [
        'Other',
        'Someone suggested it',
        'To check if a referral was needed',
      ],
      whyDidYouUseThePreReferralCheckOther: 'Training, mostly',
      furtherFeedback: 'No',
      firstName: 'Hidden',
    };
    const sub = prepareSubmission(s, answers);
    expect(sub).toEqual({
      howDidYouHearAboutSurvey: 'Other',
      howDidYouHearAboutSurveyOther: 'A newsletter',
      didYouUsePreReferralCheck: 'Yes',
      whyDidYouUseThePreReferralCheck:
        'To check if a referral was needed, Someone suggested it, Another reason, Training, mostly',
      furtherFeedback: 'No',
      serviceName: 'barring-survey',
    });
    const back = validateSubmission(s, sub);
    expect(back.ok).toBe(true);
    expect(back.ok && back.submission).toEqual(sub);
  });

  it('barring: the No path drops q10 to q12 answers and the server rejects them', () => {
    const s = barring();
    const answers = {
      didYouUsePreReferralCheck: 'No',
      ratePreReferralCheck: '4',
      furtherFeedback: 'No',
      howDidYouHearAboutSurvey: 'Email',
    };
    expect(prepareSubmission(s, answers)).not.toHaveProperty('ratePreReferralCheck');
    const result = validateSubmission(s, { ...answers, serviceName: 'barring-survey' });
    expect(!result.ok && result.errors).toEqual([
      { field: 'ratePreReferralCheck', message: { key: 'notOnPath' } },
    ]);
  });

  it('every enumerated path of basic and barring survives the server check unchanged', () => {
    for (const s of [basic(), barring()]) {
      for (const { answers } of enumeratePaths(s)) {
        const sent = prepareSubmission(s, answers);
        const result = validateSubmission(s, JSON.parse(JSON.stringify(sent)));
        expect(result, `${s.id} ${JSON.stringify(sent)}`).toMatchObject({
          ok: true,
          submission: sent,
        });
      }
    }
  });
});
