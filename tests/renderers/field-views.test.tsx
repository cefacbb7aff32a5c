// Each field type's view draws its fixture case (engine/fields/<type>/fixture.ts) with the GOV.UK
// components the case names, and gives its first input the field's name (the error summary
// links there). The cases are found by their folders, not listed here.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldFixture } from '../../engine/fields/types';
import { FieldView } from '../../src/fields/FieldView';
import { i18n } from '../../src/i18n';
import '../../src/i18n/words';
import { inline, page } from '../engine/fixtures';

const cases = Object.entries(
  import.meta.glob<{ fixture: FieldFixture }>('../../engine/fields/*/fixture.ts', { eager: true }),
).map(([path, { fixture }]) => [path.split('/').at(-2)!, fixture] as const);

describe('field views draw their fixture cases', () => {
  it('finds a case in every field type folder', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)('%s', (_type, fixture) => {
    const field = inline([page('q1', [fixture.field])]).pages[0]!.fields[0]!;
    for (const lang of ['en', 'cy'] as const) {
      const { container, unmount } = render(
        <FieldView
          field={field}
          level="page"
          values={{}}
          answers={{}}
          errors={{ [field.name]: { key: 'enterAnswer' } }}
          setValue={() => undefined}
          lang={lang}
          t={i18n.getFixedT(lang)}
        />,
      );
      for (const component of fixture.components)
        expect({
          component,
          drawn: container.querySelector(`.govuk-${component}`) !== null,
        }).toEqual({ component, drawn: true });
      expect(container.querySelector(`#${field.name}`)).not.toBeNull();
      expect(container.textContent).toContain(fixture.field.label[lang]);
      expect(container.querySelector('.govuk-error-message')).not.toBeNull();
      unmount();
    }
  });
});
