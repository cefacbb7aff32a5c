// Static checks of a survey's page flow: targets, reachability, loops, the submit page, and
// that every rule only reads answers already asked on every path to it. This analyses the
// JSON rather than evaluating it: the edges and the rule variables come from the flow graph (../graph).
import { answerNames, type PageAt } from './model';
import { pointer, type Finding } from './source';
import { listOf, suggestion } from './words';
import { FINISH, pageEdges, ruleVarsAt, type Steps, type UnreadRule } from '../graph';
import type { Page, SharedBlocks } from '../types';

interface Edge {
  from: PageAt;
  to: string;
  pointer: string;
}

const UNREAD: Record<UnreadRule['problem'], Omit<Finding, 'pointer'>> = {
  'gives-nothing': {
    message: 'The next rule gives no page here',
    hint: 'Give a page id or "finish"',
  },
  unreadable: {
    message: 'Cannot tell where this next rule leads',
    hint: 'Write next rules as {"if": [condition, "q3", condition, "q4", "q5"]} with page ids as results',
    severity: 'warning',
  },
  'no-else': {
    message: 'The next rule has no final else: when no condition matches it gives no page',
    hint: 'Add the page to go to otherwise as the last item of the list',
  },
};

/** The pages each page can lead to (next and skip, from the flow graph); unknown targets, guard targets included, are findings. */
function edgesOf(pages: PageAt[], findings: Finding[]): { edges: Edge[]; allKnown: boolean } {
  const known = new Set([...pages.map((p) => p.id), FINISH]);
  const merged = pages.map((p) => p.page);
  const edges: Edge[] = [];
  let allKnown = true;
  for (const at of pages) {
    const where = (steps: Steps) =>
      steps.length === 0 ? at.pointer : at.pointerOf(steps[0] as keyof Page, ...steps.slice(1));
    const graph = pageEdges(merged, at.page);
    for (const unread of graph.unread)
      findings.push({ pointer: where(unread.steps), ...UNREAD[unread.problem] });
    for (const edge of graph.edges) {
      if (edge.fallback) continue; // reported above as a rule that gives no page
      const what = edge.kind === 'guard' ? 'guard.otherwise' : edge.kind;
      if (!known.has(edge.to)) {
        allKnown = false;
        findings.push({
          pointer: where(edge.steps),
          message: `${what} goes to "${edge.to}", which is not a page of this survey`,
          hint: `Go to one of: ${listOf(known, 30)}`,
        });
      } else if (edge.kind !== 'guard')
        edges.push({ from: at, to: edge.to, pointer: where(edge.steps) });
    }
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
    for (const { name, steps } of ruleVarsAt(rule)) {
      if (available.has(name)) continue;
      const where = askedOn.get(name);
      const base = { pointer: exact ? `${at}${pointer(...steps)}` : at };
      if (!where)
        findings.push({
          ...base,
          message: `${what} reads "${name}", which no page of this survey asks`,
          hint: suggestion(name, askedOn.keys(), 'Answers asked'),
        });
      else if (where === page.id && !samePage)
        findings.push({
          ...base,
          message: `${what} reads "${name}", which is asked on this same page`,
          hint: 'A guard runs before its page is shown, so it can only read answers from earlier pages',
        });
      else
        findings.push({
          ...base,
          message: `${what} reads "${name}", which is not asked on every path before ${page.id}`,
          hint: `"${name}" is asked on ${where}; a rule can only read answers asked earlier on every path to it`,
        });
    }
  };
  for (const page of pages) {
    if (!before.has(page.id)) continue; // unreachable: reported already
    const { next, guard } = page.page;
    if (next !== undefined && typeof next !== 'string')
      check(next, page.pointerOf('next'), page, 'The next rule', true);
    if (guard) check(guard.when, page.pointerOf('guard', 'when'), page, 'The guard', false);
    for (const { field, pointer: at, fromTemplate } of page.fields) {
      // An option's rule decides what the page offers, so like a guard it reads earlier pages only.
      (field.options ?? []).forEach((option, i) => {
        if (option.showWhen !== undefined)
          check(
            option.showWhen,
            fromTemplate ? at : `${at}${pointer('options', i, 'showWhen')}`,
            page,
            `showWhen of option "${option.value}"`,
            false,
          );
      });
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
  if (submit.page.skip !== undefined)
    findings.push({
      pointer: submit.pointerOf('skip'),
      message: `${submit.id} sends the answers, so it cannot have a skip link: skipping it would leave without sending anything`,
      hint: 'Remove "skip" from this page',
    });
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

/** The first page id of the form q<n> that no page uses. */
function freeId(pages: PageAt[]): string {
  const used = new Set(pages.map((p) => p.id));
  let n = pages.length + 1;
  while (used.has(`q${n}`)) n++;
  return `q${n}`;
}

/** One finding per page whose id an earlier page already has (the copied page, usually). */
function duplicateIdFindings(pages: PageAt[]): Finding[] {
  const first = new Map<string, PageAt>();
  const findings: Finding[] = [];
  for (const page of pages) {
    const earlier = first.get(page.id);
    if (!earlier) {
      first.set(page.id, page);
      continue;
    }
    const names = new Set(earlier.fields.map(({ field }) => field.name));
    const shared = page.fields.map(({ field }) => field.name).filter((name) => names.has(name));
    findings.push({
      pointer: `${page.pointer}/id`,
      message: `Page id "${page.id}" is already used by page ${earlier.index + 1} of the list`,
      hint:
        `Give this page an id no other page has, such as "${freeId(pages)}"` +
        (shared.length
          ? `, and its questions their own answer names (${listOf(shared)} are on both pages)`
          : ''),
    });
  }
  return findings;
}

/** Flow findings for a survey whose pages have passed the schema. */
export function flowFindings(pages: PageAt[], shared: SharedBlocks): Finding[] {
  const findings = duplicateIdFindings(pages);
  const { edges, allKnown } = edgesOf(pages, findings);
  // With two pages of one id every link to it is ambiguous, so what follows (reachability,
  // loops, the submit page, what a rule may read) would only be noise: that one error first.
  if (findings.length) return findings;
  const byPage = new Map<string, Edge[]>();
  for (const edge of edges) byPage.set(edge.from.id, [...(byPage.get(edge.from.id) ?? []), edge]);

  const { reached, order, loops } = walk(pages[0]!.id, byPage);
  // With a target that does not exist, what is reachable is unclear: that is reported first.
  // A page whose questions are all retired is kept for its address and answers, off the route.
  const retired = (page: PageAt) =>
    page.page.fields.length > 0 && page.page.fields.every((field) => field.retired);
  for (const page of pages)
    if (allKnown && !reached.has(page.id) && !retired(page))
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
  if (loops.length === 0) {
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
