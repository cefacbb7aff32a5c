// Content checks an editor's eye easily misses: Welsh left the same as the English, a rule that
// compares an answer with a value its field never has (the branch is then silently never taken),
// and a page reached only by a branch that has no guard against being opened out of turn.
import { optionValues, type PageAt } from './model';
import { pointer, type Finding } from './source';
import { closest, listOf } from './words';
import { FINISH, pageEdges } from '../graph';
import type { SharedBlocks } from '../types';

/**
 * Words that are rightly the same in both languages. Kept short and explicit on purpose: anything
 * else identical is an untranslated string. Numbers, web addresses and email addresses pass too.
 */
export const SAME_IN_BOTH_LANGUAGES = ['GOV.UK', 'DBS', 'WhatsApp', 'OK'];

/** True when a text may be identical in English and Welsh. */
export function sameInBothLanguages(text: string): boolean {
  const t = text.trim();
  return (
    /^\d+$/.test(t) ||
    /^https?:\/\/\S+$/.test(t) ||
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) ||
    SAME_IN_BOTH_LANGUAGES.includes(t)
  );
}

function isObject(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** Every `{ en, cy }` whose Welsh is the English, except the allowed words. */
export function untranslatedFindings(data: unknown): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (isObject(node) && typeof node.en === 'string' && typeof node.cy === 'string') {
      if (
        node.en.trim() !== '' &&
        node.en.trim() === node.cy.trim() &&
        !sameInBothLanguages(node.en)
      )
        findings.push({
          pointer: pointer(...path, 'cy'),
          message: `The Welsh is the same as the English: "${node.en}"`,
          hint: `Translate it. Only numbers, web and email addresses and ${listOf(SAME_IN_BOTH_LANGUAGES)} may be the same`,
        });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node))
      visit(child, [...path, Array.isArray(node) ? Number(key) : key]);
  };
  visit(data, []);
  return findings;
}

const EQUALITY = new Set(['==', '===', '!=', '!==']);

/** `{ var: name }` -> name. */
function varName(node: unknown): string | undefined {
  if (!isObject(node) || !('var' in node)) return undefined;
  const name = Array.isArray(node.var) ? node.var[0] : node.var;
  return typeof name === 'string' ? name : undefined;
}

/** Each literal a rule compares an answer with: `==`/`!=` either way round, and `in`. */
function comparisons(rule: unknown, at: string): { name: string; value: string; at: string }[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => comparisons(item, `${at}/${i}`));
  if (!isObject(rule)) return [];
  return Object.entries(rule).flatMap(([op, args]) => {
    const here = `${at}${pointer(op)}`;
    const found: { name: string; value: string; at: string }[] = [];
    if (Array.isArray(args) && args.length === 2) {
      const [a, b] = args as [unknown, unknown];
      const literal = (v: unknown) => typeof v === 'string' || typeof v === 'number';
      if (EQUALITY.has(op)) {
        if (varName(a) && literal(b))
          found.push({ name: varName(a)!, value: String(b), at: `${here}/1` });
        if (varName(b) && literal(a))
          found.push({ name: varName(b)!, value: String(a), at: `${here}/0` });
      }
      if (op === 'in' && varName(a) && Array.isArray(b))
        b.forEach((v, i) => {
          if (literal(v)) found.push({ name: varName(a)!, value: String(v), at: `${here}/1/${i}` });
        });
      // A chosen checkbox: {"in": ["Retail", {"var": "whichSubSector"}]}.
      if (op === 'in' && literal(a) && varName(b))
        found.push({ name: varName(b)!, value: String(a), at: `${here}/0` });
    }
    return [...found, ...comparisons(args, here)];
  });
}

interface RuleAt {
  rule: unknown;
  at: string;
  /** The rule named for an editor: "the next rule of q2". */
  what: string;
}

/** The rules on a page, with where each is written. */
function rulesOn(page: PageAt): RuleAt[] {
  const { next, guard } = page.page;
  const rules: RuleAt[] = [];
  if (next !== undefined && typeof next !== 'string')
    rules.push({ rule: next, at: page.pointerOf('next'), what: `the next rule of ${page.id}` });
  if (guard)
    rules.push({
      rule: guard.when,
      at: page.pointerOf('guard', 'when'),
      what: `the guard of ${page.id}`,
    });
  for (const { field, pointer: at, fromTemplate } of page.fields) {
    if (fromTemplate) continue; // checked with shared.json
    (field.options ?? []).forEach((option, i) => {
      if (option.showWhen !== undefined)
        rules.push({
          rule: option.showWhen,
          at: `${at}${pointer('options', i, 'showWhen')}`,
          what: `showWhen of option "${option.value}" of "${field.name}" on ${page.id}`,
        });
    });
    for (const key of ['requiredWhen', 'showWhen'] as const)
      if (field[key] !== undefined)
        rules.push({
          rule: field[key],
          at: `${at}/${key}`,
          what: `${key} of "${field.name}" on ${page.id}`,
        });
  }
  return rules;
}

/**
 * A rule comparing a choice field with a value that is not one of its options (an error), or
 * with a retired option (a warning: respondents can no longer choose it, so that branch is
 * never taken again, though answers given before still match it).
 */
export function comparedValueFindings(pages: PageAt[], shared: SharedBlocks): Finding[] {
  const values = new Map<string, string[]>();
  const retired = new Map<string, Set<string>>();
  for (const page of pages)
    for (const { field } of page.fields) {
      const options = optionValues(field, shared);
      if (options.length) values.set(field.name, options);
      const gone = (field.options ?? []).filter((o) => o.retired).map((o) => o.value);
      if (gone.length) retired.set(field.name, new Set(gone));
    }
  const findings: Finding[] = [];
  for (const page of pages)
    for (const { rule, at, what } of rulesOn(page))
      for (const use of comparisons(rule, at)) {
        const options = values.get(use.name);
        if (retired.get(use.name)?.has(use.value))
          findings.push({
            pointer: use.at,
            message: `Option "${use.value}" of "${use.name}" is retired, but ${what} still uses it: respondents can no longer choose it, so this branch is never taken`,
            hint: 'Change the rule to the options respondents still see, or keep the option (remove "retired")',
            severity: 'warning',
          });
        if (!options || options.includes(use.value)) continue;
        const near = closest(use.value, options);
        findings.push({
          pointer: use.at,
          message: `"${use.name}" is never "${use.value}": its options are ${listOf(options)}`,
          hint: near
            ? `Did you mean "${near}"? Values must match exactly, capitals included`
            : 'Compare with one of the option values (not the label)',
        });
      }
  return findings;
}

/** Pages that some route from the first page to finish avoids through `next` alone (skip links aside). */
function branchOnly(pages: PageAt[]): Set<string> {
  const merged = pages.map((p) => p.page);
  const next = new Map(
    pages.map((p) => [
      p.id,
      pageEdges(merged, p.page)
        .edges.filter((e) => e.kind === 'next')
        .map((e) => e.to),
    ]),
  );
  /** The pages reached from the first through `next`, never passing `avoid`; finish included. */
  const reached = (avoid?: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [pages[0]!.id];
    while (todo.length) {
      const id = todo.pop()!;
      if (id === avoid || seen.has(id)) continue;
      seen.add(id);
      todo.push(...(next.get(id) ?? []));
    }
    return seen;
  };
  // Pages not reached at all are reported as unreachable elsewhere.
  const all = reached();
  return new Set(
    pages
      .slice(1)
      .map((p) => p.id)
      .filter((id) => all.has(id) && reached(id).has(FINISH)),
  );
}

/** A page only some answers lead to, with no guard: opened out of turn it would be shown anyway. */
export function unguardedBranchFindings(pages: PageAt[]): Finding[] {
  const only = branchOnly(pages);
  return pages
    .filter((p) => only.has(p.id) && !p.page.guard)
    .map((p) => ({
      pointer: p.pointer,
      message: `Page ${p.id} is reached only by a branch but has no guard`,
      hint: 'Add "guard": {"when": <the branch\'s condition>, "otherwise": "<the page before>"}',
      severity: 'warning' as const,
    }));
}
