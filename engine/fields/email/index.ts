// An email address: 7 to 256 characters and an address pattern. Sent as typed,
// cleaned by the `email` pattern.
import { collapseWhitespace } from '../../sanitise';
import type { Message } from '../../types';
import { TIDIED, stringField } from '../free-text';

export const EMAIL_MIN = 7;
export const EMAIL_MAX = 256;

// Local part up to 64 characters (dot-separated atoms), then a dotted domain of DNS labels.
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const email = stringField({
  summary: 'an email address, checked for a likely typo before sending',
  defaultPattern: 'email',
  requiredKey: 'emailRequired',
  error: (field, value): Message | null => {
    if (typeof value !== 'string') return { key: 'invalidOption' };
    const address = collapseWhitespace(value);
    const min = field.minLength ?? EMAIL_MIN;
    const max = field.maxLength ?? EMAIL_MAX;
    if (address.length < min) return { key: 'emailTooShort', params: { min } };
    if (address.length > max) return { key: 'emailTooLong', params: { max } };
    return EMAIL_PATTERN.test(address) ? null : { key: 'emailInvalid' };
  },
  example: () => 'name@example.com',
  role: () => 'contact',
  confirmsEmail: true,
  counts: false,
  docs: { takes: (_field, { typed }) => `an email address, ${typed}`, sent: () => TIDIED },
});
