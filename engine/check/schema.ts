// JSON Schema checking of definitions (ajv, Node only) with messages written for survey editors.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import surveySchema from '../../schemas/survey.schema.json';
import sharedSchema from '../../schemas/shared.schema.json';
import type { Finding } from './source';
import { listOf, suggestion } from './words';

type SchemaNode = {
  description?: string;
  properties?: Record<string, SchemaNode>;
  'x-message'?: string;
  'x-hint'?: string;
};

let ajv: Ajv2020 | undefined;

function validator(name: 'survey' | 'shared') {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true });
    // Our own annotations: the message and hint shown when the schema holding them fails.
    ajv.addVocabulary(['x-message', 'x-hint']);
    ajv.addSchema(surveySchema, 'survey.schema.json');
    ajv.addSchema(sharedSchema, 'shared.schema.json');
  }
  const validate = ajv.getSchema(`${name}.schema.json`);
  if (!validate) throw new Error(`Schema ${name}.schema.json is not registered`);
  return validate;
}

const LANGUAGE: Record<string, string> = { en: 'English', cy: 'Welsh' };
const BOTH_LANGUAGES = 'Every string needs both en and cy';

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function expected(type: string | string[]): string {
  const names: Record<string, string> = {
    object: 'an object',
    array: 'a list',
    integer: 'a whole number',
  };
  return [type]
    .flat()
    .map((t) => names[t] ?? `a ${t}`)
    .join(' or ');
}

function isText(schema: SchemaNode | undefined): boolean {
  return Boolean(schema?.properties?.en && schema.properties.cy);
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function escapeSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** One ajv error in editor's words, or undefined when another error already says it. */
function friendly(error: ErrorObject): Finding | undefined {
  const schema = error.parentSchema as SchemaNode | undefined;
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'if') return undefined;
  if (schema?.['x-message'])
    return { pointer: at, message: schema['x-message'], hint: schema['x-hint'] };

  const language = LANGUAGE[lastSegment(at)];
  switch (error.keyword) {
    case 'required': {
      const property = String(params.missingProperty);
      if (isText(schema))
        return {
          pointer: at,
          message: `${LANGUAGE[property] ?? property} text is missing`,
          hint: BOTH_LANGUAGES,
        };
      return {
        pointer: at,
        message: `"${property}" is missing`,
        hint: schema?.properties?.[property]?.description,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const property = String(params.additionalProperty ?? params.unevaluatedProperty);
      const allowed = Object.keys(schema?.properties ?? {});
      return {
        pointer: `${at}/${escapeSegment(property)}`,
        message: `Unknown property "${property}"`,
        hint: isText(schema) ? BOTH_LANGUAGES : suggestion(property, allowed, 'Allowed here', 40),
        at: 'key',
      };
    }
    case 'type':
      if (isText(schema))
        return {
          pointer: at,
          message: 'Text needs both languages: {"en": "...", "cy": "..."}',
          hint: BOTH_LANGUAGES,
        };
      return {
        pointer: at,
        message: `Expected ${expected(params.type as string)}, found ${typeName(error.data)}`,
        hint: schema?.description,
      };
    case 'minLength':
    case 'pattern':
      if (language)
        return { pointer: at, message: `${language} text is empty`, hint: BOTH_LANGUAGES };
      if (
        error.keyword === 'minLength' ||
        (typeof error.data === 'string' && !/\S/.test(error.data))
      )
        return { pointer: at, message: 'Must not be empty', hint: schema?.description };
      return {
        pointer: at,
        message: `"${String(error.data)}" is not in the expected form`,
        hint: schema?.description,
      };
    case 'enum':
      return {
        pointer: at,
        message: `"${String(error.data)}" is not allowed here`,
        hint: `Use one of: ${listOf((params.allowedValues as unknown[]).map(String))}`,
      };
    case 'minItems':
      return {
        pointer: at,
        message: `Needs at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`,
      };
    case 'minProperties':
      return { pointer: at, message: 'Must not be empty', hint: schema?.description };
    case 'uniqueItems': {
      const items = error.data as unknown[];
      return {
        pointer: `${at}/${String(params.i)}`,
        message: `"${String(items[params.i as number])}" is listed twice`,
      };
    }
    case 'minimum':
    case 'maximum':
      return {
        pointer: at,
        message: `Must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`,
        hint: schema?.description,
      };
    case 'false schema':
      return { pointer: at, message: 'Not allowed here' };
    default:
      return { pointer: at, message: error.message ?? 'Not valid here', hint: schema?.description };
  }
}

/** Drops errors nested inside an error that carries its own message (e.g. the branches of a oneOf). */
function outermost(errors: ErrorObject[]): ErrorObject[] {
  const owners = errors
    .filter((e) => e.keyword !== 'if' && (e.parentSchema as SchemaNode | undefined)?.['x-message'])
    .map((e) => `${e.instancePath}\n${e.schemaPath}/`);
  return errors.filter(
    (e) => !owners.some((owner) => `${e.instancePath}\n${e.schemaPath}`.startsWith(owner)),
  );
}

/** Checks a definition (or the shared blocks) against its JSON Schema. */
export function schemaFindings(data: unknown, name: 'survey' | 'shared'): Finding[] {
  const validate = validator(name);
  if (validate(data)) return [];
  return outermost(validate.errors ?? []).flatMap((error) => friendly(error) ?? []);
}
