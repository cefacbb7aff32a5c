// Generates docs/surveys/<id>.md from the definitions: a Mermaid flow diagram of every route
// through the survey and a data dictionary of what is asked and sent.
//   npm run docs         write the files
//   npm run docs:check   exit 1, naming the files, when the docs on disk are out of date
//   --dir <folder> --out <folder>   another definitions folder and where its docs go
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FINISH,
  allFields,
  enumeratePaths,
  otherName,
  pageEdges,
  typeOf,
  type Edge,
} from '../engine';
import { definitionsDir, docsDir } from '../engine/check/folders';
import { loadSurveys } from '../engine/check/load';
import type {
  Field,
  Option,
  Page,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
  Rule,
  Text,
} from '../engine/types';

// ---------------------------------------------------------------- rules in words

function isObject(rule: unknown): rule is Record<string, unknown> {
  return rule !== null && typeof rule === 'object' && !Array.isArray(rule);
}

function operand(rule: unknown): string {
  if (isObject(rule) && 'var' in rule) {
    const name = Array.isArray(rule.var) ? rule.var[0] : rule.var;
    return String(name);
  }
  if (Array.isArray(rule)) return listOf(rule.map(operand));
  if (isObject(rule)) return `(${describeRule(rule as Rule)})`;
  return rule === null ? 'nothing' : String(rule);
}

function listOf(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

const COMPARISONS: Record<string, string> = {
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
};

/** A json-logic rule in plain words, e.g. `whichSector is Private or Public`. */
export function describeRule(rule: Rule): string {
  if (!isObject(rule)) return rule === true ? 'always' : rule === false ? 'never' : operand(rule);
  const [op, raw] = Object.entries(rule)[0] ?? ['', []];
  const args = Array.isArray(raw) ? raw : [raw];
  const part = (arg: unknown) =>
    isObject(arg) && ('and' in arg || 'or' in arg)
      ? `(${describeRule(arg as Rule)})`
      : describeRule(arg as Rule);
  if (op === 'var') return `${operand(rule)} is answered`;
  if (op in COMPARISONS) return `${operand(args[0])} ${COMPARISONS[op]} ${operand(args[1])}`;
  if (op === 'in' && Array.isArray(args[1])) return `${operand(args[0])} is ${operand(args[1])}`;
  if (op === 'in') return `${operand(args[1])} includes ${operand(args[0])}`;
  if (op === 'and' || op === 'or') return args.map(part).join(` ${op} `);
  if (op === '!') return `not ${part(args[0])}`;
  if (op === '!!')
    return isObject(args[0]) && 'var' in args[0]
      ? `${operand(args[0])} is answered`
      : part(args[0]);
  return JSON.stringify(rule);
}

/** A branch's conditions in words, e.g. `whichSector is Private and otherwise`. */
function conditionsText(when: Edge['when']): string {
  return when.map((w) => (w === 'otherwise' ? 'otherwise' : describeRule(w))).join(' and ');
}

/** Where Continue can go from a page (read from the flow graph), each with its condition in words. */
export function branchesOf(pages: readonly Page[], page: Page): { target: string; when: string }[] {
  return pageEdges(pages, page)
    .edges.filter((edge) => edge.kind === 'next')
    .map((edge) => ({ target: edge.to, when: conditionsText(edge.when) }));
}

// ---------------------------------------------------------------- flow diagram

function mermaidText(text: string, max = 80): string {
  const short = text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  return `"${short.replaceAll('"', '#quot;').replaceAll('<', '#lt;').replaceAll('>', '#gt;')}"`;
}

function pageTitle(page: ResolvedPage): string {
  return (page.heading ?? page.fields[0]?.label)?.en ?? page.id;
}

export function flowDiagram(s: ResolvedSurvey): string {
  const lines = ['flowchart TD'];
  const single = s.layout === 'single';
  if (!single)
    lines.push(`  start([${mermaidText(`Start page: ${s.start?.heading.en ?? s.title.en}`)}])`);
  for (const page of s.pages) {
    const sends = page.submit ? ' (sends the answers)' : '';
    lines.push(`  ${page.id}[${mermaidText(`${page.id}: ${pageTitle(page)}${sends}`, 90)}]`);
  }
  lines.push(`  finish([${mermaidText(`Finish: ${s.finish.panelTitle.en}`)}])`);
  if (!single && s.pages[0]) lines.push(`  start --> ${s.pages[0].id}`);
  for (const page of s.pages) {
    for (const edge of pageEdges(s.pages, page).edges) {
      const from = `  ${page.id}`;
      if (edge.kind === 'skip') lines.push(`${from} -. skip .-> ${edge.to}`);
      else if (edge.kind === 'guard')
        lines.push(
          `${from} -.->|${mermaidText(`guard: shown only when ${describeRule(page.guard!.when)}, otherwise sent to ${edge.to}`)}| ${edge.to}`,
        );
      else if (edge.when.length === 0) lines.push(`${from} --> ${edge.to}`);
      else lines.push(`${from} -->|${mermaidText(conditionsText(edge.when))}| ${edge.to}`);
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- data dictionary

interface FieldPlace {
  page: string;
  /** The option that must be chosen for this field to show, in words. */
  shownWhen?: string;
}

/** Where each field sits: its page, and for revealed and Other fields the choice that shows it. */
function fieldPlaces(s: ResolvedSurvey): Map<string, FieldPlace> {
  const places = new Map<string, FieldPlace>();
  const visit = (fields: Field[], page: string, revealedWhen?: string) => {
    for (const field of fields) {
      const own = field.showWhen === undefined ? undefined : describeRule(field.showWhen);
      const shownWhen = [revealedWhen, own].filter(Boolean).join(' and ') || undefined;
      if (!places.has(field.name)) places.set(field.name, { page, shownWhen });
      for (const option of (field as ResolvedField).options ?? []) {
        const when = [shownWhen, `${field.name} = ${option.value}`].filter(Boolean).join(' and ');
        visit(field.reveal?.[option.value] ?? [], page, when);
        if (option.other && !places.has(otherName(field.name)))
          places.set(otherName(field.name), { page, shownWhen: when });
      }
    }
  };
  for (const page of s.pages) visit(page.fields, page.id);
  return places;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code; a double-backtick span when the text itself holds a backtick. */
function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** What the field takes, in its type's words from the phrases for options and for typed text. */
function allowedValues(field: ResolvedField): string {
  const options = (field.options ?? [])
    .map((o: Option) => {
      const when = o.retired
        ? ' (retired: no longer offered, kept for earlier answers)'
        : o.showWhen === undefined
          ? ''
          : ` (offered when ${describeRule(o.showWhen)})`;
      return `${code(o.value)} ${o.label.en}${when}`;
    })
    .join('<br>');
  const length =
    field.minLength !== undefined || field.maxLength !== undefined
      ? `${field.minLength ?? 0} to ${field.maxLength ?? 'any number of'} characters`
      : 'any length';
  const typed = `${length}; kept characters: ${code(field.allow ?? '')}`;
  return typeOf(field).docs.takes(field, { options, typed });
}

function requiredText(field: ResolvedField, place: FieldPlace): string {
  const shown = place.shownWhen ? ` (when shown)` : '';
  if (field.required) return `yes${shown}`;
  if (field.requiredWhen !== undefined) return `when ${describeRule(field.requiredWhen)}`;
  return 'no';
}

function sentText(
  field: ResolvedField,
  parent: ResolvedField | undefined,
  place: FieldPlace,
  onEveryPath: boolean,
): string {
  const notes: string[] = [];
  if (field.otherOf && parent) {
    const mode = parent.send?.other ?? 'separate';
    if (mode === 'replace')
      return `not sent on its own: its text is sent as ${code(parent.name)} instead of the Other value`;
    if (mode === 'append')
      return `not sent on its own: sent in ${code(parent.name)} as 'Other label, text'`;
  }
  notes.push(typeOf(field).docs.sent(field, code));
  const other = field.options?.find((o) => o.other);
  if (other) {
    const mode = field.send?.other ?? 'separate';
    notes.push(
      mode === 'replace'
        ? `for ${code(other.value)} the typed text is sent instead`
        : mode === 'append'
          ? `for ${code(other.value)} sent as '${other.label.en}, typed text'`
          : `for ${code(other.value)} the typed text is sent as ${code(otherName(field.name))}`,
    );
  }
  if (place.shownWhen) notes.push(`only when ${place.shownWhen}`);
  if (!onEveryPath) notes.push(`only when ${place.page} is on the respondent's path`);
  notes.push('left out when blank');
  return notes.join('; ');
}

function typeText(field: ResolvedField): string {
  return field.scale ? `${field.type} (${field.scale} scale)` : field.type;
}

export function dataDictionary(s: ResolvedSurvey, paths: string[][]): string {
  const places = fieldPlaces(s);
  const fields = allFields(s);
  const byName = new Map(fields.map((field) => [field.name, field]));
  const header = [
    '| Field | Page | Question (English) | Question (Welsh) | Type | Allowed values | Required | How it is sent |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const rows = fields.map((field) => {
    const place = places.get(field.name) ?? { page: '?' };
    const onEveryPath = paths.every((path) => path.includes(place.page));
    const parent = field.otherOf ? byName.get(field.otherOf) : undefined;
    const label: Text = field.otherOf
      ? { en: `${field.label.en} (Other text)`, cy: `${field.label.cy} (testun Arall)` }
      : field.label;
    return `| ${[
      code(field.name),
      place.page,
      label.en,
      label.cy,
      typeText(field),
      allowedValues(field),
      requiredText(field, place),
      sentText(field, parent, place, onEveryPath),
    ]
      .map(cell)
      .join(' | ')} |`;
  });
  const serviceName = `| ${code('serviceName')} | all | - | - | fixed | ${code(s.serviceName)} | always | always sent, names the survey |`;
  return [...header, ...rows, serviceName].join('\n');
}

// ---------------------------------------------------------------- the page

function pagesTable(s: ResolvedSurvey): string {
  const rows = s.pages.map((page) => {
    const next = branchesOf(s.pages, page)
      .map(({ target, when }) =>
        when === 'otherwise' ? `${target} otherwise` : when ? `${target} when ${when}` : target,
      )
      .join('; ');
    const guard = page.guard
      ? `only when ${describeRule(page.guard.when)}, otherwise ${page.guard.otherwise}`
      : '';
    const fields = page.fields.map((field) => code(field.name)).join(', ');
    return `| ${[
      page.id,
      pageTitle(page),
      fields,
      next,
      page.skip ?? '',
      guard,
      page.submit ? 'yes' : '',
    ]
      .map(cell)
      .join(' | ')} |`;
  });
  return [
    '| Page | Heading | Fields | Continue goes to | Skip link to | Guard | Sends the answers |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The markdown document for one survey. Pure and deterministic. */
export function surveyDoc(s: ResolvedSurvey, sourceFile = `definitions/${s.id}.json`): string {
  const paths = enumeratePaths(s).map((path) => path.pages);
  const address = s.layout === 'single' ? `/en/${s.id} (one page)` : `/en/${s.id}`;
  return [
    `# ${s.title.en}`,
    '',
    `<!-- Generated by npm run docs from ${sourceFile}. Do not edit: change the definition and run npm run docs. -->`,
    '',
    `Welsh title: ${s.title.cy}`,
    '',
    `- Survey id: ${code(s.id)}, at ${address} and /cy/${s.id}`,
    `- Sent as serviceName: ${code(s.serviceName)}`,
    `- Stated duration: about ${s.duration} minutes; theme: ${s.theme}; 'Question x of y' caption: ${s.progress ? 'shown' : 'not shown'}; language toggle: ${s.languageToggle === false ? 'hidden' : 'shown'}`,
    `- Footer links: ${s.footer.map((link) => link.text.en).join(', ')}`,
    '',
    '## Flow',
    '',
    'Solid arrows are where Continue goes; dotted arrows are skip links and guards (a page opened out of turn sends the respondent back).',
    '',
    '```mermaid',
    flowDiagram(s),
    '```',
    '',
    `## Paths (${paths.length})`,
    '',
    ...paths.map(
      (path, i) =>
        `${i + 1}. ${[...(s.layout === 'single' ? [] : ['start']), ...path, FINISH].join(' → ')}`,
    ),
    '',
    '## Pages',
    '',
    pagesTable(s),
    '',
    '## Data dictionary',
    '',
    "Every answer the survey can send. Free text is tidied before sending; a field is sent only if it is showing on the respondent's path and not blank.",
    '',
    dataDictionary(s, paths),
    '',
  ].join('\n');
}

/** Every survey's doc, keyed by the path it belongs at. */
export function generateDocs(dir = definitionsDir(), outDir = docsDir()): Map<string, string> {
  const { surveys, problems } = loadSurveys(dir);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `Fix the definitions first (npm run validate):\n${errors.map((p) => `${p.file}${p.pointer}: ${p.message}`).join('\n')}`,
    );
  }
  const ids = [...surveys.keys()].sort();
  return new Map(
    ids.map((id) => [
      join(outDir, `${id}.md`),
      // Named by its folder only, so a copy checked elsewhere writes the same doc.
      surveyDoc(surveys.get(id)!, `${basename(resolve(dir))}/${id}.json`),
    ]),
  );
}

/** The generated files that differ from (or are missing on) disk. */
export function staleDocs(docs: Map<string, string>): string[] {
  return [...docs]
    .filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text)
    .map(([path]) => path);
}

/** The value after a flag, or the default when the flag is not given. */
function option(args: string[], flag: string, fallback: string): string {
  const at = args.indexOf(flag);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
}

function main(args: string[]): number {
  const outDir = option(args, '--out', docsDir());
  const docs = generateDocs(option(args, '--dir', definitionsDir()), outDir);
  if (args.includes('--check')) {
    const stale = staleDocs(docs);
    if (stale.length === 0) return 0;
    console.error(`Out of date (run npm run docs): ${stale.join(', ')}`);
    return 1;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [path, text] of docs) writeFileSync(path, text);
  console.log(`Wrote ${docs.size} files in ${outDir}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
