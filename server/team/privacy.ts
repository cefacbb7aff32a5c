// What counts as personal data on the team's pages: contact fields (from the definitions) and
// free text that looks like an identifier, masked before the team sees it. What each role may
// search and filter by is the team's reader's (server/team/access/scope.ts).
import { allFields, type ResolvedSurvey } from '../../engine';
import { MASK_PASS, maskAnswers } from '../../masking/answers';
import { isContactField, MASK, maskStoredText } from '../../masking/stored';

/** A field asks for contact details when its type says so (an email address, a name). */
export { isContactField };

export const contactFields = (survey: ResolvedSurvey) =>
  allFields(survey)
    .filter(isContactField)
    .map((field) => field.name);

// Masking lives in masking/ (the app and the feedback API withhold personal data as typed);
// what the team's pages mask on the way out is stored text.
export { MASK, MASK_PASS, maskAnswers };
/** Stored text with anything that looks like personal data replaced by MASK. */
export const maskPersonalData = maskStoredText;

/** A survey's name on the team's pages: its team name when its title is shared with another. */
export const surveyName = (survey: Pick<ResolvedSurvey, 'title' | 'teamName'>, lang: 'en' | 'cy') =>
  (survey.teamName ?? survey.title)[lang];
