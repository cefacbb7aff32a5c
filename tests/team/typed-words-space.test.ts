// Over every survey (the definitions on disk, the test fixtures and one generated with every
// field type in every Other mode): what a theme reads of a response is exactly what the
// respondent typed. A choice's ticks, sent as the engine sends them, are never typed text; an
// Other text is found once, whether it is sent inside the choice's answer or as its own field;
// and the word index holds the typed words only.
import { describe, expect, it } from 'vitest';
import sharedJson from '@definitions/shared/shared.json';
import {
  allFields,
  FIELD_TYPES,
  isChoice,
  isFreeText,
  otherName,
  resolveSurvey,
  typeOf,
  type Answers,
  type FieldType,
  type ResolvedField,
  type ResolvedSurvey,
  type SharedBlocks,
  type SurveyDefinition,
} from '../../engine';
import { loadSurveys } from '../../engine/check/load';
import { isOtherSentSeparately } from '../../engine/submission';
import { answerWords, freeTextsBy } from '../../server/team/themes';
import { fixtureSurveys } from '../server/fixtures';

const t = (en: string) => ({ en, cy: `${en} (cy)` });

/** A survey with a field of every type in every way an Other text can be sent. */
function generatedSurvey(): ResolvedSurvey {
  const modes = ['replace', 'append', 'separate'] as const;
  const fields = (Object.keys(FIELD_TYPES) as FieldType[]).flatMap((type) =>
    modes.map((mode) => ({
      name: `${type}${mode}`,
      type,
      label: t(`${type} ${mode}`),
      options: [
        { value: 'First, with a comma', label: t('First') },
        { value: 'Second', label: t('Second') },
        { value: 'Other', label: t('Something else'), other: true },
      ],
      send: { other: mode },
    })),
  );
  const definition = {
    id: 'generated',
    serviceName: 'generated-service',
    title: t('Generated'),
    duration: 1,
    theme: 'default',
    layout: 'single',
    pages: [{ id: 'q1', submit: true, fields }],
    finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
    footer: 'standard',
  } as unknown as SurveyDefinition;
  return resolveSurvey(definition, sharedJson as unknown as SharedBlocks);
}

const surveys = [
  ...loadSurveys().surveys.values(),
  ...fixtureSurveys().values(),
  generatedSurvey(),
];

/** What is sent for these answers of `field` (and its Other text field), as the engine sends it. */
function sent(survey: ResolvedSurvey, field: ResolvedField, answers: Answers) {
  const byName = new Map(allFields(survey).map((f) => [f.name, f]));
  const own = [field, ...allFields(survey).filter((f) => f.otherOf === field.name)];
  return Object.fromEntries(
    own
      .filter((f) => !f.otherOf || isOtherSentSeparately(f, byName))
      .map((f) => [f.name, typeOf(f).send(f, answers)])
      .filter(([, value]) => value !== ''),
  ) as Record<string, string>;
}

const TYPED = 'typed words here';

describe('what a theme reads of a response, over every survey', () => {
  it('is never a choice’s ticks, and an Other text exactly once', () => {
    let choices = 0;
    let others = 0;
    for (const survey of surveys)
      for (const field of allFields(survey)) {
        if (!isChoice(field) || field.otherOf) continue;
        choices += 1;
        const options = (field.options ?? []).filter((o) => !o.other && !o.exclusive);
        const several = Array.isArray(typeOf(field).empty());
        const ticks = several
          ? options.map((o) => o.value)
          : options.slice(0, 1).map((o) => o.value);
        const ticked = sent(survey, field, { [field.name]: several ? ticks : (ticks[0] ?? '') });
        const where = `${survey.id} ${field.name}`;
        expect(
          freeTextsBy(survey, (name) => ticked[name]),
          where,
        ).toEqual([]);
        expect(answerWords(survey, { answers: ticked, lang: 'en' } as never), where).toEqual([]);
        const other = field.options?.find((o) => o.other);
        if (!other) continue;
        others += 1;
        const chosen = several ? [...ticks, other.value] : other.value;
        const withOther = sent(survey, field, {
          [field.name]: chosen,
          [otherName(field.name)]: TYPED,
        });
        expect(
          freeTextsBy(survey, (name) => withOther[name]),
          where,
        ).toEqual([TYPED]);
        expect(
          answerWords(survey, { answers: withOther, lang: 'en' } as never).sort(),
          where,
          // Its words, and its pairs of words one space apart.
        ).toEqual(['en+:typed words', 'en+:words here', 'en:here', 'en:typed', 'en:words']);
      }
    // The generated survey alone has a choice with Other in each mode for each choice type.
    expect(choices).toBeGreaterThan(0);
    expect(others).toBeGreaterThanOrEqual(6);
  });

  it('is every free-text answer as typed', () => {
    for (const survey of surveys)
      for (const field of allFields(survey).filter(isFreeText))
        expect(
          freeTextsBy(survey, (name) => (name === field.name ? TYPED : undefined)),
          `${survey.id} ${field.name}`,
        ).toEqual([TYPED]);
  });
});
