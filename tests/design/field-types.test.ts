// Adding a field type must be a change in a few known places: the schema's enum, the engine's
// FieldType, the engine's module registry and the app's renderer map. These tests show that the
// compiler and the checker point at exactly those places when one is missing.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../engine/fields';
import surveySchema from '../../schemas/survey.schema.json';
import { FIELD_RENDERERS } from '../../src/fields/FieldView';

const TYPES_FILE = resolve('engine/types.ts');

/** The string literals of a union written in engine/types.ts, e.g. `FieldType` or a property's type. */
function unionIn(source: string, pattern: RegExp): string[] {
  const union = pattern.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!).sort();
}

describe('field types and option sets: schema, types and registries agree', () => {
  const types = readFileSync(TYPES_FILE, 'utf8');
  const defs = surveySchema.$defs;
  const sorted = (values: string[]) => [...values].sort();

  it('has one engine module and one renderer for every type the schema allows', () => {
    const schemaTypes = sorted(defs.field.properties.type.enum);
    expect(unionIn(types, /export type FieldType =([^;]+);/)).toEqual(schemaTypes);
    expect(sorted(Object.keys(FIELD_TYPES))).toEqual(schemaTypes);
    expect(sorted(Object.keys(FIELD_RENDERERS))).toEqual(schemaTypes);
  });

  it('allows the same values for theme, layout and Other sending in the schema and the types', () => {
    expect(unionIn(types, /\n {2}theme: ([^;]+);/)).toEqual(
      sorted(surveySchema.properties.theme.enum),
    );
    expect(unionIn(types, /\n {2}layout\?: ([^;]+);/)).toEqual(
      sorted(surveySchema.properties.layout.enum),
    );
    expect(unionIn(types, /\n {2}other\?: ('[^;]+);/)).toEqual(
      sorted(defs.field.properties.send.properties.other.enum),
    );
  });

  it('makes the compiler name every place a new type must be handled, and no other', () => {
    // Compile the project with a throwaway 'date' added to FieldType, without touching the file.
    const configFile = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
    const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, resolve('.'));
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => {
      const text = readFile(file);
      return resolve(file) === TYPES_FILE && text
        ? text.replace('export type FieldType =', "export type FieldType = 'date' |")
        : text;
    };
    const roots = config.fileNames.filter((file) => /\/(engine|src)\//.test(file));
    const program = ts.createProgram(roots, config.options, host);
    const places = new Set(
      ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file)
        .map((d) => relative(resolve('.'), d.file!.fileName)),
    );
    expect([...places].sort()).toEqual(['engine/fields/index.ts', 'src/fields/FieldView.tsx']);
  }, 120_000);

  it("makes the compiler ask a new type's module everything the team pages, docs and journeys need", () => {
    // A GOV.UK date (day, month and year inputs) written as a type had to be before field types
    // answered for the team's pages, privacy, the docs and the journeys: the compiler must refuse it
    // and name each question it leaves open.
    const probe = resolve('tests/design/date-probe.ts');
    const source = [
      "import type { FieldTypeModule } from '../../engine/fields/types';",
      'export const date: FieldTypeModule = {',
      "  empty: () => '',",
      '  isEmpty: (value) => !value,',
      "  defaultPattern: 'text',",
      "  requiredKey: 'enterDate',",
      '  error: () => null,',
      "  send: (field, answers) => String(answers[field.name] ?? ''),",
      '  parseSent: (_field, sent) => ({ value: sent }),',
      '  fromForm: (field, posted) => (posted[`${field.name}-day`] ?? []).join(),',
      "  example: () => '2026-01-31',",
      '};',
    ].join('\n');
    const options = { strict: true, noEmit: true, skipLibCheck: true, types: [] };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => (resolve(file) === probe ? source : readFile(file));
    host.fileExists = (
      (exists) => (file: string) =>
        resolve(file) === probe || exists(file)
    )(host.fileExists.bind(host));
    const program = ts.createProgram([probe], options, host);
    const messages = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && resolve(d.file.fileName) === probe)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    const missing = /missing the following properties[^:]*: (.+)$/m.exec(messages.join('\n'))?.[1];
    // postedNames: the nojs form reader; entry: the journey generator; role: the team's figures,
    // lists and privacy masking; docs: the data dictionary.
    expect(missing?.split(/,\s*/).sort()).toEqual(['docs', 'entry', 'postedNames', 'role']);
  }, 120_000);
});
