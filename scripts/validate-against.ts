// `npm run validate -- --against <git ref>` (default main): what a change removes or renames from
// the published surveys. Answers already stored name their survey, field and option value, so a
// field or option that disappears leaves them without a question or folds them into "Another ..."
// in the team's figures. Removing one is an error unless the definition keeps it marked
// `"retired": true`; a removed page is listed as a warning (its fields are checked one by one).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { flattenFields } from '../engine/check/model';
import { parseSource, pointer, toProblems, type Finding } from '../engine/check/source';
import type { DefinitionProblem, Field, SurveyDefinition } from '../engine/types';

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The survey files of a folder at a git ref, by file name, parsed. */
function surveysAt(ref: string, dir: string): Map<string, SurveyDefinition> {
  const names = git(['ls-tree', '--name-only', `${ref}:${dir}`])
    .split('\n')
    .filter((name) => name.endsWith('.json'));
  const found = new Map<string, SurveyDefinition>();
  for (const name of names) {
    try {
      found.set(name, JSON.parse(git(['show', `${ref}:${dir}/${name}`])) as SurveyDefinition);
    } catch {
      // Not valid JSON at that ref: nothing published to protect.
    }
  }
  return found;
}

interface Located {
  field: Field;
  page: string;
  pointer: string;
}

/** Every field written in the survey itself (revealed ones included), by name. */
function fieldsOf(def: SurveyDefinition): Map<string, Located> {
  return new Map(
    def.pages.flatMap((page, i) =>
      flattenFields(page.fields ?? [], pointer('pages', i, 'fields')).map(
        (at) => [at.field.name, { field: at.field, page: page.id, pointer: at.pointer }] as const,
      ),
    ),
  );
}

/** Findings for one survey: what `now` no longer has of `before`. */
export function compareSurvey(before: SurveyDefinition, now: SurveyDefinition): Finding[] {
  const findings: Finding[] = [];
  const pagesNow = new Set(now.pages.map((page) => page.id));
  const added = now.pages.filter((page) => !before.pages.some((p) => p.id === page.id));
  for (const page of before.pages)
    if (!pagesNow.has(page.id))
      findings.push({
        pointer: '/pages',
        message: `Page ${page.id} was removed${added.length ? ` (renamed to ${added.map((p) => p.id).join(' or ')}?)` : ''}`,
        hint: 'A page address that changes breaks links to it; its fields are checked below',
        severity: 'warning',
      });

  const oldFields = fieldsOf(before);
  const newFields = fieldsOf(now);
  const newNames = [...newFields.keys()].filter((name) => !oldFields.has(name));
  for (const [name, old] of oldFields) {
    const current = newFields.get(name);
    if (!current) {
      const renamed = newNames.filter((n) => newFields.get(n)!.page === old.page);
      findings.push({
        pointer: now.pages.some((p) => p.id === old.page)
          ? pointer(
              'pages',
              now.pages.findIndex((p) => p.id === old.page),
            )
          : '/pages',
        message: `Field "${name}" (on ${old.page}) was removed${renamed.length ? ` or renamed to "${renamed.join('" or "')}"` : ''}: answers already stored under it would lose their question`,
        hint: `Keep the field and add "retired": true to it instead`,
      });
      continue;
    }
    const values = new Set((current.field.options ?? []).map((o) => o.value));
    const addedValues = (current.field.options ?? [])
      .map((o) => o.value)
      .filter((v) => !(old.field.options ?? []).some((o) => o.value === v));
    for (const option of old.field.options ?? [])
      if (!values.has(option.value))
        findings.push({
          pointer: `${current.pointer}/options`,
          message: `Option "${option.value}" of "${name}" was removed${addedValues.length ? ` or renamed to "${addedValues.join('" or "')}"` : ''}: answers that chose it would be counted as another option`,
          hint: 'Keep the option and add "retired": true to it instead (the value is what is stored)',
        });
  }
  return findings;
}

/** Problems for every survey in `dir` compared with the same folder at `ref`. */
export function compareWith(ref: string, dir = 'definitions'): DefinitionProblem[] {
  let before: Map<string, SurveyDefinition>;
  try {
    before = surveysAt(ref, dir);
  } catch {
    return [
      {
        file: dir,
        pointer: '',
        message: `Cannot read ${dir} at "${ref}"`,
        hint: 'Give a branch, tag or commit that exists, e.g. --against origin/main',
        severity: 'error',
      },
    ];
  }
  const problems: DefinitionProblem[] = [];
  for (const [name, old] of before) {
    const file = join(dir, name);
    if (!existsSync(file)) {
      problems.push({
        file,
        pointer: '',
        message: `The survey ${basename(name, '.json')} was removed: its stored answers and links would be orphaned`,
        severity: 'error',
      });
      continue;
    }
    const parsed = parseSource(readFileSync(file, 'utf8'), file);
    if ('problem' in parsed) continue; // reported by the definition checks
    problems.push(
      ...toProblems(compareSurvey(old, parsed.data as SurveyDefinition), file, parsed.map),
    );
  }
  return problems;
}
