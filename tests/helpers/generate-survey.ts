// Surveys made as an editor might make them, for the check that any valid survey keeps every test
// green (tests/definitions/any-survey.test.ts). Built from the vocabulary itself, not from a list
// written here: every field type the schema allows (each asked for its role, never named), a
// shared scale, a branch, a guard, an Other option, a revealed question, skip links, both
// languages, and the shared page that sends the answers; and a copy of an existing survey with a
// page and a branch added after its first page.
import surveySchema from '../../schemas/survey.schema.json';
import { FIELD_TYPES } from '../../engine/fields';
import type {
  Field,
  FieldType,
  Page,
  SharedBlocks,
  SurveyDefinition,
  Text,
} from '../../engine/types';

/** The field types the schema allows, in its order. */
export const SCHEMA_FIELD_TYPES = surveySchema.$defs.field.properties.type.enum as FieldType[];

// Welsh that is Welsh: the checks refuse English left inside it.
const ORDINAL: [string, string][] = [
  ['first', 'cyntaf'],
  ['second', 'ail'],
  ['third', 'trydydd'],
  ['fourth', 'pedwerydd'],
  ['fifth', 'pumed'],
  ['sixth', 'chweched'],
  ['seventh', 'seithfed'],
  ['eighth', 'wythfed'],
  ['ninth', 'nawfed'],
  ['tenth', 'degfed'],
];
const text = (en: string, cy: string): Text => ({ en, cy });
const ordinal = (n: number) => ORDINAL[n % ORDINAL.length]!;
const question = (n: number) =>
  text(`What is your ${ordinal(n)[0]} answer?`, `Beth yw eich ${ordinal(n)[1]} ateb?`);

/** A field of this type: options with Other and a revealed question for a choice, else free text. */
function fieldOf(type: FieldType, n: number, names: string[]): Field {
  const name = `generated${n}`;
  names.push(name);
  const base = { name, type, label: question(n) } as Field;
  const role = FIELD_TYPES[type].role(base);
  if (role === 'choice' || role === 'choices') {
    const detail = `generated${n}Detail`;
    names.push(detail);
    return {
      ...base,
      hint: text('Choose the answers that fit', "Dewiswch yr atebion sy'n addas"),
      options: [
        { value: 'A', label: text('The first way', 'Y ffordd gyntaf') },
        { value: 'B', label: text('The second way', 'Yr ail ffordd') },
        { value: 'Other', label: text('Something else', 'Rhywbeth arall'), other: true },
      ],
      reveal: {
        A: [
          {
            name: detail,
            type: 'textarea',
            label: text('Tell us more', 'Dywedwch fwy wrthym'),
            maxLength: 500,
            characterCount: true,
          } as Field,
        ],
      },
      send: { other: 'replace' },
      required: true,
      errors: { required: text('Select an answer', 'Dewiswch ateb') },
    } as Field;
  }
  return {
    ...base,
    hint: text('Do not include personal information', 'Peidiwch â chynnwys gwybodaeth bersonol'),
    maxLength: FIELD_TYPES[type].counts ? 1000 : 100,
    ...(FIELD_TYPES[type].counts ? { characterCount: true } : {}),
  } as Field;
}

/** A new survey using the whole vocabulary; `id` is its file name without `.json`. */
export function generatedSurvey(id: string, shared: SharedBlocks): SurveyDefinition {
  const names: string[] = [];
  const choiceType = SCHEMA_FIELD_TYPES.find(
    (type) => FIELD_TYPES[type].role({ name: 'x', type } as Field) === 'choice',
  )!;
  const branching = fieldOf(choiceType, 1, names);
  const pages: Page[] = [
    {
      id: 'q1',
      fields: [branching],
      // The branch: the second answer leads to q2, every other one straight to q3.
      next: { if: [{ '==': [{ var: branching.name }, 'B'] }, 'q2', 'q3'] },
    },
  ];
  // q2, asked only after "B", with a shared scale (a yes/no one takes its Welsh answer form).
  const [scaleName, scale] = Object.entries(shared.scales)[0]!;
  const scaleField = {
    name: 'generatedScale',
    type: choiceType,
    label: text('How did it go?', 'Sut aeth hi?'),
    scale: scaleName,
    ...(scale.welshAnswerForms ? { welshYesNo: scale.welshAnswerForms.default } : {}),
  } as Field;
  names.push(scaleField.name);
  pages.push({
    id: 'q2',
    fields: [scaleField],
    guard: { when: { '==': [{ var: branching.name }, 'B'] }, otherwise: 'q1' },
    skip: 'q3',
  });
  // Every type the schema allows, one page each, each with a skip link to the next page.
  SCHEMA_FIELD_TYPES.forEach((type, i) => {
    const id = `q${i + 3}`;
    const field = fieldOf(type, i + 2, names);
    const optional = !field.required;
    pages.push({ id, fields: [field], ...(optional ? { skip: `q${i + 4}` } : {}) });
  });
  const [template] = Object.entries(shared.pages).find(([, page]) => page.submit)!;
  pages.push({ id: `q${SCHEMA_FIELD_TYPES.length + 3}`, template, fields: [] });
  return {
    $schema: '../schemas/survey.schema.json',
    id,
    serviceName: `${id}-survey`,
    title: text('Give feedback on a generated survey', 'Rhoi adborth ar arolwg a gynhyrchwyd'),
    duration: 3,
    theme: 'default',
    progress: true,
    start: {
      heading: text('Give feedback on a generated survey', 'Rhoi adborth ar arolwg a gynhyrchwyd'),
      paragraphs: [text('It takes 3 minutes.', "Mae'n cymryd 3 munud.")],
      privacy: text('We do not keep your name.', 'Nid ydym yn cadw eich enw.'),
    },
    pages,
    finish: {
      panelTitle: text('Thank you', 'Diolch'),
      paragraphs: [text('We read every answer.', 'Rydym yn darllen pob ateb.')],
    },
    footer: Object.keys(shared.footers)[0]!,
    newFields: names,
  } as SurveyDefinition;
}

/** A page id the survey does not use. */
function freeId(def: SurveyDefinition): string {
  let n = def.pages.length + 1;
  while (def.pages.some((page) => page.id === `q${n}`)) n++;
  return `q${n}`;
}

/**
 * The survey with a new page after its first, reached by a branch on the first page's first
 * choice (its first option), guarded back to the first page, going on where the first page went.
 * Undefined when the first page has no choice to branch on or already has a rule.
 */
export function withBranchAdded(source: SurveyDefinition, shared: SharedBlocks) {
  const def = structuredClone(source);
  const [first, second] = def.pages;
  if (!first || !second || first.next !== undefined || first.template) return undefined;
  const choice = first.fields.find(
    (f) => (f.options ?? (f.scale ? shared.scales[f.scale]?.options : undefined))?.length,
  );
  const value = (choice?.options ?? shared.scales[choice?.scale ?? '']?.options)?.find(
    (o) => !o.retired,
  )?.value;
  if (!choice || value === undefined) return undefined;
  const id = freeId(def);
  const when = { '==': [{ var: choice.name }, value] };
  first.next = { if: [when, id, second.id] };
  const added: Page = {
    id,
    guard: { when, otherwise: first.id },
    next: second.id,
    fields: [
      {
        name: 'generatedFollowUp',
        type: 'textarea',
        label: text('What could have gone better?', 'Beth allai fod wedi mynd yn well?'),
        maxLength: 1000,
        characterCount: true,
      } as Field,
    ],
  };
  def.pages.splice(1, 0, added);
  def.newFields = [...(def.newFields ?? []), 'generatedFollowUp'];
  return { def, page: id, after: first.id, before: second.id };
}
