// A short free-text answer on one line; with `autocomplete` (a name), contact details.
import { lengthError, stringField } from '../free-text';

export const text = stringField({
  summary:
    'a short free-text answer on one line (with `autocomplete`, contact details such as a name)',
  defaultPattern: 'text',
  requiredKey: 'enterAnswer',
  error: lengthError,
  example: () => 'Example answer',
  // A short text that autocompletes (a name) is contact details; any other is free text.
  role: (field) => (field.autocomplete ? 'contact' : 'text'),
  confirmsEmail: false,
  counts: false,
});
