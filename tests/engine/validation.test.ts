import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { pageSchema, validatePage } from '../../engine/validation';
import type { Answers, Field } from '../../engine/types';
import { barring, basic, checkboxes, inline, page, radios, text, textField } from './fixtures';

const onePage = (fields: Field[]) => inline([page('q1', fields)]);
const errorsOf = (fields: Field[], answers: Answers) =>
  validatePage(onePage(fields), 'q1', answers);
const email = (more: Partial<Field> = {}): Field => ({
  name: 'email',
  type: 'email',
  label: text('Email'),
  ...more,
});

describe('option questions', () => {
  it('requires a radio choice', () => {
    expect(errorsOf([radios('r', ['A', 'B'], { required: true })], {})).toEqual([
      { field: 'r', message: { key: 'selectOption' } },
    ]);
    expect(errorsOf([radios('r', ['A', 'B'], { required: true })], { r: 'A' })).toEqual([]);
    expect(errorsOf([radios('r', ['A', 'B'])], {})).toEqual([]);
  });

  it('requires at least one checkbox', () => {
    const f = checkboxes('c', ['A', 'B'], { required: true });
    expect(errorsOf([f], { c: [] })).toEqual([
      { field: 'c', message: { key: 'selectAtLeastOne' } },
    ]);
    expect(errorsOf([f], { c: ['A', 'B'] })).toEqual([]);
  });

  it('rejects a value that is not an option', () => {
    expect(errorsOf([radios('r', ['A', 'B'])], { r: 'C' })).toEqual([
      { field: 'r', message: { key: 'invalidOption' } },
    ]);
    expect(errorsOf([checkboxes('c', ['A', 'B'])], { c: ['A', 'Z'] })).toEqual([
      { field: 'c', message: { key: 'invalidOption' } },
    ]);
    expect(errorsOf([radios('r', ['A', 'B'])], { r: ['A', 'B'] })).toEqual([
      { field: 'r', message: { key: 'invalidOption' } },
    ]);
  });

  it('rejects an exclusive option combined with others', () => {
    const s = onePage([checkboxes('c', ['A', 'None'])]);
    s.pages[0]!.fields[0]!.options![1]!.exclusive = true;
    expect(validatePage(s, 'q1', { c: ['A', 'None'] })).toEqual([
      { field: 'c', message: { key: 'invalidOption' } },
    ]);
    expect(validatePage(s, 'q1', { c: ['None'] })).toEqual([]);
  });

  it("uses the definition's required text when it has one", () => {
    const f = radios('r', ['A'], {
      required: true,
      errors: { required: text('Select an answer') },
    });
    expect(errorsOf([f], {})).toEqual([
      { field: 'r', message: { key: 'required', text: text('Select an answer') } },
    ]);
  });
});

describe('Other text', () => {
  const withOther = () => {
    const s = onePage([radios('r', ['A', 'Other'], { required: true })]);
    s.pages[0]!.fields[0]!.options![1]!.other = true;
    return s;
  };

  it('is required, 2 to 100 characters, only when Other is chosen', () => {
    const s = withOther();
    expect(validatePage(s, 'q1', { r: 'A' })).toEqual([]);
    expect(validatePage(s, 'q1', { r: 'Other' })).toEqual([
      { field: 'rOther', message: { key: 'otherRequired' } },
    ]);
    expect(validatePage(s, 'q1', { r: 'Other', rOther: '  x ' })).toEqual([
      { field: 'rOther', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
    expect(validatePage(s, 'q1', { r: 'Other', rOther: 'y'.repeat(101) })).toEqual([
      { field: 'rOther', message: { key: 'tooLong', params: { max: 100 } } },
    ]);
    expect(validatePage(s, 'q1', { r: 'Other', rOther: 'y'.repeat(100) })).toEqual([]);
  });
});

describe('free text', () => {
  it('is optional, but 2 to 1000 characters when filled', () => {
    const f = textField('t');
    expect(errorsOf([f], {})).toEqual([]);
    expect(errorsOf([f], { t: '   ' })).toEqual([]);
    expect(errorsOf([f], { t: 'a' })).toEqual([
      { field: 't', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
    expect(errorsOf([f], { t: 'a'.repeat(1001) })).toEqual([
      { field: 't', message: { key: 'tooLong', params: { max: 1000 } } },
    ]);
    expect(errorsOf([f], { t: 'a'.repeat(1000) })).toEqual([]);
  });

  it('measures length after trimming and collapsing whitespace', () => {
    expect(errorsOf([textField('t')], { t: ' a \n\t ' })).toEqual([
      { field: 't', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
    expect(errorsOf([textField('t', { maxLength: 5 })], { t: 'a  \n\n  b  c' })).toEqual([]);
  });

  it('requires an answer when required, or when requiredWhen holds', () => {
    expect(errorsOf([textField('t', { required: true })], {})).toEqual([
      { field: 't', message: { key: 'enterAnswer' } },
    ]);
    const fields = [
      radios('r', ['Yes', 'No']),
      textField('t', { requiredWhen: { '==': [{ var: 'r' }, 'Yes'] } }),
    ];
    expect(errorsOf(fields, { r: 'No' })).toEqual([]);
    expect(errorsOf(fields, { r: 'Yes' })).toEqual([
      { field: 't', message: { key: 'enterAnswer' } },
    ]);
  });
});

describe('email', () => {
  it('checks required, length and format', () => {
    expect(errorsOf([email({ required: true })], {})).toEqual([
      { field: 'email', message: { key: 'emailRequired' } },
    ]);
    expect(errorsOf([email()], {})).toEqual([]);
    expect(errorsOf([email()], { email: 'a@b.co' })).toEqual([
      { field: 'email', message: { key: 'emailTooShort', params: { min: 7 } } },
    ]);
    expect(errorsOf([email()], { email: `${'a'.repeat(64)}@${'b'.repeat(200)}.com` })).toEqual([
      { field: 'email', message: { key: 'emailTooLong', params: { max: 256 } } },
    ]);
    for (const bad of [
      'name.example.com',
      'name@example',
      'na me@example.com',
      `${'a'.repeat(65)}@example.com`,
      'name@@example.com',
      '.name@example.com',
      'name@-example.com',
    ]) {
      expect(errorsOf([email()], { email: bad }), bad).toEqual([
        { field: 'email', message: { key: 'emailInvalid' } },
      ]);
    }
    for (const good of [
      'name@example.com',
      `${'a'.repeat(64)}@example.com`,
      "o'neil+tag@mail.example.co.uk",
      ' name@gov.wales ',
    ]) {
      expect(errorsOf([email()], { email: good }), good).toEqual([]);
    }
  });
});

describe('pageSchema', () => {
  it('is a yup schema whose errors are message objects', async () => {
    const s = onePage([radios('r', ['A'], { required: true }), textField('t')]);
    const schema = pageSchema(s.pages[0]!);
    await expect(schema.validate({ r: 'A', t: 'fine' })).resolves.toBeTruthy();
    const error = await schema.validate({ t: 'x' }, { abortEarly: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const inner = (error as ValidationError).inner.map((e) => [e.path, e.message]);
    expect(inner).toEqual([
      ['r', { key: 'selectOption' }],
      ['t', { key: 'tooShort', params: { min: 2 } }],
    ]);
  });

  it('is made once per page and validates fields only while they show', () => {
    const s = onePage([
      radios('r', ['A', 'B'], {
        required: true,
        reveal: { B: [textField('t', { required: true })] },
      }),
    ]);
    const page = s.pages[0]!;
    expect(pageSchema(page)).toBe(pageSchema(page));
    expect(pageSchema(page).isValidSync({})).toBe(false);
    expect(pageSchema(page).isValidSync({ r: 'A' })).toBe(true);
    expect(pageSchema(page).isValidSync({ r: 'B' })).toBe(false);
    expect(pageSchema(page).isValidSync({ r: 'B', t: 'shown and answered' })).toBe(true);
  });

  it('reads requiredWhen against the values being validated', () => {
    const s = onePage([
      radios('r', ['Yes', 'No']),
      textField('t', { requiredWhen: { '==': [{ var: 'r' }, 'Yes'] } }),
    ]);
    const schema = pageSchema(s.pages[0]!);
    expect(schema.isValidSync({ r: 'No' })).toBe(true);
    expect(schema.isValidSync({ r: 'Yes' })).toBe(false);
  });
});

describe('real definitions', () => {
  const keyAndText = (
    errors: { field: string; message: { key: string; text?: { en: string } } }[],
  ) => errors.map((e) => [e.field, e.message.key, e.message.text?.en]);

  it('basic: required questions and the revealed didYouTryOnline', () => {
    const s = basic();
    expect(keyAndText(validatePage(s, 'q1', {}))).toEqual([
      ['whyDidYouApply', 'required', 'Select why you applied for a basic DBS check'],
    ]);
    expect(validatePage(s, 'q1', { whyDidYouApply: 'Other' })).toEqual([
      { field: 'whyDidYouApplyOther', message: { key: 'otherRequired' } },
    ]);
    expect(validatePage(s, 'q1', { whyDidYouApply: 'Other', whyDidYouApplyOther: 'x' })).toEqual([
      { field: 'whyDidYouApplyOther', message: { key: 'tooShort', params: { min: 2 } } },
    ]);
    expect(validatePage(s, 'q2', { whichSector: 'Charity' })).toEqual([
      { field: 'whichSector', message: { key: 'invalidOption' } },
    ]);
    expect(keyAndText(validatePage(s, 'q4', { howDidYouVerify: 'Post Office' }))).toEqual([
      [
        'didYouTryOnline',
        'required',
        'Select yes if you tried to prove your identity online first',
      ],
    ]);
    expect(validatePage(s, 'q4', { howDidYouVerify: 'Online' })).toEqual([]);
    expect(validatePage(s, 'q8', { howToImprove: 'a'.repeat(1001) })).toEqual([
      { field: 'howToImprove', message: { key: 'tooLong', params: { max: 1000 } } },
    ]);
  });

  it("basic contact page: names and email required together, with the definition's texts", () => {
    const s = basic();
    expect(validatePage(s, 'q9', {})).toEqual([]);
    const errors = validatePage(s, 'q9', { firstName: 'Ann' });
    expect(errors.map((e) => [e.field, e.message.key, e.message.text?.en])).toEqual([
      ['lastName', 'required', 'Enter your last name'],
      ['email', 'required', 'Enter your email address'],
    ]);
    expect(
      validatePage(s, 'q9', { firstName: 'Ann', lastName: 'Jones', email: 'ann@example' }),
    ).toEqual([{ field: 'email', message: { key: 'emailInvalid' } }]);
  });

  it('barring: the Other textarea, q13 Yes requiring names and email, q10 needing a reason', () => {
    const s = barring();
    expect(keyAndText(validatePage(s, 'q1', { howDidYouHearAboutSurvey: 'Other' }))).toEqual([
      ['howDidYouHearAboutSurveyOther', 'required', 'Enter how you found out about this survey'],
    ]);
    expect(
      validatePage(s, 'q1', {
        howDidYouHearAboutSurvey: 'Other',
        howDidYouHearAboutSurveyOther: 'z'.repeat(101),
      }),
    ).toEqual([
      { field: 'howDidYouHearAboutSurveyOther', message: { key: 'tooLong', params: { max: 100 } } },
    ]);
    expect(validatePage(s, 'q13', { furtherFeedback: 'No' })).toEqual([]);
    expect(keyAndText(validatePage(s, 'q13', {}))).toEqual([
      [
        'furtherFeedback',
        'required',
        'Select whether you would like to take part in future user research',
      ],
    ]);
    expect(validatePage(s, 'q13', { furtherFeedback: 'Yes' }).map((e) => e.field)).toEqual([
      'firstName',
      'lastName',
      'email',
    ]);
    expect(keyAndText(validatePage(s, 'q10', {}))).toEqual([
      ['whyDidYouUseThePreReferralCheck', 'required', 'Select why you used the pre-referral check'],
    ]);
    expect(validatePage(s, 'q10', { whyDidYouUseThePreReferralCheck: ['Other'] })).toEqual([
      { field: 'whyDidYouUseThePreReferralCheckOther', message: { key: 'otherRequired' } },
    ]);
    expect(validatePage(s, 'q2', {})).toEqual([]);
  });
});

describe('lengths count the text as it will be sent', () => {
  const survey = inline([page('q1', [textField('howToImprove', { minLength: 2, maxLength: 10 })])]);
  const errorOf = (value: string) =>
    validatePage(survey, 'q1', { howToImprove: value })[0]?.message.key;

  it('does not count characters that sanitising removes', () => {
    // Too short as sent; the message names the visible characters that are not sent.
    expect(errorOf('£5')).toBe('charactersNotSent');
    expect(errorOf('a\u0000')).toBe('tooShort');
    expect(errorOf('<b>x</b>')).toBe('charactersNotSent');
  });

  it('counts what accent folding produces', () => {
    expect(errorOf('ŵy')).toBeUndefined();
    expect(errorOf('ßßßßß')).toBeUndefined();
    expect(errorOf('ßßßßßß')).toBe('tooLong');
  });
});
