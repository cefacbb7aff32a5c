// One answer from a list of options (or a shared scale).
import type { FieldTypeModule } from '../types';
import {
  chosenValues,
  choiceError,
  choicesWithOther,
  exampleOption,
  parseChoices,
  sentChoices,
} from '../choice';

export const radios: FieldTypeModule = {
  summary: 'one option from a list (needs `options` or `scale`)',
  empty: () => '',
  isEmpty: (value) => chosenValues(value).length === 0,
  defaultPattern: 'text',
  requiredKey: 'selectOption',
  error: (field, value, answers) =>
    Array.isArray(value) && value.length > 1
      ? { key: 'invalidOption' }
      : choiceError(field, chosenValues(value), answers),
  send: (field, answers, withhold) => sentChoices(field, answers, withhold).join(''),
  parseSent: (field, sent) => {
    const { values, other } = parseChoices(field, sent, undefined);
    return { value: values.length === 1 ? values[0]! : values, other };
  },
  writeSent: (field, { value, other }) =>
    choicesWithOther(field, chosenValues(value), other ?? '').join(''),
  postedNames: (field) => [field.name],
  fromForm: (field, posted) => posted[field.name]?.[0] ?? '',
  example: (field, answers) => exampleOption(field, answers)?.value ?? '',
  entry: (field, value) => [{ name: field.name, control: 'radio', values: chosenValues(value) }],
  role: () => 'choice',
  confirmsEmail: false,
  counts: false,
  docs: { takes: (_field, { options }) => options, sent: () => 'the chosen value' },
};
