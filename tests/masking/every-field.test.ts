// Every field of every survey (the definitions and this folder's fixture, which has every field
// type and every way of sending an Other text): what the team reads of it is withheld as typed,
// and contact details are sent as given. Checked through each field type's own `send`, so a
// field or type added later is covered without a list to keep.
import { describe, expect, it } from 'vitest';
import {
  allFields,
  chosenValues,
  FIELD_TYPES,
  otherName,
  roleOf,
  typeOf,
  type Answers,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine/index';
import { loadSurveys } from '../../engine/check/load';
import { withholdPersonalData } from '../../masking/index';
import { MASK } from '../../masking/stored';
import { survey as fixture } from './fixture-survey';
import { remnantsOf } from './remnants';

const TYPED = 'reach jo_smith@example.co.uk or 07700-900-123';
const surveys: ResolvedSurvey[] = [...loadSurveys().surveys.values(), fixture];

/** Answers that put TYPED where the field takes typed text: its own value, or its Other text. */
function typedInto(field: ResolvedField): Answers | undefined {
  const other = field.options?.find((option) => option.other);
  if (other) {
    const chosen = typeOf(field).fromForm(field, { [field.name]: [other.value] });
    return { [field.name]: chosen, [otherName(field.name)]: TYPED };
  }
  return typeOf(field)
    .entry(field, '')
    .some((e) => e.control === 'text')
    ? { [field.name]: TYPED }
    : undefined;
}

const cases = surveys.flatMap((survey) =>
  allFields(survey).map((field) => [`${survey.id} ${field.name}`, field] as const),
);

describe('what each field sends, withheld by the service', () => {
  it('covers every field type there is', () => {
    const types = new Set(cases.map(([, field]) => field.type));
    expect([...types].sort()).toEqual(Object.keys(FIELD_TYPES).sort());
  });

  it.each(cases)('%s', (_name, field) => {
    const answers = typedInto(field);
    if (!answers) return;
    const sent = typeOf(field).send(field, answers, withholdPersonalData(field, roleOf(field)));
    if (roleOf(field) === 'contact') {
      // Contact details are kept as given (cleaned by their own pattern only).
      expect(sent).toBe(typeOf(field).send(field, answers));
      return;
    }
    // An Other text sent as a field of its own is checked as that field.
    if (field.options && chosenValues(answers[field.name]).length && !sent.includes(MASK)) {
      expect(sent).not.toMatch(/07700|jo_?smith/);
      return;
    }
    expect(sent).toContain(MASK);
    for (const detail of ['jo_smith@example.co.uk', '07700-900-123'])
      expect(remnantsOf(detail, TYPED, sent)).toEqual([]);
  });
});
