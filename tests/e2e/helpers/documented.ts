// What the generated data dictionary (docs/surveys/<id>.md, "How it is sent") says is sent for
// answers a browser test entered, written from those documented rules rather than by the engine's
// submission code, so a journey's stored row has an expectation of its own.
import { allFields, type Answers, type ResolvedSurvey } from '../../../engine';
import { RICH_LINE, RICH_TEXT } from './answers';

// The tests' typed texts as sent: markup removed, the dash dropped, spaces and the line break
// collapsed; é is a Welsh letter (the kept characters in the dictionary), so its accent stays.
// Every other sample text is sent as typed.
const TIDIED: Record<string, string> = {
  [RICH_TEXT]: 'The café form was quick thank you! Nothing else to add.',
  [RICH_LINE]: 'Café volunteer part time',
};

const tidied = (typed: string) => TIDIED[typed] ?? typed;

/** The submission the data dictionary describes for these answers, all on the respondent's path. */
export function documentedSubmission(
  survey: ResolvedSurvey,
  answers: Answers,
): Record<string, string> {
  const row: Record<string, string> = { serviceName: survey.serviceName };
  for (const field of allFields(survey)) {
    const value = answers[field.name];
    if (field.otherOf || value === undefined) continue; // an Other text goes with its choice
    if (!field.options) {
      if (typeof value === 'string' && value.trim()) row[field.name] = tidied(value);
      continue;
    }
    const chosen = Array.isArray(value) ? value : [value];
    const mode = field.send?.other ?? 'separate';
    const otherOption = field.options.find((o) => o.other && chosen.includes(o.value));
    const typed = answers[`${field.name}Other`];
    const otherText = typeof typed === 'string' ? tidied(typed) : '';
    // Options in the order offered; an Other that replaces or is appended comes last.
    const parts = field.options
      .filter((o) => chosen.includes(o.value) && !(o.other && mode !== 'separate'))
      .map((o) => o.value);
    if (otherOption && mode === 'replace') parts.push(otherText || otherOption.value);
    if (otherOption && mode === 'append')
      parts.push(otherText ? `${otherOption.label.en}, ${otherText}` : otherOption.label.en);
    if (otherOption && mode === 'separate' && otherText) row[`${field.name}Other`] = otherText;
    if (parts.length) row[field.name] = parts.join(field.send?.join ?? ', ');
  }
  return row;
}
