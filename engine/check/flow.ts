// Static checks of a survey's page flow: targets, reachability, loops, the submit page, and
// that every rule only reads answers already asked on every path to it. This analyses the
// JSON rather than evaluating it: a `next` rule's possible results are read from its if/else branches.
import { answerNames, type PageAt } from './model';
import { pointer, type Finding } from './source';
import { listOf, suggestion } from './words';
import type { Rule, SharedBlocks } from '../types';

const FINISH = 'finish';

interface Edge {
  from: PageAt;
  to: string;
  pointer: string;
}

interface Located<T> {
  value: T;
  pointer: string;
}

/** The results a `next` rule can give: literal targets, plus findings where it cannot be read statically. */
function ruleResults(rule: Rule, at: string): { targets: Located<string>[]; findings: Finding[] } {
  if (typeof rule === 'string') return { targets: [{ value: rule, pointer: at }], findings: [] };
  const op =
    rule && typeof rule === 'object' && !Array.isArray(rule)
      ? ['if', '?:'].find((k) => k in rule)
      : undefined;
  const branches = op ? (rule as Record<string, unknown>)[op] : undefined;
  if (!op || !Array.isArray(branches)) {
    const finding: Finding =
      rule === null
        ? {
            pointer: at,
            message: 'The next rule gives no page here',
            hint: 'Give a page id or "finish"',
          }
        : {
            pointer: at,
            message: 'Cannot tell where this next rule leads',
            hint: 'Write next rules as {"if": [condition, "q3", condition, "q4", "q5"]} with page ids as results',
            severity: 'warning',
          };
    return { targets: [], findings: [finding] };
  }
  const results: Located<Rule>[] = [];
  for (let i = 1; i < branches.length; i += 2)
    results.push({ value: branches[i] as Rule, pointer: `${at}${pointer(op, i)}` });
  const findings: Finding[] = [];
  if (branches.length % 2 === 1) {
    results.push({
      value: branches.at(-1) as Rule,
      pointer: `${at}${pointer(op, branches.length - 1)}`,
    });
  } else {
    findings.push({
      pointer: `${at}${pointer(op)}`,
      message: 'The next rule has no final else: when no condition matches it gives no page',
      hint: 'Add the page to go to otherwise as the last item of the list',
    });
  }
  const inner = results.map((r) => ruleResults(r.value, r.pointer));
  return {
    targets: inner.flatMap((r) => r.targets),
    findings: [...findings, ...inner.flatMap((r) => r.findings)],
  };
}

/** The answer names a rule reads ({"var": name}), each with its pointer. */
function ruleVars(rule: unknown, at: string): Located<string>[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => ruleVars(item, `${at}/${i}`));
  if (!rule || typeof rule !== 'object') return [];
  return Object.entries(rule).flatMap(([op, args]) => {
    const here = `${at}${pointer(op)}`;
    const name = op === 'var' ? (Array.isArray(args) ? args[0] : args) : undefined;
    if (typeof name === 'string')
      return name === '' ? [] : [{ value: name.split('.')[0]!, pointer: here }];
    return ruleVars(args, here);
  });
}

/** The pages each page can lead to (next and skip); unknown targets, guard targets included, are findings. */
function edgesOf(pages: PageAt[], findings: Finding[]): { edges: Edge[]; allKnown: boolean } {
  const known = new Set([...pages.map((p) => p.id), FINISH]);
  const edges: Edge[] = [];
  let allKnown = true;
  const follow = (from: PageAt, to: string, at: string, what: string, isEdge = true) => {
    if (!known.has(to)) {
      allKnown = false;
      findings.push({
        pointer: at,
        message: `${what} goes to "${to}", which is not a page of this survey`,
        hint: `Go to one of: ${listOf(known, 30)}`,
      });
    } else if (isEdge) edges.push({ from, to, pointer: at });
  };
  for (const at of pages) {
    const { next, skip, guard } = at.page;
    if (next === undefined) {
      follow(at, pages[at.index + 1]?.id ?? FINISH, at.pointer, 'next');
    } else {
      const { targets, findings: unread } = ruleResults(next as Rule, at.pointerOf('next'));
      findings.push(...unread);
      for (const t of targets) follow(at, t.value, t.pointer, 'next');
    }
    if (skip !== undefined) follow(at, skip, at.pointerOf('skip'), 'skip');
    // A guard sends the respondent back when a page does not apply: a redirect, not a step forward.
    if (guard)
      follow(at, guard.otherwise, at.pointerOf('guard', 'otherwise'), 'guard.otherwise', false);
  }
  return { edges, allKnown };
}

/** Depth-first search from the first page: the pages reached, loops, and a topological order. */
function walk(first: string, edges: Map<string, Edge[]>) {
  const state = new Map<string, 'open' | 'done'>();
  const order: string[] = [];
  const loops: { path: string[]; edge: Edge }[] = [];
  const stack: string[] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    stack.push(id);
    for (const edge of edges.get(id) ?? []) {
      if (edge.to === FINISH) continue;
      const seen = state.get(edge.to);
      if (seen === 'open')
        loops.push({ path: [...stack.slice(stack.indexOf(edge.to)), edge.to], edge });
      else if (!seen) visit(edge.to);
    }
    stack.pop();
    state.set(id, 'done');
    order.unshift(id);
  };
  visit(first);
  return { reached: new Set(state.keys()), order, loops };
}

/** For each reachable page, the answer names asked on every path from the first page before it. */
function askedBefore(order: string[], edges: Map<string, Edge[]>, asked: Map<string, Set<string>>) {
  const before = new Map<string, Set<string>>([[order[0]!, new Set()]]);
  for (const id of order) {
    const carried = new Set([...(before.get(id) ?? []), ...(asked.get(id) ?? [])]);
    for (const { to } of edges.get(id) ?? []) {
      const known = before.get(to);
      if (to !== FINISH)
        before.set(to, known ? new Set([...known].filter((name) => carried.has(name))) : carried);
    }
  }
  return before;
}

function ruleVarFindings(
  pages: PageAt[],
  before: Map<string, Set<string>>,
  asked: Map<string, Set<string>>,
): Finding[] {
  const findings: Finding[] = [];
  const askedOn = new Map<string, string>();
  for (const [id, names] of asked)
    for (const name of names) if (!askedOn.has(name)) askedOn.set(name, id);

  const check = (rule: unknown, at: string, page: PageAt, what: string, samePage: boolean) => {
    const available = new Set([
      ...(before.get(page.id) ?? []),
      ...(samePage ? (asked.get(page.id) ?? []) : []),
    ]);
    // Inside a template the rule's own parts have no place in this file: point at the template.
    const exact = !at.endsWith('/template');
    for (const use of ruleVars(rule, at)) {
      if (available.has(use.value)) continue;
      const where = askedOn.get(use.value);
      const base = { pointer: exact ? use.pointer : at };
      if (!where)
        findings.push({
          ...base,
          message: `${what} reads "${use.value}", which no page of this survey asks`,
          hint: suggestion(use.value, askedOn.keys(), 'Answers asked'),
        });
      else if (where === page.id && !samePage)
        findings.push({
          ...base,
          message: `${what} reads "${use.value}", which is asked on this same page`,
          hint: 'A guard runs before its page is shown, so it can only read answers from earlier pages',
        });
      else
        findings.push({
          ...base,
          message: `${what} reads "${use.value}", which is not asked on every path before ${page.id}`,
          hint: `"${use.value}" is asked on ${where}; a rule can only read answers asked earlier on every path to it`,
        });
    }
  };
  for (const page of pages) {
    if (!before.has(page.id)) continue; // unreachable: reported already
    const { next, guard } = page.page;
    if (next !== undefined && typeof next !== 'string')
      check(next, page.pointerOf('next'), page, 'The next rule', true);
    if (guard) check(guard.when, page.pointerOf('guard', 'when'), page, 'The guard', false);
    for (const { field, pointer: at, fromTemplate } of page.fields)
      for (const key of ['requiredWhen', 'showWhen'] as const)
        if (field[key] !== undefined)
          check(
            field[key],
            fromTemplate ? at : `${at}/${key}`,
            page,
            `${key} of "${field.name}"`,
            true,
          );
  }
  return findings;
}

function submitFindings(pages: PageAt[], edges: Edge[]): Finding[] {
  const [submit, ...extra] = pages.filter((p) => p.page.submit);
  if (!submit)
    return [
      {
        pointer: '/pages',
        message: 'No page sends the answers',
        hint: 'Set "submit": true on the last page (usually the contact page)',
      },
    ];
  const findings: Finding[] = extra.map((page) => ({
    pointer: page.pointerOf('submit'),
    message: `Only one page may send the answers, and ${submit.id} already does`,
  }));
  for (const edge of edges) {
    if (edge.from === submit && edge.to !== FINISH)
      findings.push({
        pointer: edge.pointer,
        message: `The submit page ${submit.id} goes to ${edge.to}, but it must be the last page`,
        hint: 'The answers are sent on this page, so it must go to "finish"',
      });
    if (edge.to === FINISH && !edge.from.page.submit)
      findings.push({
        pointer: edge.pointer,
        message: `${edge.from.id} goes to finish without reaching the submit page ${submit.id}, so the answers would never be sent`,
        hint: `Go to ${submit.id} instead`,
      });
  }
  return findings;
}

/** Flow findings for a survey whose pages have passed the schema. */
export function flowFindings(pages: PageAt[], shared: SharedBlocks): Finding[] {
  const findings: Finding[] = [];
  const ids = new Set<string>();
  for (const page of pages) {
    if (ids.has(page.id))
      findings.push({
        pointer: `${page.pointer}/id`,
        message: `Page id "${page.id}" is used twice`,
      });
    ids.add(page.id);
  }
  const { edges, allKnown } = edgesOf(pages, findings);
  const byPage = new Map<string, Edge[]>();
  for (const edge of edges) byPage.set(edge.from.id, [...(byPage.get(edge.from.id) ?? []), edge]);

  const { reached, order, loops } = walk(pages[0]!.id, byPage);
  // With a target that does not exist, what is reachable is unclear: that is reported first.
  for (const page of pages)
    if (allKnown && !reached.has(page.id))
      findings.push({
        pointer: page.pointer,
        message: `Page ${page.id} cannot be reached from the first page`,
        hint: 'No next or skip on a reachable page leads here: link to it, or remove it',
      });
  for (const loop of loops)
    findings.push({
      pointer: loop.edge.pointer,
      message: `Pages go round in a loop: ${loop.path.join(' → ')}`,
      hint: 'Every path must move forward to "finish": point this at a later page',
    });
  findings.push(...submitFindings(pages, edges));

  // Which answers exist before a page is only well defined when the pages cannot loop.
  if (loops.length === 0 && ids.size === pages.length) {
    const asked = new Map(
      pages.map((p) => [
        p.id,
        new Set(p.fields.flatMap(({ field }) => answerNames(field, shared))),
      ]),
    );
    findings.push(...ruleVarFindings(pages, askedBefore(order, byPage, asked), asked));
  }
  return findings;
}
