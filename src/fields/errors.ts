// Formik types its errors as strings; the engine's are `Message` objects (keys for i18n). This is
// the one place the two meet.
import type { FormikErrors } from 'formik';
import type { AnswerValue, Message } from '../../engine';

export type Values = Record<string, AnswerValue>;
export type Messages = Record<string, Message>;

export function toFormikErrors(messages: Messages): FormikErrors<Values> {
  return messages as unknown as FormikErrors<Values>;
}

export function toMessages(errors: FormikErrors<Values>): Messages {
  return errors as unknown as Messages;
}
