// Page validation (SPEC.md section 5). Messages are keys for i18n, never English text.
import { mixed, object, type ObjectSchema } from 'yup';
import { chosenValues, findPage, isRequired, visibleFields } from './flow';
import { collapseWhitespace, DEFAULT_ALLOW, sanitiseText } from './sanitise';
import type {
  Answers,
  AnswerValue,
  FieldError,
  Message,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
} from './types';

export const TEXT_MIN = 2;
export const TEXT_MAX = 1000;
export const EMAIL_MIN = 7;
export const EMAIL_MAX = 256;

// Local part up to 64 characters (dot-separated atoms), then a dotted domain of DNS labels.
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const REQUIRED_KEY: Record<ResolvedField['type'], string> = {
  radios: 'selectOption',
  checkboxes: 'selectAtLeastOne',
  textarea: 'enterAnswer',
  text: 'enterAnswer',
  email: 'emailRequired',
};

function requiredMessage(field: ResolvedField): Message {
  if (field.errors?.required) return { key: 'required', text: field.errors.required };
  if (field.otherOf) return { key: 'otherRequired' };
  return { key: REQUIRED_KEY[field.type] };
}

function choiceError(
  field: ResolvedField,
  value: AnswerValue | undefined,
  required: boolean,
): Message | null {
  const chosen = chosenValues(value);
  if (chosen.length === 0) return required ? requiredMessage(field) : null;
  const options = field.options ?? [];
  const known = chosen.every((v) => options.some((o) => o.value === v));
  const single = field.type === 'checkboxes' || !Array.isArray(value) || value.length === 1;
  // An exclusive ('none of these') option cannot be combined with others.
  const exclusiveMixed =
    chosen.length > 1 && options.some((o) => o.exclusive && chosen.includes(o.value));
  return known && single && !exclusiveMixed ? null : { key: 'invalidOption' };
}

function textError(
  field: ResolvedField,
  value: AnswerValue | undefined,
  required: boolean,
): Message | null {
  if (Array.isArray(value)) return { key: 'invalidOption' };
  const text = collapseWhitespace(value ?? '');
  if (text === '') return required ? requiredMessage(field) : null;
  const isEmail = field.type === 'email';
  const min = field.minLength ?? (isEmail ? EMAIL_MIN : TEXT_MIN);
  const max = field.maxLength ?? (isEmail ? EMAIL_MAX : TEXT_MAX);
  // Lengths count what will be sent: free text loses markup and disallowed characters before
  // sending, so the browser and the server judge the same string.
  const measured = isEmail ? text : sanitiseText(text, field.allow ?? DEFAULT_ALLOW);
  if (measured.length < min)
    return { key: isEmail ? 'emailTooShort' : 'tooShort', params: { min } };
  if (measured.length > max) return { key: isEmail ? 'emailTooLong' : 'tooLong', params: { max } };
  if (isEmail && !EMAIL_PATTERN.test(text)) return { key: 'emailInvalid' };
  return null;
}

/** The message for one field with these answers, or null when it is valid. */
export function fieldError(field: ResolvedField, answers: Answers): Message | null {
  const value = answers[field.name];
  const required = isRequired(field, answers);
  return field.type === 'radios' || field.type === 'checkboxes'
    ? choiceError(field, value, required)
    : textError(field, value, required);
}

/** A yup object schema for the page's visible fields; each error's message is a `Message` object. */
export function pageSchema(
  s: ResolvedSurvey,
  page: ResolvedPage | string,
  answers: Answers,
): ObjectSchema<Record<string, unknown>> {
  const resolved = typeof page === 'string' ? findPage(s, page) : page;
  const shape = Object.fromEntries(
    (resolved ? visibleFields(resolved, answers) : []).map((field) => [
      field.name,
      mixed().test({
        name: field.name,
        test(value, context) {
          // Rules such as requiredWhen read the other values of the form being validated.
          const current: Answers = {
            ...answers,
            ...(context.parent as Answers),
            [field.name]: value as AnswerValue,
          };
          const message = fieldError(field, current);
          return message ? context.createError({ message: { ...message } }) : true;
        },
      }),
    ]),
  );
  return object(shape) as unknown as ObjectSchema<Record<string, unknown>>;
}

/** Synchronous validation of a page's visible fields, in field order. */
export function validatePage(s: ResolvedSurvey, pageId: string, answers: Answers): FieldError[] {
  const page = findPage(s, pageId);
  if (!page) return [];
  return visibleFields(page, answers).flatMap((field) => {
    const message = fieldError(field, answers);
    return message ? [{ field: field.name, message }] : [];
  });
}
