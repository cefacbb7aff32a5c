// One definition field as GOV.UK components: the mapping from a ResolvedField to renderer props.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AnswerValue, Lang, Message, ResolvedField } from '../../engine';
import { optionReveals } from '../../engine';
import { CharacterCount, Checkboxes, Input, Radios, Textarea } from '../../renderers';
import type { CheckboxItem } from '../../renderers';

/** 'page': the field's legend/label is the page's h1; 'question': one of several questions; 'nested': revealed under an option. */
export type FieldLevel = 'page' | 'question' | 'nested';

export interface FieldViewProps {
  field: ResolvedField;
  level: FieldLevel;
  values: Record<string, AnswerValue>;
  errors: Record<string, Message>;
  setValue: (name: string, value: AnswerValue) => void;
  lang: Lang;
  t: TFunction;
  /** Shown above the question text inside the heading ('Question x of y'). */
  caption?: ReactNode;
}

export function messageText(message: Message, lang: Lang, t: TFunction): string {
  return message.text?.[lang] ?? t(`errors.${message.key}`, message.params ?? {});
}

const SIZE = { page: 'l', question: 'm', nested: undefined } as const;

export function FieldView(props: FieldViewProps) {
  const { field, level, values, errors, setValue, lang, t } = props;
  const size = SIZE[level];
  const isPageHeading = level === 'page';
  const error = errors[field.name];
  const errorMessage = error
    ? { text: messageText(error, lang, t), visuallyHiddenText: t('errorMessage.prefix') }
    : undefined;
  const hint = field.hint ? { text: field.hint[lang] } : undefined;
  const labelContent: ReactNode = (
    <>
      {props.caption}
      {/* The Other text box would repeat its option's label; ask for the details instead. */}
      {field.otherOf ? t('common.otherDetails') : field.label[lang]}
    </>
  );
  const value = values[field.name];

  if (field.type === 'radios' || field.type === 'checkboxes') {
    const items: CheckboxItem[] = [];
    for (const option of field.options ?? []) {
      if (option.dividerBefore) items.push({ divider: t('common.or') });
      const revealed = optionReveals(field, option);
      items.push({
        value: option.value,
        text: option.label[lang],
        hint: option.hint ? { text: option.hint[lang] } : undefined,
        behaviour: option.exclusive ? 'exclusive' : undefined,
        conditional: revealed.length
          ? {
              children: revealed.map((child) => (
                <FieldView
                  {...props}
                  key={child.name}
                  field={child}
                  level="nested"
                  caption={undefined}
                />
              )),
            }
          : undefined,
      });
    }
    const common = {
      name: field.name,
      idPrefix: field.name,
      items,
      hint,
      errorMessage,
      fieldset: {
        legend: {
          children: labelContent,
          isPageHeading,
          classes: size ? `govuk-fieldset__legend--${size}` : undefined,
        },
      },
    };
    if (field.type === 'checkboxes') {
      return (
        <Checkboxes
          {...common}
          values={Array.isArray(value) ? value : []}
          onChange={(next) => setValue(field.name, next)}
        />
      );
    }
    return (
      <Radios
        {...common}
        classes={field.inline ? 'govuk-radios--inline' : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(next) => setValue(field.name, next)}
      />
    );
  }

  const text = typeof value === 'string' ? value : '';
  const label = {
    children: labelContent,
    isPageHeading,
    classes: size ? `govuk-label--${size}` : undefined,
  };
  const onChange = (next: string) => setValue(field.name, next);

  if (field.type === 'textarea') {
    const textarea = {
      id: field.name,
      name: field.name,
      label,
      hint,
      errorMessage,
      rows: field.rows ?? 5,
      value: text,
      onChange,
    };
    if (!field.characterCount) return <Textarea {...textarea} />;
    const max = field.maxLength ?? 1000;
    return (
      <CharacterCount
        {...textarea}
        maxlength={max}
        locale={lang}
        textareaDescriptionText={t('characterCount.description', { count: max })}
        formatCountMessage={(remaining) =>
          remaining > 0
            ? t('characterCount.remaining', { count: remaining })
            : remaining === 0
              ? t('characterCount.atLimit')
              : t('characterCount.over', { count: -remaining })
        }
      />
    );
  }

  const isEmail = field.type === 'email';
  return (
    <Input
      id={field.name}
      name={field.name}
      type={isEmail ? 'email' : 'text'}
      label={label}
      hint={hint}
      errorMessage={errorMessage}
      classes={field.width}
      autocomplete={field.autocomplete}
      spellcheck={isEmail || field.autocomplete ? false : undefined}
      value={text}
      onChange={onChange}
    />
  );
}
