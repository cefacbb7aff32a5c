import { describe, expect, it } from 'vitest';
import { resolveSurvey } from '../../engine/resolve';
import type { Field } from '../../engine/types';
import { basic, barring, definition, page, radios, shared, text, textField } from './fixtures';

const scaleField = (more: Partial<Field>): Field => ({
  name: 'q',
  type: 'radios',
  label: text('Q'),
  ...more,
});

describe('resolveSurvey', () => {
  it('expands a shared scale into options', () => {
    const s = resolveSurvey(
      definition([page('q1', [scaleField({ scale: 'satisfaction' })])]),
      shared,
    );
    const options = s.pages[0]!.fields[0]!.options!;
    expect(options.map((o) => o.value)).toEqual(['5', '4', '3', '2', '1']);
    expect(options[0]!.label).toEqual({ en: 'Very satisfied', cy: 'Bodlon iawn' });
  });

  it('gives yes/no the Welsh answer form of the question, Ie/Na by default', () => {
    const s = resolveSurvey(
      definition([
        page('q1', [
          scaleField({ name: 'a', scale: 'yes-no', welshYesNo: 'do' }),
          scaleField({ name: 'b', scale: 'yes-no' }),
        ]),
      ]),
      shared,
    );
    const [a, b] = s.pages[0]!.fields;
    expect(a!.options!.map((o) => [o.value, o.label.en, o.label.cy])).toEqual([
      ['Yes', 'Yes', 'Do'],
      ['No', 'No', 'Naddo'],
    ]);
    expect(b!.options!.map((o) => o.label.cy)).toEqual(['Ie', 'Na']);
  });

  it('takes the yes/no scale, its option values and the default form from shared.json, not code', () => {
    const renamed = structuredClone(shared);
    renamed.scales['ie-na'] = {
      options: [
        { value: 'Y', label: text('Yes') },
        { value: 'N', label: text('No') },
      ],
      welshAnswerForms: { yes: 'Y', no: 'N', default: 'oes' },
    };
    delete renamed.scales['yes-no'];
    const s = resolveSurvey(
      definition([
        page('q1', [
          scaleField({ name: 'a', scale: 'ie-na' }),
          scaleField({ name: 'b', scale: 'ie-na', welshYesNo: 'hoffwn' }),
          scaleField({ name: 'c', scale: 'satisfaction', welshYesNo: 'do' }),
        ]),
      ]),
      renamed,
    );
    const [a, b, c] = s.pages[0]!.fields;
    expect(a!.options!.map((o) => o.label.cy)).toEqual(['Oes', 'Nac oes']);
    expect(b!.options!.map((o) => o.label.cy)).toEqual(['Hoffwn', 'Na hoffwn']);
    // A scale that declares no Welsh answer forms keeps its own Welsh labels.
    expect(c!.options![0]!.label.cy).toBe('Bodlon iawn');
  });

  it('keeps explicit options and sets no options on text fields', () => {
    const s = resolveSurvey(
      definition([page('q1', [radios('r', ['A', 'B']), textField('t')])]),
      shared,
    );
    expect(s.pages[0]!.fields[0]!.options!.map((o) => o.value)).toEqual(['A', 'B']);
    expect(s.pages[0]!.fields[1]!.options).toBeUndefined();
  });

  it("sets each field's allowed characters from its pattern, email for email fields, text otherwise", () => {
    const s = resolveSurvey(
      definition([
        page('q1', [
          textField('t'),
          textField('n', { pattern: 'name' }),
          { name: 'e', type: 'email', label: text('E') },
        ]),
      ]),
      shared,
    );
    expect(s.pages[0]!.fields.map((f) => f.allow)).toEqual([
      shared.patterns.text,
      shared.patterns.name,
      shared.patterns.email,
    ]);
  });

  it('resolves revealed fields too', () => {
    const s = resolveSurvey(
      definition([
        page('q1', [
          radios('r', ['A', 'B'], {
            reveal: { A: [scaleField({ name: 'inner', scale: 'ease' })] },
          }),
        ]),
      ]),
      shared,
    );
    const inner = s.pages[0]!.fields[0]!.reveal!.A![0]!;
    expect(inner.options).toHaveLength(5);
    expect(inner.allow).toBe(shared.patterns.text);
  });

  it("marks a definition's own <name>Other reveal under an Other option as the Other field", () => {
    const field = radios('r', ['A', 'Other'], {
      reveal: { Other: [textField('rOther')], A: [textField('aMore')] },
    });
    field.options![1]!.other = true;
    const resolved = resolveSurvey(definition([page('q1', [field])]), shared).pages[0]!.fields[0]!;
    expect(resolved.reveal!.Other![0]!.otherOf).toBe('r');
    expect(resolved.reveal!.A![0]!.otherOf).toBeUndefined();
  });

  it('merges a page template, page properties winning', () => {
    const s = resolveSurvey(
      definition([page('q1', [], { template: 'contact', button: text('Go') })]),
      shared,
    );
    const q1 = s.pages[0]!;
    expect(q1.id).toBe('q1');
    expect(q1.fields.map((f) => f.name)).toEqual(['firstName', 'lastName', 'email']);
    expect(q1.submit).toBe(true);
    expect(q1.heading).toEqual(shared.pages.contact!.heading);
    expect(q1.button).toEqual(text('Go'));
    expect(q1.fields[2]!.allow).toBe(shared.patterns.email);
  });

  it("uses the page's own fields over the template's when it has some", () => {
    const s = resolveSurvey(
      definition([page('q1', [textField('mine')], { template: 'contact' })]),
      shared,
    );
    expect(s.pages[0]!.fields.map((f) => f.name)).toEqual(['mine']);
  });

  it('inlines a named footer set and keeps explicit links', () => {
    expect(resolveSurvey(definition([page('q1', [])]), shared).footer).toEqual(
      shared.footers.standard,
    );
    const links = [{ text: text('Help'), href: '/help' }];
    expect(resolveSurvey(definition([page('q1', [])], { footer: links }), shared).footer).toEqual(
      links,
    );
  });

  it('does not mutate its inputs', () => {
    const def = definition([
      page('q1', [scaleField({ scale: 'yes-no', welshYesNo: 'oes' })]),
      page('q2', [], { template: 'contact' }),
    ]);
    const before = JSON.stringify([def, shared]);
    const s = resolveSurvey(def, shared);
    s.pages[1]!.fields[0]!.label.en = 'changed';
    s.pages[0]!.fields[0]!.options![0]!.label.en = 'changed';
    expect(JSON.stringify([def, shared])).toBe(before);
  });

  it('resolves the real basic and barring definitions', () => {
    const b = basic();
    expect(b.footer).toEqual(shared.footers.standard);
    expect(b.pages.find((p) => p.id === 'q9')!.fields.map((f) => f.name)).toEqual([
      'firstName',
      'lastName',
      'email',
    ]);
    const verify = b.pages.find((p) => p.id === 'q4')!.fields[0]!;
    expect(verify.reveal!['Post Office']![0]!.options!.map((o) => o.label.cy)).toEqual([
      'Do',
      'Naddo',
    ]);
    const r = barring();
    expect(r.pages).toHaveLength(13);
    expect(r.pages[12]!.fields[0]!.options!.map((o) => o.label.cy)).toEqual([
      'Hoffwn',
      'Na hoffwn',
    ]);
  });
});
