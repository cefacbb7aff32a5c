// What every field renderer receives, and the pieces they share (label text, error message).
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AnswerValue, Answers, Lang, Message, ResolvedField } from '../../engine';

/** 'page': the field's legend/label is the page's h1; 'question': one of several questions; 'nested': revealed under an option. */
export type FieldLevel = 'page' | 'question' | 'nested';

export interface FieldViewProps {
  field: ResolvedField;
  level: FieldLevel;
  values: Record<string, AnswerValue>;
  /** Every answer so far with this page's values: what option rules read. */
  answers: Answers;
  errors: Record<string, Message>;
  setValue: (name: string, value: AnswerValue) => void;
  lang: Lang;
  t: TFunction;
  /** Shown above the question text inside the heading ('Question x of y'). */
  caption?: ReactNode;
}

/** Draws one field type. Its first input's id must be the field's name: the error summary links there. */
export type FieldRenderer = (props: FieldViewProps) => ReactNode;

export function messageText(message: Message, lang: Lang, t: TFunction): string {
  return message.text?.[lang] ?? t(`errors.${message.key}`, message.params ?? {});
}

const SIZE = { page: 'l', question: 'm', nested: undefined } as const;

/** The heading size class suffix for the field's level. */
export function sizeOf(level: FieldLevel): 'l' | 'm' | undefined {
  return SIZE[level];
}

export function errorMessageOf({ field, errors, lang, t }: FieldViewProps) {
  const error = errors[field.name];
  return error
    ? { text: messageText(error, lang, t), visuallyHiddenText: t('errorMessage.prefix') }
    : undefined;
}

export function hintOf({ field, lang }: FieldViewProps) {
  return field.hint ? { text: field.hint[lang] } : undefined;
}

export function labelContentOf({ field, lang, t, caption }: FieldViewProps): ReactNode {
  return (
    <>
      {caption}
      {/* The Other text box would repeat its option's label; ask for the details instead. */}
      {field.otherOf ? t('common.otherDetails') : field.label[lang]}
    </>
  );
}

/** Label props for a text-like field's `<label>`. */
export function labelOf(props: FieldViewProps) {
  const size = sizeOf(props.level);
  return {
    children: labelContentOf(props),
    isPageHeading: props.level === 'page',
    classes: size ? `govuk-label--${size}` : undefined,
  };
}

export function textValue(props: FieldViewProps): string {
  const value = props.values[props.field.name];
  return typeof value === 'string' ? value : '';
}
