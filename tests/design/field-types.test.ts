// Adding a field type must be a change in a few known places: the schema's enum, the engine's
// FieldType, the engine's module registry and the app's renderer map. These tests show that the
// compiler and the checker point at exactly those places when one is missing, and the linter
// refuses any other place that would test a field's type by its name.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AnswerValue, ResolvedField } from '../../engine';
import { FIELD_TYPES } from '../../engine/fields';
import cy from '../../src/i18n/cy.json';
import en from '../../src/i18n/en.json';
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
    // Named, so the config's "paths" (`@definitions`) resolve from its folder.
    const config = ts.parseJsonConfigFileContent(
      configFile.config,
      ts.sys,
      resolve('.'),
      undefined,
      resolve('tsconfig.json'),
    );
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => {
      const text = readFile(file);
      return resolve(file) === TYPES_FILE && text
        ? text.replace('export type FieldType =', "export type FieldType = 'date' |")
        : text;
    };
    // The team's pages, privacy masking and the docs generator are compiled too: they ask the
    // module, so they need no change (eslint.config.js refuses a test of the type's name there).
    const roots = config.fileNames.filter((file) => /\/(engine|src|server|scripts)\//.test(file));
    const program = ts.createProgram(roots, config.options, host);
    const places = new Set(
      ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file)
        .map((d) => relative(resolve('.'), d.file!.fileName)),
    );
    expect([...places].sort()).toEqual(['engine/fields/index.ts', 'src/fields/FieldView.tsx']);
  }, 300_000);

  // A GOV.UK date as a module: three inputs (day, month and year), sent as one YYYY-MM-DD string.
  // Complete, it compiles; without any one member, the compiler names that member, each the
  // question one place asks it: postedNames the no-JavaScript form reader, entry the browser
  // tests' journeys, role the team's figures, filters, themes, lists and privacy masking, docs
  // the data dictionary, confirmsEmail the email check before sending, counts the checker.
  const DATE_MEMBERS: Record<string, string> = {
    empty: "() => ''",
    isEmpty: '(value) => !value',
    defaultPattern: "'text'",
    requiredKey: "'enterDate'",
    error: '() => null',
    send: "(field, answers) => String(answers[field.name] ?? '')",
    parseSent: '(_field, sent) => ({ value: sent })',
    writeSent: '(_field, { value }) => String(value)',
    postedNames: '(field) => PARTS.map((part) => `${field.name}-${part}`)',
    fromForm:
      "(field, posted) => PARTS.map((part) => posted[`${field.name}-${part}`]?.[0] ?? '').join('-')",
    example: "() => '2026-01-31'",
    entry:
      "(field, value) => String(value).split('-').map((v, i) => ({ name: `${field.name}-${PARTS[i]}`, control: 'text', values: [v] }))",
    role: "() => 'text'",
    confirmsEmail: 'false',
    counts: 'false',
    docs: "{ takes: () => 'a date', sent: () => 'the date as YYYY-MM-DD' }",
  };

  /** The compiler's messages about a date module written with these members. */
  function compileDate(members: string[], old?: ts.Program, own: Record<string, string> = {}) {
    const probe = resolve('tests/design/date-probe.ts');
    const source = [
      "import type { FieldTypeModule } from '../../engine/fields/types';",
      "const PARTS = ['year', 'month', 'day'];",
      'export const date: FieldTypeModule = {',
      ...members.map((name) => `  ${name}: ${own[name] ?? DATE_MEMBERS[name]},`),
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
    const program = ts.createProgram([probe], options, host, old);
    const messages = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && resolve(d.file.fileName) === probe)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    return { program, messages };
  }

  it('accepts a type that posts several inputs, and names each member its module leaves out', () => {
    const all = Object.keys(DATE_MEMBERS);
    const complete = compileDate(all);
    expect(complete.messages).toEqual([]);
    // The interface has no member the probe does not know of (each must be shown missing below).
    const checker = complete.program.getTypeChecker();
    const types = complete.program.getSourceFile(resolve('engine/fields/types.ts'))!;
    const module = types.statements.find(
      (s): s is ts.InterfaceDeclaration =>
        ts.isInterfaceDeclaration(s) && s.name.text === 'FieldTypeModule',
    )!;
    const declared = checker.getTypeAtLocation(module).getProperties();
    expect(declared.map((p) => p.name).sort()).toEqual([...all].sort());
    for (const left of ['postedNames', 'entry', 'role', 'docs', 'confirmsEmail', 'counts']) {
      const { messages } = compileDate(
        all.filter((name) => name !== left),
        complete.program,
      );
      expect(messages.join('\n')).toMatch(new RegExp(`Property '${left}' is missing`));
    }
    // The data dictionary's two phrases: what the field takes and how it is sent.
    const untaken = compileDate(all, complete.program, { docs: "{ sent: () => 'YYYY-MM-DD' }" });
    expect(untaken.messages.join('\n')).toMatch(/Property 'takes' is missing/);
  }, 300_000);

  it("has the app's English and Welsh for each type's required message and its errors for wrong values", () => {
    const options = [{ value: 'a', label: { en: 'A', cy: 'A' } }];
    const wrong: AnswerValue[] = ['x', '!'.repeat(2000), ['a', 'zz'], ['x', 'y', 'z'], 'zz'];
    for (const [type, module] of Object.entries(FIELD_TYPES)) {
      const field = { name: 'f', type, label: { en: 'F', cy: 'F' }, options } as ResolvedField;
      const keys = [
        module.requiredKey,
        ...wrong.flatMap((value) => module.error(field, value, {})?.key ?? []),
      ];
      for (const key of keys)
        expect({ type, key, en: key in en.errors, cy: key in cy.errors }).toEqual({
          type,
          key,
          en: true,
          cy: true,
        });
    }
  });
});
