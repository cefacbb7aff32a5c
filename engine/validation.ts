// Page validation (limits in docs/architecture.md) as yup schemas generated from the definitions: the one path
// used by the app's form, the server's check of a submission and the no-JavaScript form posts.
// Messages are keys for i18n, never English text.
import { mixed, object, ValidationError, type ObjectSchema } from 'yup';
import { typeOf } from './fields';
import { findPage, isRequired, pageFields, visibleFields } from './flow';
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

const schemas = new WeakMap<ResolvedPage, ObjectSchema<Record<string, unknown>>>();
/** Options for validating with a page schema: a per-run memo of which fields show, so the
 *  visibility of a page is worked out once per validation rather than once per field. */
export function validationOptions(): {
  abortEarly: false;
  context: { shown: Map<ResolvedPage, Set<string>> };
} {
  return { abortEarly: false, context: { shown: new Map() } };
}

function showing(
  page: ResolvedPage,
  answers: Answers,
  memo?: Map<ResolvedPage, Set<string>>,
): Set<string> {
  let names = memo?.get(page);
  if (!names) {
    names = new Set(visibleFields(page, answers).map((field) => field.name));
    memo?.set(page, names);
  }
  return names;
}

/** The yup object schema of a page, generated once per page: one test per field the page can
 *  show, which passes while the field is not showing. Validate the respondent's whole answers
 *  with it (rules such as requiredWhen read answers from earlier pages); each error's message is a
 *  `Message` object. */
export function pageSchema(page: ResolvedPage): ObjectSchema<Record<string, unknown>> {
  let schema = schemas.get(page);
  if (!schema) {
    const fields = new Map(pageFields(page).map((field) => [field.name, field]));
    const shape = Object.fromEntries(
      [...fields.values()].map((field) => [
        field.name,
        mixed().test({
          name: field.name,
          test(value, context) {
            const answers = context.parent as Answers;
            const memo = (
              context.options.context as { shown?: Map<ResolvedPage, Set<string>> } | undefined
            )?.shown;
            if (!showing(page, answers, memo).has(field.name)) return true;
            const message = fieldError(field, { ...answers, [field.name]: value as AnswerValue });
            return message ? context.createError({ message: { ...message } }) : true;
          },
        }),
      ]),
    );
    schema = object(shape) as unknown as ObjectSchema<Record<string, unknown>>;
    schemas.set(page, schema);
  }
  return schema;
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
    pageSchema(page).validateSync(answers, validationOptions());
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return errorsOf(error, visibleFields(page, answers));
  }
}
