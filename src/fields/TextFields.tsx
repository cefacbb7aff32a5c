// Free-text fields: a textarea (with the GOV.UK character count when the field asks for one)
// and single-line inputs for text and email.
import { notSentCharacters, sentText } from '../../engine';
import { CharacterCount, Input, Textarea } from '../../renderers';
import { errorMessageOf, hintOf, labelOf, textValue, type FieldViewProps } from './common';

export function TextareaField(props: FieldViewProps) {
  const { field, lang, t, setValue } = props;
  const textarea = {
    id: field.name,
    name: field.name,
    label: labelOf(props),
    hint: hintOf(props),
    errorMessage: errorMessageOf(props),
    rows: field.rows ?? 5,
    value: textValue(props),
    onChange: (next: string) => setValue(field.name, next),
  };
  if (!field.characterCount) return <Textarea {...textarea} />;
  const max = field.maxLength ?? 1000;
  // The count is of what will be sent, as the length rule is; characters that will be dropped are named.
  const dropped = notSentCharacters(field, textarea.value);
  const count = (remaining: number) =>
    remaining > 0
      ? t('characterCount.remaining', { count: remaining })
      : remaining === 0
        ? t('characterCount.atLimit')
        : t('characterCount.over', { count: -remaining });
  return (
    <CharacterCount
      {...textarea}
      maxlength={max}
      locale={lang}
      textareaDescriptionText={t('characterCount.description', { count: max })}
      countedText={(typed) => sentText(field, typed)}
      formatCountMessage={(remaining) =>
        dropped
          ? `${count(remaining)}. ${t('characterCount.notSent', { characters: dropped, interpolation: { escapeValue: false } })}`
          : count(remaining)
      }
    />
  );
}

function inputField(type: 'text' | 'email') {
  return function InputField(props: FieldViewProps) {
    const { field, setValue } = props;
    return (
      <Input
        id={field.name}
        name={field.name}
        type={type}
        label={labelOf(props)}
        hint={hintOf(props)}
        errorMessage={errorMessageOf(props)}
        classes={field.width}
        autocomplete={field.autocomplete}
        // Names and addresses are not words: no spelling marks.
        spellcheck={type === 'email' || field.autocomplete ? false : undefined}
        value={textValue(props)}
        onChange={(next) => setValue(field.name, next)}
      />
    );
  };
}

export const TextField = inputField('text');
export const EmailField = inputField('email');
