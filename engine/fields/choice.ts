// What radios and checkboxes share: options, the Other option's text and how choices are sent
// and read back.
import { otherName } from '../graph';
import type { FindWithheld } from '../sanitise';
import { evaluate, isTruthy } from '../rules';
import type { AnswerValue, Answers, Message, Option, ResolvedField } from '../types';
import { sentText } from './free-text';

const DEFAULT_JOIN = ', ';
/** Separates the Other option's label from its text in 'append' mode. */
export const APPEND_SEPARATOR = ', ';

/** The chosen values of an option field, as a list. */
export function chosenValues(value: AnswerValue | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' && v !== '');
}

export function otherMode(field: ResolvedField): 'replace' | 'append' | 'separate' {
  return field.send?.other ?? 'separate';
}

/** The options offered with these answers: not retired, and without a showWhen rule or whose rule holds. */
export function offeredOptions(field: ResolvedField, answers: Answers): Option[] {
  return (field.options ?? []).filter(
    (option) =>
      !option.retired &&
      (option.showWhen === undefined || isTruthy(evaluate(option.showWhen, answers))),
  );
}

/** A choice is valid when every value is an offered option and an exclusive option stands alone. */
export function choiceError(
  field: ResolvedField,
  chosen: string[],
  answers: Answers,
): Message | null {
  const options = offeredOptions(field, answers);
  const known = chosen.every((v) => options.some((o) => o.value === v));
  const exclusiveMixed =
    chosen.length > 1 && options.some((o) => o.exclusive && chosen.includes(o.value));
  return known && !exclusiveMixed ? null : { key: 'invalidOption' };
}

/** How one chosen option is sent, given the field's Other handling and the Other text as sent. */
function sentOption(field: ResolvedField, option: Option, text: string): string {
  if (!option.other) return option.value;
  const mode = otherMode(field);
  if (mode === 'replace') return text || option.value;
  if (mode === 'append')
    return text ? `${option.label.en}${APPEND_SEPARATOR}${text}` : option.label.en;
  return option.value;
}

export function joinOf(field: ResolvedField): string {
  return field.send?.join ?? DEFAULT_JOIN;
}

/** The chosen options as sent, in option order, an appended or replacing Other entry last so the list can be read back. */
export function sentChoices(
  field: ResolvedField,
  answers: Answers,
  withhold?: FindWithheld,
): string[] {
  const other = sentText(field, answers[otherName(field.name)], withhold);
  return choicesWithOther(field, chosenValues(answers[field.name]), other);
}

/** The chosen values as sent, with an Other text that is already as sent (no cleaning): what
 *  sentChoices sends, and what writeSent writes back from parseChoices' reading. */
export function choicesWithOther(field: ResolvedField, chosen: string[], other: string): string[] {
  const options = field.options ?? [];
  const picked = options.filter((o) => chosen.includes(o.value));
  const trailing = otherMode(field) === 'separate' ? [] : picked.filter((o) => o.other);
  const ordered = [...picked.filter((o) => !trailing.includes(o)), ...trailing];
  const unknown = chosen.filter((v) => !options.some((o) => o.value === v));
  return [...ordered.map((o) => sentOption(field, o, other)), ...unknown];
}

/** Reads a sent choice list back into option values and Other text (inverse of sentChoices). */
export function parseChoices(
  field: ResolvedField,
  sent: string,
  join: string | undefined,
): { values: string[]; other?: string } {
  const options = field.options ?? [];
  const mode = otherMode(field);
  const otherOption = options.find((o) => o.other);
  // Longest values first, so 'Yes, often' is not read as 'Yes'.
  const byLength = [...options].sort((a, b) => b.value.length - a.value.length);
  const values: string[] = [];
  let rest = sent;
  while (rest !== '') {
    const option = byLength.find(
      (o) =>
        (!o.other || mode === 'separate') &&
        rest.startsWith(o.value) &&
        (rest === o.value || (join !== undefined && rest.startsWith(join, o.value.length))),
    );
    if (option) {
      values.push(option.value);
      rest = rest === option.value ? '' : rest.slice(option.value.length + join!.length);
      continue;
    }
    // Not a known option: the Other entry, which is last and swallows the rest as its text.
    if (otherOption && mode === 'append') {
      const label = otherOption.label.en;
      if (rest === label) return { values: [...values, otherOption.value] };
      if (rest.startsWith(label + APPEND_SEPARATOR)) {
        return {
          values: [...values, otherOption.value],
          other: rest.slice(label.length + APPEND_SEPARATOR.length),
        };
      }
    }
    if (otherOption && mode === 'replace')
      return { values: [...values, otherOption.value], other: rest };
    return { values: [...values, rest] }; // reported as invalidOption
  }
  return { values };
}

/** The first offered option a respondent would pick ('none of these' options last). */
export function exampleOption(field: ResolvedField, answers: Answers): Option | undefined {
  const options = offeredOptions(field, answers);
  return options.find((o) => !o.exclusive) ?? options[0];
}
