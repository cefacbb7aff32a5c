// What counts as personal data on the team's pages: contact fields (from the definitions) and
// free text that looks like an identifier, masked before the team sees it; and what each role
// may search and filter by.
import { allFields, isChoice, type ResolvedSurvey } from '../../engine';
import { MASK_PASS, maskAnswers } from '../../masking/answers';
import { isContactField, MASK, maskStoredText } from '../../masking/stored';
import type { FeedbackFilter, Role } from '../storage/team-types';

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

/** What part of a filter a role was refused ('q', 'answer', 'contact'), and what is left. */
export interface Allowed {
  filter: FeedbackFilter;
  refused: ('q' | 'answer' | 'contact')[];
  /** The filter touches personal data (for an analyst or admin: audited). */
  personal: ('q' | 'answer' | 'contact')[];
}

/**
 * The filter a member of this role may use. A viewer may not search or filter by contact
 * details or by text before masking: the parts that would are dropped whole (the page is then
 * the same whatever the hidden value, so no count tells whether it matched), a search skips
 * the contact fields, and a search for something that is itself personal data is dropped.
 * An analyst's or admin's filter is kept; `personal` says what in it is personal data.
 */
export function allowedFilter(
  filter: FeedbackFilter,
  role: Role,
  surveys: Iterable<ResolvedSurvey>,
): Allowed {
  const all = [...surveys];
  const fields = new Map(all.flatMap((s) => allFields(s).map((f) => [f.name, f] as const)));
  const contact = [...new Set(all.flatMap(contactFields))];
  const personal: Allowed['personal'] = [];
  const looksPersonal = (text: string) =>
    maskPersonalData(text) !== text || /[@+]/.test(text) || contact.includes(filter.textIn ?? '');
  if (filter.text && looksPersonal(filter.text)) personal.push('q');
  const answerNames = Object.keys(filter.answers ?? {});
  // Only choice answers may be matched by a viewer: any other is text or contact details.
  const chosen = (name: string) => {
    const field = fields.get(name);
    return field !== undefined && isChoice(field);
  };
  if (answerNames.some((name) => !chosen(name))) personal.push('answer');
  if (filter.anyOf?.some((name) => contact.includes(name))) personal.push('contact');
  if (role !== 'viewer') return { filter, refused: [], personal };

  const limited: FeedbackFilter = { ...filter, textNotIn: contact };
  if (personal.includes('q')) {
    delete limited.text;
    delete limited.textIn;
  }
  if (personal.includes('answer')) delete limited.answers;
  if (personal.includes('contact')) delete limited.anyOf;
  return { filter: limited, refused: personal, personal: [] };
}

/** A survey's name on the team's pages: its team name when its title is shared with another. */
export const surveyName = (survey: Pick<ResolvedSurvey, 'title' | 'teamName'>, lang: 'en' | 'cy') =>
  (survey.teamName ?? survey.title)[lang];
