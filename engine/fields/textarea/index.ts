// A long free-text answer, optionally with the GOV.UK character count.
import { lengthError, stringField } from '../free-text';

export const textarea = stringField({
  summary: 'a longer free-text answer, optionally with a character count',
  defaultPattern: 'text',
  requiredKey: 'enterAnswer',
  error: lengthError,
  example: () => 'Example answer',
  role: () => 'text',
  confirmsEmail: false,
  counts: true,
});
