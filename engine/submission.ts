// What is sent and stored: prepared in the browser, checked again by the server.
import { otherName } from './graph';
import { allFields, chosenValues, findPage, pageFields, pathFor, visibleFields } from './flow';
import { DEFAULT_ALLOW, sanitiseText } from './sanitise';
import type {
  Answers,
  AnswerValue,
  FieldError,
  Option,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
  Submission,
} from './types';
import { validatePage } from './validation';

const SERVICE_NAME = 'serviceName';
const DEFAULT_JOIN = ', ';
/** Separates the Other option's label from its text in 'append' mode. */
const APPEND_SEPARATOR = ', ';

type OtherMode = 'replace' | 'append' | 'separate';

function otherMode(field: ResolvedField): OtherMode {
  return field.send?.other ?? 'separate';
}

function clean(value: AnswerValue | undefined, allow: string | undefined): string {
  return typeof value === 'string' ? sanitiseText(value, allow ?? DEFAULT_ALLOW) : '';
}

function otherText(field: ResolvedField, answers: Answers): string {
  return clean(answers[otherName(field.name)], field.allow);
}

/** How one chosen option is sent, given the field's Other handling. */
function sentOption(field: ResolvedField, option: Option, answers: Answers): string {
  if (!option.other) return option.value;
  const text = otherText(field, answers);
  const mode = otherMode(field);
  if (mode === 'replace') return text || option.value;
  if (mode === 'append')
    return text ? `${option.label.en}${APPEND_SEPARATOR}${text}` : option.label.en;
  return option.value;
}

function sentChoices(field: ResolvedField, answers: Answers): string {
  const chosen = chosenValues(answers[field.name]);
  const options = field.options ?? [];
  // Option order, with an appended or replacing Other entry last so the list can be read back.
  const picked = options.filter((o) => chosen.includes(o.value));
  const trailing = otherMode(field) === 'separate' ? [] : picked.filter((o) => o.other);
  const ordered = [...picked.filter((o) => !trailing.includes(o)), ...trailing];
  const unknown = chosen.filter((v) => !options.some((o) => o.value === v));
  return [...ordered.map((o) => sentOption(field, o, answers)), ...unknown].join(
    field.send?.join ?? DEFAULT_JOIN,
  );
}

function isOtherSentSeparately(
  field: ResolvedField,
  fieldsByName: Map<string, ResolvedField>,
): boolean {
  const parent = field.otherOf ? fieldsByName.get(field.otherOf) : undefined;
  return !parent || otherMode(parent) === 'separate';
}

function pathPages(s: ResolvedSurvey, answers: Answers): ResolvedPage[] {
  return pathFor(s, answers).map((id) => findPage(s, id)!);
}

/** The flat object of strings sent for these answers: fields showing on the current path, sanitised, plus serviceName. */
export function prepareSubmission(s: ResolvedSurvey, answers: Answers): Submission {
  const fieldsByName = new Map(allFields(s).map((field) => [field.name, field]));
  const entries: [string, string][] = [];
  for (const page of pathPages(s, answers)) {
    for (const field of visibleFields(page, answers)) {
      if (field.otherOf && !isOtherSentSeparately(field, fieldsByName)) continue;
      const value =
        field.type === 'radios' || field.type === 'checkboxes'
          ? sentChoices(field, answers)
          : clean(answers[field.name], field.allow);
      if (value !== '') entries.push([field.name, value]);
    }
  }
  entries.push([SERVICE_NAME, s.serviceName]);
  return Object.fromEntries(entries);
}

/** Reads a sent choice list back into option values and Other text (inverse of sentChoices). */
function parseChoices(field: ResolvedField, sent: string): { values: string[]; other?: string } {
  const options = field.options ?? [];
  const mode = otherMode(field);
  const join = field.type === 'checkboxes' ? (field.send?.join ?? DEFAULT_JOIN) : undefined;
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
    if (field.type === 'radios' || field.type === 'checkboxes') {
      const { values, other } = parseChoices(field, value);
      answers[field.name] = field.type === 'radios' && values.length === 1 ? values[0] : values;
      if (other !== undefined) answers[otherName(field.name)] = other;
    } else {
      answers[field.name] = value;
    }
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
 *  Returns the re-prepared (re-sanitised) submission. */
export function validateSubmission(s: ResolvedSurvey, body: unknown): SubmissionCheck {
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
  return { ok: true, submission: prepareSubmission(s, answers), answers };
}
