// Page validation (limits in docs/architecture.md) as yup schemas generated from the definitions: the one path
// used by the app's form, the server's check of a submission and the no-JavaScript form posts.
// Messages are keys for i18n, never English text.
import { mixed, object, ValidationError, type ObjectSchema } from 'yup';
import { typeOf } from './fields';
import { findPage, isRequired, visibleFields } from './flow';
import type {
  Answers,
  AnswerValue,
  FieldError,
  Message,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
} from './types';

function requiredMessage(field: ResolvedField): Message {
  if (field.errors?.required) return { key: 'required', text: field.errors.required };
  if (field.otherOf) return { key: 'otherRequired' };
  return { key: typeOf(field).requiredKey };
}

/** The message for one field with these answers, or null when it is valid. */
export function fieldError(field: ResolvedField, answers: Answers): Message | null {
  const value = answers[field.name];
  const type = typeOf(field);
  if (type.isEmpty(value)) return isRequired(field, answers) ? requiredMessage(field) : null;
  return type.error(field, value!, answers);
}

/** A yup object schema for the page's visible fields; each error's message is a `Message` object.
 *  `answers` are those given so far, which rules such as requiredWhen may read. */
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

/** The errors of a failed yup validation, one per field, in the order the fields are shown. */
export function errorsOf(error: ValidationError, fields: ResolvedField[]): FieldError[] {
  const byField = new Map<string, Message>();
  for (const inner of error.inner.length ? error.inner : [error])
    if (inner.path && !byField.has(inner.path))
      byField.set(inner.path, inner.message as unknown as Message);
  return fields.flatMap((field) => {
    const message = byField.get(field.name);
    return message ? [{ field: field.name, message }] : [];
  });
}

/** Validates a page's visible fields with its generated schema; errors in field order. */
export function validatePage(s: ResolvedSurvey, pageId: string, answers: Answers): FieldError[] {
  const page = findPage(s, pageId);
  if (!page) return [];
  try {
    pageSchema(s, page, answers).validateSync(answers, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return errorsOf(error, visibleFields(page, answers));
  }
}
