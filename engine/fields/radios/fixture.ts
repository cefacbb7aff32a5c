// The radios type's fixture case: the GOV.UK Frontend components its view draws, and a field of
// the type that the tests draw with it (tests/renderers/field-views.test.tsx).
import type { FieldFixture } from '../types';

export const fixture: FieldFixture = {
  components: ['radios'],
  field: {
    name: 'example',
    type: 'radios',
    label: { en: 'How was it?', cy: 'Sut oedd hi?' },
    options: [
      { value: 'Good', label: { en: 'Good', cy: 'Da' } },
      { value: 'Bad', label: { en: 'Bad', cy: 'Drwg' } },
    ],
  },
};
