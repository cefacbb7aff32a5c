// A field type is one folder, engine/fields/<type>/ (scripts/field-types.ts): its module, view,
// styles and fixture case together, registered by being there. These checks name any part that
// is missing, any registry that was not regenerated, and any way the engine's own code could
// reach React through a view.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../engine/fields';
import type { FieldFixture } from '../../engine/fields/types';
import {
  FIELDS_DIR,
  PARTS,
  TYPE_NAME,
  fieldTypeFolders,
  folderProblems,
  staleFiles,
} from '../../scripts/field-types';

const TYPES = fieldTypeFolders();

describe('a field type is one folder', () => {
  it('has every part in every folder, and folders named as types', () => {
    expect(TYPES.length).toBeGreaterThan(0);
    expect(folderProblems()).toEqual([]);
    for (const type of TYPES) expect(type).toMatch(TYPE_NAME);
  });

  it('registers the folders and nothing else (the generated registries are up to date)', async () => {
    expect(await staleFiles()).toEqual([]);
    expect(Object.keys(FIELD_TYPES).sort()).toEqual(TYPES);
  }, 60_000);

  it('brings the styles of each GOV.UK component its view draws, and is the type its fixture says', async () => {
    const fixtures = import.meta.glob<{ fixture: FieldFixture }>(
      '../../engine/fields/*/fixture.ts',
      {
        eager: true,
      },
    );
    for (const type of TYPES) {
      const { fixture } = fixtures[`../../${FIELDS_DIR}/${type}/fixture.ts`]!;
      const styles = readFileSync(join(FIELDS_DIR, type, 'styles.scss'), 'utf8');
      expect({ type, fieldType: fixture.field.type }).toEqual({ type, fieldType: type });
      for (const component of fixture.components)
        expect({
          type,
          component,
          styled: styles.includes(`govuk-frontend/components/${component}'`),
        }).toEqual({
          type,
          component,
          styled: true,
        });
    }
  });
});

/** The relative imports of a TypeScript file, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)].map((m) => {
    const base = resolve(dirname(file), m[1]!);
    const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base];
    return candidates.find((path) => {
      try {
        return readFileSync(path) && true;
      } catch {
        return false;
      }
    })!;
  });
}

/** Every engine file that is not a field type's view (the engine's own code). */
function engineFiles(dir = 'engine'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return engineFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe("the engine's own import graph", () => {
  it('reaches no view and no React, from any of its files', () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      reached.push(file);
      for (const next of importsOf(file)) if (next) visit(next);
    };
    for (const file of engineFiles()) visit(resolve(file));
    const offending = reached
      .filter((file) => file.endsWith('.tsx') || /from\s+'react/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(resolve('.'), file));
    expect(offending).toEqual([]);
    expect(reached.length).toBeGreaterThan(TYPES.length);
  });

  it('is held by the linter: an engine module may not import a view', async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText("export { view } from './view';\n", {
      filePath: `${FIELDS_DIR}/${TYPES[0]}/index.ts`,
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  }, 60_000);
});

// The parts of a folder are the ones the generator and this test know (a new part is added to both).
it('names the parts a folder holds', () => {
  expect(Object.keys(PARTS).sort()).toEqual(['fixture.ts', 'index.ts', 'styles.scss', 'view.tsx']);
});
