// The textarea type's fixture case: the GOV.UK Frontend components its view draws, and a field of
// the type that the tests draw with it (tests/renderers/field-views.test.tsx).
import type { FieldFixture } from '../types';

export const fixture: FieldFixture = {
  components: ['textarea', 'character-count'],
  field: {
    name: 'example',
    type: 'textarea',
    label: { en: 'What could be better?', cy: 'Beth allai fod yn well?' },
    characterCount: true,
    maxLength: 100,
  },
};
