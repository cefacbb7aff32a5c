// The server's check of a sent body: read it back into answers with each field's type, then
// validate the whole path with the same generated schemas as the form (./validation).
import { chosenValues, typeOf } from './fields';
import { allFields, pageFields, visibleFields } from './flow';
import { otherName } from './graph';
import {
  SERVICE_NAME,
  isOtherSentSeparately,
  pathPages,
  prepareSubmission,
  type Withholding,
} from './submission';
import type {
  Answers,
  AnswerValue,
  FieldError,
  ResolvedPage,
  ResolvedSurvey,
  Submission,
} from './types';
import { validatePage } from './validation';

function toAnswers(s: ResolvedSurvey, body: Record<string, string>, errors: FieldError[]): Answers {
  const fields = allFields(s);
  const fieldsByName = new Map(fields.map((field) => [field.name, field]));
  const sendable = new Set(
    fields.filter((f) => isOtherSentSeparately(f, fieldsByName)).map((f) => f.name),
  );
  const answers: Answers = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === SERVICE_NAME) continue;
    const field = sendable.has(key) ? fieldsByName.get(key) : undefined;
    if (!field) {
      errors.push({ field: key, message: { key: 'unknownField' } });
      continue;
    }
    if (value === '') continue;
    const { value: answer, other } = typeOf(field).parseSent(field, value);
    answers[field.name] = answer;
    if (other !== undefined) answers[otherName(field.name)] = other;
  }
  return answers;
}

function isPlainObject(body: unknown): body is Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null;
}

function isAnswered(value: AnswerValue | undefined): boolean {
  return chosenValues(value).some((v) => v.trim() !== '');
}

/** Pages on the path left blank by a 'Skip this question' link: a blank page with `skip`, and the blank pages after it up to its target. */
function skippedPages(path: ResolvedPage[], answers: Answers): Set<string> {
  const skipped = new Set<string>();
  let skippingTo: string | null = null;
  for (const page of path) {
    const blank = !visibleFields(page, answers).some((f) => isAnswered(answers[f.name]));
    if (skippingTo !== null && page.id !== skippingTo && blank) {
      skipped.add(page.id);
      continue;
    }
    skippingTo = null;
    if (page.skip !== undefined && blank) {
      skipped.add(page.id);
      skippingTo = page.skip;
    }
  }
  return skipped;
}

export type SubmissionCheck =
  { ok: true; submission: Submission; answers: Answers } | { ok: false; errors: FieldError[] };

/** The server's check of a posted body: shape, serviceName, known fields, the path, and every page's rules.
 *  Returns the re-prepared (re-sanitised) submission, with what `withholding` finds in the text
 *  as received withheld. */
export function validateSubmission(
  s: ResolvedSurvey,
  body: unknown,
  withholding?: Withholding,
): SubmissionCheck {
  if (!isPlainObject(body))
    return { ok: false, errors: [{ field: '', message: { key: 'invalidBody' } }] };
  const errors: FieldError[] = [];
  const strings: Record<string, string> = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (typeof value === 'string') Object.defineProperty(strings, key, { value, enumerable: true });
    else errors.push({ field: key, message: { key: 'invalidValue' } });
  }
  if (!Object.hasOwn(body, SERVICE_NAME) || body[SERVICE_NAME] !== s.serviceName) {
    errors.push({ field: SERVICE_NAME, message: { key: 'invalidServiceName' } });
  }
  const answers = toAnswers(s, strings, errors);

  const path = pathPages(s, answers);
  const skipped = skippedPages(path, answers);
  const showing = new Set(path.flatMap((page) => visibleFields(page, answers).map((f) => f.name)));
  for (const page of s.pages) {
    for (const field of pageFields(page)) {
      if (answers[field.name] === undefined || showing.has(field.name)) continue;
      const onPath = path.includes(page);
      errors.push({ field: field.name, message: { key: onPath ? 'notShowing' : 'notOnPath' } });
    }
  }
  for (const page of path)
    if (!skipped.has(page.id)) errors.push(...validatePage(s, page.id, answers));

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, submission: prepareSubmission(s, answers, withholding), answers };
}
