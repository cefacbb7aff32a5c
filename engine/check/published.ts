// The live-survey check: what a change removes or renames from the published surveys. Answers
// already stored name their survey, field and option value, so a field or option that disappears
// leaves them without a question or folds them into "Another ..." in the team's figures, and a
// page that disappears breaks the addresses given out. Each is an error with the advice to retire
// instead. `npm run validate` compares with the published version (publishedRef below) on every
// full run, so `npm test` and CI do too; `--against <ref>` names another.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { definitionsDir } from './folders';
import { flattenFields } from './model';
import { parseSource, pointer, toProblems, type Finding } from './source';
import type { DefinitionProblem, Field, SurveyDefinition } from '../types';

function git(args: string[], cwd?: string): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd });
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

/** The published version to compare with, or why there is none. */
export type Published = { ref: string; label: string } | { skipped: string };

/**
 * The ref CI names (PUBLISHED_REF), otherwise the merge base of HEAD with main (or origin/main):
 * the surveys as they were before this branch. On main itself that is HEAD, so the check compares
 * the files with their own last commit. Where there is no such commit (no main, a shallow clone
 * without it, not a git checkout) the check is skipped with a note saying how to name one.
 */
export function publishedRef(env: NodeJS.ProcessEnv = process.env, cwd?: string): Published {
  if (env.PUBLISHED_REF) return { ref: env.PUBLISHED_REF, label: env.PUBLISHED_REF };
  for (const branch of ['main', 'origin/main']) {
    try {
      const base = git(['merge-base', 'HEAD', branch], cwd).trim();
      return { ref: base, label: `the merge base with ${branch} (${base.slice(0, 7)})` };
    } catch {
      // No such branch here, or no common history (a shallow clone): try the next.
    }
  }
  return {
    skipped:
      'Live-survey check skipped: no published version to compare with (no main branch, or a shallow clone without it). Set PUBLISHED_REF to a branch, tag or commit to compare with it.',
  };
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

/** A finding about something removed, with what it was (for counting its stored answers). */
export interface Removal extends Finding {
  field?: string;
  option?: string;
}

/** Findings for one survey: what `now` no longer has of `before`. */
export function compareSurvey(before: SurveyDefinition, now: SurveyDefinition): Removal[] {
  // A file without its list of pages is reported by the schema; what it lacks means nothing yet.
  if (!Array.isArray(now?.pages) || !Array.isArray(before?.pages)) return [];
  const findings: Removal[] = [];
  const pagesNow = new Set(now.pages.map((page) => page.id));
  const added = now.pages.filter((page) => !before.pages.some((p) => p.id === page.id));
  for (const page of before.pages)
    if (!pagesNow.has(page.id))
      findings.push({
        pointer: '/pages',
        message: `Page ${page.id} was removed${added.length ? ` or renamed to ${added.map((p) => p.id).join(' or ')}` : ''}: its address is in links respondents have been given`,
        hint: `Keep page ${page.id} with its id. To stop asking its questions, add "retired": true to its fields: a page whose questions are all retired may be left off the route`,
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
        field: name,
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
          field: name,
          option: option.value,
        });
  }
  return findings;
}

/** A problem about a removal, with the published definition it was found against. */
export interface RemovalProblem extends DefinitionProblem {
  survey: SurveyDefinition;
  field?: string;
  option?: string;
}

/** Problems for every survey in `dir` compared with the same folder at `ref`. */
export function compareWith(ref: string, dir = definitionsDir()): RemovalProblem[] {
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
        survey: { pages: [] } as unknown as SurveyDefinition,
      },
    ];
  }
  const problems: RemovalProblem[] = [];
  for (const [name, old] of before) {
    const file = join(dir, name);
    if (!existsSync(file)) {
      problems.push({
        file,
        pointer: '',
        message: `The survey ${basename(name, '.json')} was removed: its stored answers and links would be orphaned`,
        severity: 'error',
        survey: old,
      });
      continue;
    }
    const parsed = parseSource(readFileSync(file, 'utf8'), file);
    if ('problem' in parsed) continue; // reported by the definition checks
    for (const removal of compareSurvey(old, parsed.data as SurveyDefinition)) {
      const [problem] = toProblems([removal], file, parsed.map);
      problems.push({ ...problem!, survey: old, field: removal.field, option: removal.option });
    }
  }
  return problems;
}

/** True when `dir` is tracked at `ref` (a folder added since has nothing published). */
export function publishedHas(ref: string, dir: string): boolean {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}:${dir}`]);
    return true;
  } catch {
    return false;
  }
}

/** True when no file of the folder differs from `ref` (new files cannot remove anything). */
export function unchangedSince(ref: string, dir: string): boolean {
  try {
    git(['diff', '--quiet', ref, '--', dir]);
    return true;
  } catch {
    return false;
  }
}

/** One survey as the published version has it (the live editor's check), if there is one. */
export function publishedSurvey(file: string): SurveyDefinition | undefined {
  // Asked of the repository the file is in, wherever the server was started.
  const cwd = dirname(resolve(file));
  const published = publishedRef(process.env, cwd);
  if ('skipped' in published) return undefined;
  try {
    const path = git(['ls-files', '--full-name', '--error-unmatch', basename(file)], cwd).trim();
    return JSON.parse(git(['show', `${published.ref}:${path}`], cwd)) as SurveyDefinition;
  } catch {
    return undefined; // not tracked, not at that ref, or not JSON there: nothing published
  }
}
