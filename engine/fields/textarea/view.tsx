// The textarea field's view: a GOV.UK textarea, or its character count when the field asks for
// one (engine/fields/textarea is its module).
import { notSentCharacters, sentText } from '../../index';
import { CharacterCount, Textarea } from '../../../renderers';
import {
  errorMessageOf,
  hintOf,
  labelOf,
  textValue,
  type FieldViewProps,
} from '../../../src/fields/common';

export function view(props: FieldViewProps) {
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
