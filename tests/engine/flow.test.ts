import { describe, expect, it } from 'vitest';
import {
  allFields,
  backOf,
  enumeratePaths,
  findPage,
  firstPage,
  guardRedirect,
  nextPage,
  pathFor,
  progressOf,
  visibleFields,
} from '../../engine/flow';
import { evaluate } from '../../engine/rules';
import { ruleVars } from '../../engine/graph';
import { validatePage } from '../../engine/validation';
import { barring, basic, checkboxes, inline, page, radios, textField } from './fixtures';

const branching = () =>
  inline([
    page('q1', [radios('colour', ['Red', 'Blue'], { required: true })], {
      next: { if: [{ '==': [{ var: 'colour' }, 'Red'] }, 'q3', 'q2'] },
    }),
    page('q2', [textField('why')]),
    page('q3', [textField('more')], {
      guard: { when: { '!!': { var: 'colour' } }, otherwise: 'q1' },
    }),
  ]);

describe('rules', () => {
  it('evaluates json-logic with missing answers as null', () => {
    expect(evaluate({ '==': [{ var: 'a' }, null] }, {})).toBe(true);
    expect(evaluate({ in: ['x', { var: 'list' }] }, { list: ['x', 'y'] })).toBe(true);
    expect(evaluate({ var: 'constructor' }, {})).toBeNull();
    expect(evaluate('q4', {})).toBe('q4');
  });

  it('lists the answers a rule reads', () => {
    expect(
      ruleVars({ if: [{ in: [{ var: 'a' }, ['x']] }, { var: ['b', 'd'] }, { missing: ['c'] }] }),
    ).toEqual(['a', 'b', 'c']);
    expect(ruleVars('q2')).toEqual([]);
  });
});

describe('flow on an inline survey', () => {
  it('finds pages', () => {
    const s = branching();
    expect(firstPage(s).id).toBe('q1');
    expect(findPage(s, 'q2')!.fields[0]!.name).toBe('why');
    expect(findPage(s, 'q9')).toBeUndefined();
  });

  it('follows a string next, a rule next, and defaults to the following page then finish', () => {
    const s = inline([page('a', [], { next: 'c' }), page('b', []), page('c', [])]);
    expect(nextPage(s, 'a', {})).toBe('c');
    expect(nextPage(s, 'b', {})).toBe('c');
    expect(nextPage(s, 'c', {})).toBe('finish');
    const r = branching();
    expect(nextPage(r, 'q1', { colour: 'Red' })).toBe('q3');
    expect(nextPage(r, 'q1', { colour: 'Blue' })).toBe('q2');
  });

  it('builds the path, back links and progress from the answers', () => {
    const s = branching();
    expect(pathFor(s, { colour: 'Red' })).toEqual(['q1', 'q3']);
    expect(pathFor(s, { colour: 'Blue' })).toEqual(['q1', 'q2', 'q3']);
    expect(backOf(s, 'q3', { colour: 'Red' })).toBe('q1');
    expect(backOf(s, 'q3', { colour: 'Blue' })).toBe('q2');
    expect(backOf(s, 'q1', {})).toBe('start');
    // Off the path: the previous page in the definition.
    expect(backOf(s, 'q2', { colour: 'Red' })).toBe('q1');
    expect(progressOf(s, 'q3', { colour: 'Red' })).toEqual({ position: 2, total: 2 });
    expect(progressOf(s, 'q3', { colour: 'Blue' })).toEqual({ position: 3, total: 3 });
  });

  it('stops a looping definition', () => {
    const s = inline([page('a', [], { next: 'b' }), page('b', [], { next: 'a' })]);
    expect(pathFor(s, {})).toEqual(['a', 'b']);
  });

  it('redirects when a guard fails', () => {
    const s = branching();
    expect(guardRedirect(s, 'q3', {})).toBe('q1');
    expect(guardRedirect(s, 'q3', { colour: 'Blue' })).toBeNull();
    expect(guardRedirect(s, 'q2', {})).toBeNull();
  });

  it('shows revealed fields and the Other text field only when their option is chosen', () => {
    const s = inline([
      page('q1', [
        radios('pick', ['A', 'B', 'Other'], { reveal: { A: [textField('aDetail')] } }),
        checkboxes('many', ['X', 'Y']),
      ]),
    ]);
    s.pages[0]!.fields[0]!.options![2]!.other = true;
    const q1 = s.pages[0]!;
    expect(visibleFields(q1, {}).map((f) => f.name)).toEqual(['pick', 'many']);
    expect(visibleFields(q1, { pick: 'A' }).map((f) => f.name)).toEqual([
      'pick',
      'aDetail',
      'many',
    ]);
    const withOther = visibleFields(q1, { pick: 'Other' });
    expect(withOther.map((f) => f.name)).toEqual(['pick', 'pickOther', 'many']);
    expect(withOther[1]).toMatchObject({
      type: 'textarea',
      characterCount: true,
      required: true,
      minLength: 2,
      maxLength: 100,
      otherOf: 'pick',
    });
    expect(allFields(s).map((f) => f.name)).toEqual(['pick', 'aDetail', 'pickOther', 'many']);
  });

  it('lists the visible fields of every page on the path for a survey', () => {
    expect(visibleFields(branching(), { colour: 'Red' }).map((f) => f.name)).toEqual([
      'colour',
      'more',
    ]);
  });

  it('enumerates every path with answers that produce it', () => {
    const s = branching();
    const paths = enumeratePaths(s);
    expect(paths.map((p) => p.pages)).toEqual([
      ['q1', 'q3'],
      ['q1', 'q2', 'q3'],
    ]);
    for (const p of paths) expect(pathFor(s, p.answers)).toEqual(p.pages);
    expect(enumeratePaths(s, 1)).toHaveLength(1);
  });
  it('leaves out a route only a retired option leads to: no respondent can take it', () => {
    const s = inline([
      page('q1', [radios('colour', ['Red', 'Blue'], { required: true })], {
        next: { if: [{ '==': [{ var: 'colour' }, 'Blue'] }, 'q2', 'q3'] },
      }),
      page('q2', [textField('why')]),
      page('q3', []),
    ]);
    s.pages[0]!.fields[0]!.options![1]!.retired = true;
    expect(enumeratePaths(s).map((p) => p.pages)).toEqual([['q1', 'q3']]);
  });
});

describe('basic', () => {
  it('counts the longer path until the sector is known, so the total only ever shrinks', () => {
    const s = basic();
    expect(progressOf(s, 'q1', {})).toEqual({ position: 1, total: 9 });
    expect(progressOf(s, 'q4', { whichSector: 'Third' })).toEqual({ position: 3, total: 8 });
  });

  it('sends the third sector from q2 to q4 and the others to q3', () => {
    const s = basic();
    expect(nextPage(s, 'q2', { whichSector: 'Third' })).toBe('q4');
    expect(nextPage(s, 'q2', { whichSector: 'Private' })).toBe('q3');
    expect(nextPage(s, 'q2', { whichSector: 'Public' })).toBe('q3');
    expect(pathFor(s, { whichSector: 'Third' })).toEqual([
      'q1',
      'q2',
      'q4',
      'q5',
      'q6',
      'q7',
      'q8',
      'q9',
    ]);
    expect(backOf(s, 'q4', { whichSector: 'Third' })).toBe('q2');
    expect(backOf(s, 'q4', { whichSector: 'Public' })).toBe('q3');
  });

  it('sends q3 back to q2 unless the sector is Private or Public', () => {
    const s = basic();
    expect(guardRedirect(s, 'q3', { whichSector: 'Third' })).toBe('q2');
    expect(guardRedirect(s, 'q3', {})).toBe('q2');
    expect(guardRedirect(s, 'q3', { whichSector: 'Private' })).toBeNull();
    expect(guardRedirect(s, 'q3', { whichSector: 'Public' })).toBeNull();
  });

  it('shows didYouTryOnline only for the Post Office option', () => {
    const q4 = findPage(basic(), 'q4')!;
    expect(visibleFields(q4, { howDidYouVerify: 'Online' }).map((f) => f.name)).toEqual([
      'howDidYouVerify',
    ]);
    expect(visibleFields(q4, { howDidYouVerify: 'Post Office' }).map((f) => f.name)).toEqual([
      'howDidYouVerify',
      'didYouTryOnline',
    ]);
  });

  it('has two paths, each answered validly', () => {
    const s = basic();
    const paths = enumeratePaths(s);
    expect(paths.map((p) => p.pages.join(' '))).toEqual([
      'q1 q2 q3 q4 q5 q6 q7 q8 q9',
      'q1 q2 q4 q5 q6 q7 q8 q9',
    ]);
    for (const p of paths)
      for (const id of p.pages) expect(validatePage(s, id, p.answers)).toEqual([]);
  });
});

describe('barring', () => {
  it('goes from q9 No straight to q13: back to q9, 10 of 10', () => {
    const s = barring();
    const answers = { didYouUsePreReferralCheck: 'No' };
    expect(nextPage(s, 'q9', answers)).toBe('q13');
    expect(backOf(s, 'q13', answers)).toBe('q9');
    expect(progressOf(s, 'q13', answers)).toEqual({ position: 10, total: 10 });
    expect(nextPage(s, 'q13', answers)).toBe('finish');
  });

  it('goes from q9 Yes through q10 to q13: back to q12, 13 of 13', () => {
    const s = barring();
    const answers = { didYouUsePreReferralCheck: 'Yes' };
    expect(pathFor(s, answers)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
      'q8',
      'q9',
      'q10',
      'q11',
      'q12',
      'q13',
    ]);
    expect(backOf(s, 'q13', answers)).toBe('q12');
    expect(progressOf(s, 'q13', answers)).toEqual({ position: 13, total: 13 });
    expect(progressOf(s, 'q1', {})).toEqual({ position: 1, total: 13 });
  });

  it('goes back from q1 to the start', () => {
    expect(backOf(barring(), 'q1', {})).toBe('start');
    expect(backOf(basic(), 'q1', {})).toBe('start');
  });

  it('guards q10 to q12 behind Yes at q9', () => {
    const s = barring();
    for (const id of ['q10', 'q11', 'q12']) {
      expect(guardRedirect(s, id, { didYouUsePreReferralCheck: 'No' })).toBe('q9');
      expect(guardRedirect(s, id, { didYouUsePreReferralCheck: 'Yes' })).toBeNull();
    }
  });

  it('has a 13-page and a 10-page path, each answered validly', () => {
    const s = barring();
    const paths = enumeratePaths(s);
    expect(paths.map((p) => p.pages.length)).toEqual([13, 10]);
    for (const p of paths)
      for (const id of p.pages) expect(validatePage(s, id, p.answers)).toEqual([]);
  });
});
