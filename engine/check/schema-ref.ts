// A definition's "$schema" must lead to this project's schema: that is what gives an editor
// completion, help on hover and mistakes underlined as they type. A wrong path or a web address
// turns all of that off without a word, so it is an error here (Node only: it reads the file).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import surveySchema from '../../schemas/survey.schema.json';
import sharedSchema from '../../schemas/shared.schema.json';
import type { Finding } from './source';

const SCHEMAS = { survey: surveySchema, shared: sharedSchema } as const;
export type SchemaKind = keyof typeof SCHEMAS;

const nameOf = (kind: SchemaKind) => `${kind}.schema.json`;

/** True when the file at `path` is the project's schema of this kind. */
function isProjectSchema(path: string, kind: SchemaKind): boolean {
  if (!existsSync(path)) return false;
  try {
    return JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))) === JSON.stringify(SCHEMAS[kind]);
  } catch {
    return false;
  }
}

/** The "$schema" to write in `file`: the path to the nearest folder above it with the schema. */
export function expectedSchemaRef(file: string, kind: SchemaKind): string {
  const from = dirname(resolve(file));
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'schemas', nameOf(kind));
    if (isProjectSchema(candidate, kind)) return relative(from, candidate).split(sep).join('/');
    if (dirname(dir) === dir) break;
  }
  return kind === 'survey' ? `../schemas/${nameOf(kind)}` : `../../schemas/${nameOf(kind)}`;
}

/** A finding when the file's "$schema" is missing or does not lead to the project's schema. */
export function schemaRefFindings(file: string, data: unknown, kind: SchemaKind): Finding[] {
  const value =
    data && typeof data === 'object' ? (data as Record<string, unknown>).$schema : undefined;
  const write = `"$schema": "${expectedSchemaRef(file, kind)}"`;
  if (value === undefined)
    return [
      {
        pointer: '',
        message: '"$schema" is missing, so your editor gives no completion or help for this file',
        hint: `Add ${write} as the first property`,
      },
    ];
  if (typeof value !== 'string') return []; // the JSON Schema reports the wrong type
  if (/^[a-z][a-z0-9+.-]*:/i.test(value))
    return [
      {
        pointer: '/$schema',
        message: `"$schema" is a web address, not this project's schema: your editor's completion and help stop`,
        hint: `Write ${write}`,
      },
    ];
  if (isProjectSchema(resolve(dirname(file), value), kind)) return [];
  return [
    {
      pointer: '/$schema',
      message: `"$schema" does not lead to this project's ${nameOf(kind)}, so your editor's completion and help stop`,
      hint: `Write ${write}`,
    },
  ];
}
