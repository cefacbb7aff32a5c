// A temporary folder laid out as the repository is: <root>/definitions, a copy of a definitions
// folder (the fixture surveys by default, this project's SURVEY_DEFINITIONS), and <root>/schemas,
// each copy's "$schema" pointing there as definitions/ files do. Scripts run on the copy see what
// they would see in a checkout, without touching the real files.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { definitionsDir } from '../../engine/check/folders';

export interface TempProject {
  root: string;
  definitions: string;
  docs: string;
  remove(): void;
}

const SCHEMA_LINE = /"\$schema": "[^"]*"/;

/** Points a copied file's "$schema" at <root>/schemas, keeping its formatting. */
function repoint(file: string, schema: string): void {
  const text = readFileSync(file, 'utf8');
  if (SCHEMA_LINE.test(text))
    writeFileSync(file, text.replace(SCHEMA_LINE, `"$schema": "${schema}"`));
}

export function tempProject(prefix: string, from = definitionsDir()): TempProject {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const definitions = join(root, 'definitions');
  cpSync(from, definitions, { recursive: true });
  cpSync('schemas', join(root, 'schemas'), { recursive: true });
  for (const name of readdirSync(definitions).filter((n) => n.endsWith('.json')))
    repoint(join(definitions, name), '../schemas/survey.schema.json');
  repoint(join(definitions, 'shared', 'shared.json'), '../../schemas/shared.schema.json');
  return {
    root,
    definitions,
    docs: join(root, 'docs', 'surveys'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
