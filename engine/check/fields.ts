// Checks of fields against each other and against the shared blocks: answer names, options,
// and every name that refers into shared.json (scales, patterns, Welsh yes/no forms).
import { FIELD_TYPES } from '../fields';
import { otherName } from '../graph';
import { flattenFields, optionValues, type FieldAt, type PageAt } from './model';
import { pointer, type Finding } from './source';
import { suggestion } from './words';
import type { SharedBlocks, SurveyDefinition } from '../types';

/** An option valued "Other" is meant to have its text box; one labelled so probably is. */
const OTHER_VALUE = /^other$/i;
const OTHER_LABEL = /^(other|another|something else|anything else)\b/i;

/** Findings about one field on its own (its references and its options), at the field's pointer. */
export function fieldFindings({ field, pointer: at }: FieldAt, shared: SharedBlocks): Finding[] {
  const findings: Finding[] = [];
  const ref = (
    kind: string,
    name: string | undefined,
    table: Record<string, unknown> | undefined,
    property: string,
  ) => {
    if (name !== undefined && !Object.hasOwn(table ?? {}, name))
      findings.push({
        pointer: `${at}/${property}`,
        message: `Unknown ${kind} "${name}"`,
        hint: suggestion(name, Object.keys(table ?? {}), `Known in shared.json`),
      });
  };
  ref('scale', field.scale, shared.scales, 'scale');
  ref('pattern', field.pattern, shared.patterns, 'pattern');
  ref('Welsh yes/no form', field.welshYesNo, shared.welshYesNo, 'welshYesNo');
  const scale = field.scale ? shared.scales?.[field.scale] : undefined;
  if (field.welshYesNo === undefined && scale?.welshAnswerForms)
    findings.push({
      pointer: `${at}/scale`,
      message: `A yes/no question needs "welshYesNo": Welsh answers it by repeating its verb`,
      hint: `Add "welshYesNo" with the form the Welsh question takes: ${Object.keys(shared.welshYesNo ?? {}).join(', ')} (docs/editing-surveys.md explains which)`,
    });
  if (field.welshYesNo !== undefined && scale && !scale.welshAnswerForms)
    findings.push({
      pointer: `${at}/welshYesNo`,
      message: `welshYesNo only applies to a yes/no scale, and "${field.scale}" has no welshAnswerForms`,
      hint: 'Remove welshYesNo, or use a scale that declares welshAnswerForms in shared.json',
    });
  if (!Object.hasOwn(FIELD_TYPES, field.type))
    findings.push({
      pointer: `${at}/type`,
      message: `Field type "${field.type}" has no engine module`,
      hint: `Add one to engine/fields and its renderer to src/fields; known types: ${Object.keys(FIELD_TYPES).join(', ')}`,
    });

  const seen = new Set<string>();
  (field.options ?? []).forEach((option, i) => {
    if (seen.has(option.value))
      findings.push({
        pointer: `${at}${pointer('options', i, 'value')}`,
        message: `Option value "${option.value}" is used twice in "${field.name}"`,
        hint: 'Option values are what is sent, so each must be different',
      });
    seen.add(option.value);
  });
  const others = (field.options ?? []).flatMap((option, i) => (option.other ? [i] : []));
  if (others.length === 0)
    (field.options ?? []).forEach((option, i) => {
      const named = OTHER_VALUE.test(option.value);
      if (named || OTHER_LABEL.test(option.label.en))
        findings.push({
          pointer: `${at}${pointer('options', i)}`,
          message: `Option "${option.value}" of "${field.name}" reads as an Other answer but has no text box for it`,
          hint: `Add "other": true to it, so respondents who choose it can say what they mean (sent as "${otherName(field.name)}" or as the field's send.other says)`,
          ...(named ? {} : { severity: 'warning' as const }),
        });
    });
  for (const i of others.slice(1))
    findings.push({
      pointer: `${at}${pointer('options', i, 'other')}`,
      message: `Only one option can reveal "${otherName(field.name)}"`,
    });
  // An exclusive option only means something where several can be chosen.
  if (Object.hasOwn(FIELD_TYPES, field.type) && FIELD_TYPES[field.type].role(field) === 'choice')
    (field.options ?? []).forEach((option, i) => {
      if (option.exclusive)
        findings.push({
          pointer: `${at}${pointer('options', i, 'exclusive')}`,
          message: 'exclusive only applies to checkboxes',
          hint: 'Radios already allow only one answer',
          severity: 'warning',
        });
    });

  const values = optionValues(field, shared);
  for (const value of Object.keys(field.reveal ?? {}))
    if (!values.includes(value) && (field.options || shared.scales?.[field.scale ?? '']))
      findings.push({
        pointer: `${at}${pointer('reveal', value)}`,
        message: `reveal names "${value}", which is not an option of "${field.name}"`,
        hint: suggestion(value, values, 'Options'),
        at: 'key',
      });
  if (
    field.minLength !== undefined &&
    field.maxLength !== undefined &&
    field.minLength > field.maxLength
  )
    findings.push({
      pointer: `${at}/minLength`,
      message: `minLength ${field.minLength} is more than maxLength ${field.maxLength}`,
    });
  if (
    field.characterCount &&
    !(Object.hasOwn(FIELD_TYPES, field.type) && FIELD_TYPES[field.type].counts)
  )
    findings.push({
      pointer: `${at}/characterCount`,
      message: 'characterCount only applies to textareas',
      severity: 'warning',
    });
  return findings;
}

/** Field findings for a survey: unique answer names from the catalogue or newFields, and each field's own checks. */
export function surveyFieldFindings(
  def: SurveyDefinition,
  pages: PageAt[],
  shared: SharedBlocks,
): Finding[] {
  const findings: Finding[] = [];
  const catalogue = new Set(shared.fields ?? []);
  const newFields = new Set(def.newFields ?? []);
  const usedOn = new Map<string, PageAt>();
  for (const page of pages)
    for (const at of page.fields) {
      const { name } = at.field;
      const first = usedOn.get(name);
      // A copied page keeping its id is one error, reported with the page ids (./flow.ts).
      const copiedPage = first && first !== page && first.id === page.id;
      if (first && !copiedPage)
        findings.push({
          pointer: at.fromTemplate ? at.pointer : `${at.pointer}/name`,
          message: `Field name "${name}" is already used on ${first.id}`,
          hint: 'Each answer name can appear once in a survey',
        });
      else if (!first) usedOn.set(name, page);
      if (!catalogue.has(name) && !newFields.has(name))
        findings.push({
          pointer: at.fromTemplate ? at.pointer : `${at.pointer}/name`,
          message: `Unknown field name "${name}"`,
          hint:
            suggestion(name, catalogue, 'Catalogue names') +
            ' (a new answer name must be listed in "newFields")',
        });
      // Template fields are checked with shared.json itself.
      if (!at.fromTemplate) findings.push(...fieldFindings(at, shared));
    }
  (def.newFields ?? []).forEach((name, i) => {
    const at = pointer('newFields', i);
    if (catalogue.has(name))
      findings.push({
        pointer: at,
        message: `"${name}" is already in the catalogue`,
        severity: 'warning',
      });
    else if (!usedOn.has(name))
      findings.push({
        pointer: at,
        message: `"${name}" is not used by any field`,
        severity: 'warning',
      });
  });
  return findings;
}

/** Findings for shared.json beyond its schema: scale values, patterns that compile, template fields. */
export function sharedFindings(shared: SharedBlocks): Finding[] {
  const findings: Finding[] = [];
  for (const [name, scale] of Object.entries(shared.scales)) {
    const forms = scale.welshAnswerForms;
    if (forms) {
      for (const key of ['yes', 'no'] as const)
        if (!scale.options.some((option) => option.value === forms[key]))
          findings.push({
            pointer: pointer('scales', name, 'welshAnswerForms', key),
            message: `"${forms[key]}" is not an option of scale "${name}"`,
          });
      if (!Object.hasOwn(shared.welshYesNo, forms.default))
        findings.push({
          pointer: pointer('scales', name, 'welshAnswerForms', 'default'),
          message: `Unknown Welsh yes/no form "${forms.default}"`,
          hint: suggestion(forms.default, Object.keys(shared.welshYesNo), 'Known in shared.json'),
        });
    }
    const seen = new Set<string>();
    scale.options.forEach((option, i) => {
      if (seen.has(option.value))
        findings.push({
          pointer: pointer('scales', name, 'options', i, 'value'),
          message: `Option value "${option.value}" is used twice in scale "${name}"`,
        });
      seen.add(option.value);
    });
  }
  for (const [name, body] of Object.entries(shared.patterns)) {
    try {
      new RegExp(`[${body}]`);
    } catch {
      findings.push({
        pointer: pointer('patterns', name),
        message: `Pattern "${name}" is not a valid character class`,
        hint: 'Write the characters allowed, as inside [ ] in a regular expression (escape - as \\\\-)',
      });
    }
  }
  const catalogue = new Set(shared.fields);
  for (const [name, template] of Object.entries(shared.pages))
    for (const at of flattenFields(template.fields, pointer('pages', name, 'fields'))) {
      if (!catalogue.has(at.field.name))
        findings.push({
          pointer: `${at.pointer}/name`,
          message: `Unknown field name "${at.field.name}"`,
          hint: 'Template fields must be in the catalogue ("fields")',
        });
      findings.push(...fieldFindings(at, shared));
    }
  return findings;
}
