// The email type's fixture case: the GOV.UK Frontend components its view draws, and a field of
// the type that the tests draw with it (tests/renderers/field-views.test.tsx).
import type { FieldFixture } from '../types';

export const fixture: FieldFixture = {
  components: ['input'],
  field: {
    name: 'example',
    type: 'email',
    label: { en: 'Email address', cy: 'Cyfeiriad e-bost' },
  },
};
