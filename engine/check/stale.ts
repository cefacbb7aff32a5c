// Every bilingual string in the definitions, and which reviewed Welsh has gone stale because
// its English changed after the review was imported (npm run translations:import).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSource, pointer, toProblems, type Finding } from './source';
import type { DefinitionProblem } from '../types';
import { definitionsDir } from './folders';

export const SHARED_FILE = 'shared/shared.json';
/** Where the import records the English each Welsh string was reviewed against. */
export const REVIEWED_FILE = 'translations/reviewed.json';

/**
 * One `{ en, cy }` in a definition file. The key is `<file>#<path>` where the path names each list
 * item by its page id, field name or option value (`basic.json#/pages/q1/fields/whyDidYouApply/label`),
 * not its position, so moving a page or removing an option leaves the other keys as they were.
 * Items with no such name (paragraphs) keep their position. `pointer` is the JSON pointer in the file.
 */
export interface TextEntry {
  key: string;
  file: string;
  pointer: string;
  en: string;
  cy: string;
}

/** sha-256 of the English, first 12 hex digits: enough to notice a change. */
export function englishHash(en: string): string {
  return createHash('sha256').update(en, 'utf8').digest('hex').slice(0, 12);
}

/** The translatable files, relative to the definitions folder, in a stable order. */
export function definitionFiles(dir = definitionsDir()): string[] {
  const surveys = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return existsSync(join(dir, SHARED_FILE)) ? [...surveys, SHARED_FILE] : surveys;
}

function isText(node: unknown): node is { en: string; cy: string } {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  const keys = Object.keys(node);
  const { en, cy } = node as Record<string, unknown>;
  return keys.length === 2 && typeof en === 'string' && typeof cy === 'string';
}

/** A list item's own name: a page's id, a field's name, an option's value. */
function nameOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const { id, name, value } = item as Record<string, unknown>;
  const own = [id, name, value].find((v) => typeof v === 'string');
  return own as string | undefined;
}

/** Every `{ en, cy }` object in parsed JSON, depth first in document order. */
export function textsIn(data: unknown, file: string): TextEntry[] {
  const found: TextEntry[] = [];
  const visit = (node: unknown, path: (string | number)[], stable: string[]): void => {
    if (isText(node)) {
      found.push({
        key: `${file}#${pointer(...stable)}`,
        file,
        pointer: pointer(...path),
        en: node.en,
        cy: node.cy,
      });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [name, child] of Object.entries(node)) {
      const list = Array.isArray(node);
      visit(
        child,
        [...path, list ? Number(name) : name],
        [...stable, list ? (nameOf(child) ?? name) : name],
      );
    }
  };
  visit(data, [], []);
  return found;
}

/** Every bilingual string in every definition file and shared.json. */
export function definitionTexts(dir = definitionsDir()): TextEntry[] {
  return definitionFiles(dir).flatMap((file) =>
    textsIn(JSON.parse(readFileSync(join(dir, file), 'utf8')), file),
  );
}

/** key -> English hash the Welsh was last reviewed against. */
export function readReviewed(dir = definitionsDir()): Record<string, string> {
  const path = join(dir, REVIEWED_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
}

/** Warnings for reviewed Welsh whose English has changed since the review was imported (a file's
 *  text taken from `sources` where given there, as the live editor's unsaved text is). */
export function staleWelshProblems(
  dir = definitionsDir(),
  sources?: ReadonlyMap<string, string>,
): DefinitionProblem[] {
  const reviewed = readReviewed(dir);
  const problems: DefinitionProblem[] = [];
  for (const file of definitionFiles(dir)) {
    const path = join(dir, file);
    const parsed = parseSource(sources?.get(path) ?? readFileSync(path, 'utf8'), path);
    if ('problem' in parsed) continue; // the definition checks report broken JSON
    const findings: Finding[] = textsIn(parsed.data, file)
      .filter(
        (text) => reviewed[text.key] !== undefined && reviewed[text.key] !== englishHash(text.en),
      )
      .map((text) => ({
        pointer: `${text.pointer}/en`,
        message: `The English changed after its Welsh was reviewed, so the Welsh may be out of date: "${text.en}"`,
        hint: 'Run npm run translations:export, have the Welsh checked, then npm run translations:import <file.csv>',
        severity: 'warning',
      }));
    problems.push(...toProblems(findings, path, parsed.map));
  }
  return problems;
}
