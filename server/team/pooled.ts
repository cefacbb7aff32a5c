// Questions several surveys share: the same question (its name) on the same shared scale
// (definitions/shared/shared.json), so their answers mean the same and can be counted together.
// Decided from the definitions alone. Pure.
import type { ResolvedField, ResolvedSurvey } from '../../engine';
import { choiceFields } from './figures';

export interface SharedQuestion {
  name: string;
  scale: string;
  /** Each survey that asks it, in the surveys' order, with its field. */
  asked: { survey: ResolvedSurvey; field: ResolvedField }[];
}

const sameOptions = (a: ResolvedField, b: ResolvedField) =>
  JSON.stringify((a.options ?? []).map((o) => o.value)) ===
  JSON.stringify((b.options ?? []).map((o) => o.value));

/** Every question asked on the same scale by more than one of these surveys. */
export function sharedQuestions(surveys: Iterable<ResolvedSurvey>): SharedQuestion[] {
  const found = new Map<string, SharedQuestion>();
  for (const survey of surveys)
    for (const field of choiceFields(survey)) {
      if (!field.scale) continue;
      const key = JSON.stringify([field.name, field.scale]);
      const question = found.get(key) ?? { name: field.name, scale: field.scale, asked: [] };
      found.set(key, question);
      // A survey that changed a shared scale's options is not counted with the others.
      if (question.asked.every((a) => sameOptions(a.field, field)))
        question.asked.push({ survey, field });
    }
  return [...found.values()].filter((q) => q.asked.length > 1);
}

/** The shared question a survey's field is, if it is one. */
export const sharedQuestionOf = (
  surveys: Iterable<ResolvedSurvey>,
  survey: ResolvedSurvey,
  field: ResolvedField,
) =>
  sharedQuestions(surveys).find((q) =>
    q.asked.some((a) => a.survey.id === survey.id && a.field.name === field.name),
  );
