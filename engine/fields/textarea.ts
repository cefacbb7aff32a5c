// A long free-text answer, optionally with the GOV.UK character count.
import { lengthError, stringField } from './text';

export const textarea = stringField({
  defaultPattern: 'text',
  requiredKey: 'enterAnswer',
  error: lengthError,
  example: () => 'Example answer',
  role: () => 'text',
  confirmsEmail: false,
  counts: true,
});
