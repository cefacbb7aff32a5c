// The flow of a survey as one graph: each page's edges (every `next` branch, the skip link and
// the guard's fallback), the finish marker, the following page, the Other field's name and the
// answers a rule reads. The runtime (flow.ts), the checker (check/flow.ts) and the docs generator
// all read the flow through this module, so they cannot disagree about it.
import type { Page, Rule, Target } from './types';

/** The end of every path: the answers have been sent. */
export const FINISH = 'finish';
/** Before the first page: the survey's start page. */
export const START = 'start';

/** The text field an Other option reveals: `<name>Other`. */
export function otherName(fieldName: string): string {
  return `${fieldName}Other`;
}

/** The page after this one in file order, or finish after the last. The default `next`. */
export function followingPage(pages: readonly Pick<Page, 'id'>[], pageId: string): Target {
  const index = pages.findIndex((page) => page.id === pageId);
  return pages[index + 1]?.id ?? FINISH;
}

/** Where a part of a page sits in it, as JSON pointer steps (e.g. ['next', 'if', 1]). */
export type Steps = (string | number)[];

/** One way on from a page. `when` lists the conditions of the `next` branches taken to reach it
 *  ('otherwise' for an else); `fallback` marks the following page reached because the rule gives no page. */
export interface Edge {
  from: string;
  to: Target;
  kind: 'next' | 'skip' | 'guard';
  steps: Steps;
  when: (Rule | 'otherwise')[];
  fallback?: boolean;
}

/** A part of a `next` rule whose result cannot be read without answers. */
export interface UnreadRule {
  steps: Steps;
  problem: 'gives-nothing' | 'unreadable' | 'no-else';
}

function isObject(rule: unknown): rule is Record<string, unknown> {
  return rule !== null && typeof rule === 'object' && !Array.isArray(rule);
}

const BRANCHING = ['if', '?:'] as const;

/** The results a `next` rule can give, read from its if / ?: branches without evaluating it. */
export function nextBranches(
  rule: Rule,
  steps: Steps,
  fallback: Target,
  when: Edge['when'] = [],
): { branches: Omit<Edge, 'from' | 'kind'>[]; unread: UnreadRule[] } {
  if (typeof rule === 'string') return { branches: [{ to: rule, steps, when }], unread: [] };
  const op = isObject(rule) ? BRANCHING.find((key) => key in rule) : undefined;
  const parts = op ? (rule as Record<string, unknown>)[op] : undefined;
  if (!op || !Array.isArray(parts)) {
    // The engine then goes to the following page.
    const problem = rule === null ? 'gives-nothing' : 'unreadable';
    return {
      branches: [{ to: fallback, steps, when: [...when, rule], fallback: true }],
      unread: [{ steps, problem }],
    };
  }
  const branches: Omit<Edge, 'from' | 'kind'>[] = [];
  const unread: UnreadRule[] = [];
  const add = (inner: ReturnType<typeof nextBranches>) => {
    branches.push(...inner.branches);
    unread.push(...inner.unread);
  };
  for (let i = 0; i + 1 < parts.length; i += 2)
    add(nextBranches(parts[i + 1] as Rule, [...steps, op, i + 1], fallback, [...when, parts[i]]));
  if (parts.length % 2 === 1) {
    const last = parts.length - 1;
    add(nextBranches(parts[last] as Rule, [...steps, op, last], fallback, [...when, 'otherwise']));
  } else {
    unread.push({ steps: [...steps, op], problem: 'no-else' });
    branches.push({
      to: fallback,
      steps: [...steps, op],
      when: [...when, 'otherwise'],
      fallback: true,
    });
  }
  return { branches, unread };
}

/** Every edge out of a page (with its template merged) and the parts of its `next` that cannot be read. */
export function pageEdges(
  pages: readonly Page[],
  page: Page,
): { edges: Edge[]; unread: UnreadRule[] } {
  const fallback = followingPage(pages, page.id);
  const { branches, unread } =
    page.next === undefined
      ? { branches: [{ to: fallback, steps: [], when: [] }], unread: [] }
      : nextBranches(page.next as Rule, ['next'], fallback);
  const edges: Edge[] = branches.map((b) => ({ ...b, from: page.id, kind: 'next' }));
  if (page.skip !== undefined)
    edges.push({ from: page.id, to: page.skip, kind: 'skip', steps: ['skip'], when: [] });
  // A guard sends the respondent back when a page does not apply: a redirect, not a step forward.
  if (page.guard)
    edges.push({
      from: page.id,
      to: page.guard.otherwise,
      kind: 'guard',
      steps: ['guard', 'otherwise'],
      when: [],
    });
  return { edges, unread };
}

/** The answer names a rule reads (`var`, `missing`, `missing_some`), each with where it is written. */
export function ruleVarsAt(rule: unknown, steps: Steps = []): { name: string; steps: Steps }[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => ruleVarsAt(item, [...steps, i]));
  if (!isObject(rule)) return [];
  return Object.entries(rule).flatMap(([op, args]) => {
    const here = [...steps, op];
    if (op === 'var') {
      const name = Array.isArray(args) ? args[0] : args;
      if (typeof name === 'string')
        return name === '' ? [] : [{ name: name.split('.')[0]!, steps: here }];
      return ruleVarsAt(args, here);
    }
    if (op === 'missing' || op === 'missing_some') {
      // missing_some: [how many, [names]]; missing: [names] or one name.
      const listAt = op === 'missing_some' && Array.isArray(args) ? [...here, 1] : here;
      const list = op === 'missing_some' && Array.isArray(args) ? args[1] : args;
      const names = Array.isArray(list) ? list : [list];
      return names.flatMap((name, i) => {
        const at = Array.isArray(list) ? [...listAt, i] : listAt;
        return typeof name === 'string' ? [{ name, steps: at }] : ruleVarsAt(name, at);
      });
    }
    return ruleVarsAt(args, here);
  });
}

/** The answer names a rule reads, in first-use order. */
export function ruleVars(rule: Rule): string[] {
  return [...new Set(ruleVarsAt(rule).map((use) => use.name))];
}
