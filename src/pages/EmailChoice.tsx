// The GOV.UK radios that ask which email address is right: the suggested one or the one typed.
import type { TFunction } from 'i18next';
import type { Lang, Message } from '../../engine';
import { Radios } from '../../renderers';
import { messageText } from '../fields/FieldView';
import { EMAIL_CHOICE } from './useEmailConfirmation';

export function EmailChoice(props: {
  suggestion: { typed: string; full: string };
  value: string;
  error: Message | undefined;
  onChange(value: string): void;
  lang: Lang;
  t: TFunction;
}) {
  const { suggestion, error, lang, t } = props;
  return (
    <Radios
      name={EMAIL_CHOICE}
      idPrefix={EMAIL_CHOICE}
      fieldset={{
        legend: { text: t('emailSuggestion.legend'), classes: 'govuk-fieldset__legend--m' },
      }}
      errorMessage={
        error
          ? { text: messageText(error, lang, t), visuallyHiddenText: t('errorMessage.prefix') }
          : undefined
      }
      items={[
        { value: 'suggested', text: suggestion.full },
        { value: 'typed', text: suggestion.typed },
      ]}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
