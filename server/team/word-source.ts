// What the service tells the store about each response's typed text (server/storage/words-sql.ts):
// its words for the word index (./themes.ts) and what it adds to the word counts
// (./frequent-words.ts), with a key per survey that changes when either way of cutting does, so
// that the stored responses are cut again.
import type { ResolvedSurvey } from '../../engine';
import type { WordSource } from '../storage/words-sql';
import { responseTerms } from './frequent-words';
import { isContactField } from './privacy';
import { answerWords, typedFields, wordFieldsKey } from './themes';

/**
 * Bump when `responseTerms` changes what it gives (stop words, folding, masking): every
 * survey's stored responses are then counted again. 1: the first kept counts.
 */
const TERM_CUT = 1;

/** The key of a survey's cutting: its word index's, and its word counts'. */
export const wordSourceKey = (survey: ResolvedSurvey) =>
  `${wordFieldsKey(survey)} terms ${JSON.stringify({
    cut: TERM_CUT,
    contact: typedFields(survey)
      .filter(isContactField)
      .map((f) => f.name),
  })}`;

export function wordSource(surveys: Map<string, ResolvedSurvey>): WordSource {
  return {
    fields: Object.fromEntries([...surveys.values()].map((s) => [s.id, wordSourceKey(s)])),
    words: (record) => answerWords(surveys.get(record.surveyId), record),
    terms: (record) => {
      const survey = surveys.get(record.surveyId);
      return survey && responseTerms(survey, (name) => record.answers[name]);
    },
  };
}
