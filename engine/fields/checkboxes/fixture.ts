// The checkboxes type's fixture case: the GOV.UK Frontend components its view draws, and a field of
// the type that the tests draw with it (tests/renderers/field-views.test.tsx).
import type { FieldFixture } from '../types';

export const fixture: FieldFixture = {
  components: ['checkboxes'],
  field: {
    name: 'example',
    type: 'checkboxes',
    label: { en: 'What did you use?', cy: 'Beth wnaethoch chi ei ddefnyddio?' },
    options: [
      { value: 'Phone', label: { en: 'Phone', cy: 'Ffôn' } },
      { value: 'Letter', label: { en: 'Letter', cy: 'Llythyr' } },
    ],
  },
};
