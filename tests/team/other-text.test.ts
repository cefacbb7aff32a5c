// The Other text a choice sends inside its answer ('append' after the option's label, 'replace'
// in its place) is read back on the team's question page by the field's type, the one reader the
// server's check and privacy masking use: whatever a list's join, and in both modes.
import { describe, expect, it } from 'vitest';
import { allFields, typeOf, type Answers } from '../../engine';
import { freeTextFilter } from '../../server/team/questions';
import { checkboxes, inline, page, radios } from '../engine/fixtures';

const OPTIONS = ['Job', 'Volunteer', 'Other'];

function otherText(field: ReturnType<typeof radios>, answers: Answers): string {
  const survey = inline([page('q1', [field])]);
  const parent = allFields(survey).find((f) => f.name === field.name)!;
  const other = allFields(survey).find((f) => f.otherOf === field.name)!;
  const sent = typeOf(parent).send(parent, answers);
  const record = {
    id: 'r',
    surveyId: survey.id,
    definitionHash: '',
    receivedAt: new Date(),
    answers: { [parent.name]: sent },
  };
  return freeTextFilter(survey, other, {}).textOf(record);
}

describe("the Other text on the team's question page", () => {
  const withOther = (make: typeof radios, other: 'append' | 'replace') => {
    const field = make('why', OPTIONS, { send: { other } });
    field.options = field.options!.map((o) => (o.value === 'Other' ? { ...o, other: true } : o));
    return field;
  };

  for (const other of ['append', 'replace'] as const)
    for (const [kind, make, chosen] of [
      ['checkboxes', checkboxes, ['Job', 'Other']],
      ['radios', radios, 'Other'],
    ] as const)
      it(`is what was typed, for ${kind} sending it by '${other}'`, () => {
        const typed = 'Helping a friend, mostly';
        const why = typeof chosen === 'string' ? chosen : [...chosen];
        expect(otherText(withOther(make, other), { why, whyOther: typed })).toBe(typed);
      });
});
