// Any number of options; an exclusive ('none of these') option stands alone. Sent as one string,
// joined with ', ' unless the field says otherwise.
import type { FieldTypeModule } from '../types';
import {
  chosenValues,
  choiceError,
  choicesWithOther,
  exampleOption,
  joinOf,
  parseChoices,
  sentChoices,
} from '../choice';

export const checkboxes: FieldTypeModule = {
  summary: 'any number of options from a list (needs `options`)',
  empty: () => [],
  isEmpty: (value) => chosenValues(value).length === 0,
  defaultPattern: 'text',
  requiredKey: 'selectAtLeastOne',
  error: (field, value, answers) => choiceError(field, chosenValues(value), answers),
  send: (field, answers, withhold) => sentChoices(field, answers, withhold).join(joinOf(field)),
  parseSent: (field, sent) => {
    const { values, other } = parseChoices(field, sent, joinOf(field));
    return { value: values, other };
  },
  writeSent: (field, { value, other }) =>
    choicesWithOther(field, chosenValues(value), other ?? '').join(joinOf(field)),
  postedNames: (field) => [field.name],
  fromForm: (field, posted) => (posted[field.name] ?? []).filter((value) => value !== ''),
  example: (field, answers) => {
    const option = exampleOption(field, answers);
    return option ? [option.value] : [];
  },
  entry: (field, value) => [{ name: field.name, control: 'checkbox', values: chosenValues(value) }],
  role: () => 'choices',
  confirmsEmail: false,
  counts: false,
  docs: {
    takes: (_field, { options }) => options,
    sent: (field, code) => `chosen values joined with ${code(joinOf(field))}`,
  },
};
