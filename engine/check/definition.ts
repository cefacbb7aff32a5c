// Checking one definition: the JSON Schema first, then what a schema cannot say: the page
// flow, answer names and references into the shared blocks.
import { comparedValueFindings, unguardedBranchFindings, untranslatedFindings } from './content';
import { surveyFieldFindings, sharedFindings } from './fields';
import { flowFindings } from './flow';
import { pagesOf } from './model';
import { schemaFindings } from './schema';
import { welshFindings } from './welsh';
import { parseSource, pointer, toProblems, type Finding, type SourceMap } from './source';
import { suggestion } from './words';
import type { DefinitionProblem, SharedBlocks, SurveyDefinition } from '../types';

export interface CheckContext {
  /** The file name reported with each problem. */
  file: string;
  /** The file's text, to give each problem a line and column. */
  source?: string;
  shared: SharedBlocks;
}

function mapOf(source: string | undefined, file: string): SourceMap | undefined {
  if (source === undefined) return undefined;
  const parsed = parseSource(source, file);
  return 'map' in parsed ? parsed.map : undefined;
}

/** References to shared blocks the page model relies on, and the layout rules. */
function structureFindings(def: SurveyDefinition, shared: SharedBlocks): Finding[] {
  const findings: Finding[] = [];
  def.pages.forEach((page, i) => {
    if (page.template !== undefined && !Object.hasOwn(shared.pages ?? {}, page.template))
      findings.push({
        pointer: pointer('pages', i, 'template'),
        message: `Unknown page template "${page.template}"`,
        hint: suggestion(
          page.template,
          Object.keys(shared.pages ?? {}),
          'Templates in shared.json',
        ),
      });
    else if (page.fields.length === 0 && !page.template)
      findings.push({
        pointer: pointer('pages', i, 'fields'),
        message: `Page ${page.id} has no fields`,
      });
  });
  if (typeof def.footer === 'string' && !Object.hasOwn(shared.footers ?? {}, def.footer))
    findings.push({
      pointer: '/footer',
      message: `Unknown footer set "${def.footer}"`,
      hint: suggestion(def.footer, Object.keys(shared.footers ?? {}), 'Footer sets in shared.json'),
    });
  if (def.layout === 'single') {
    if (def.pages.length !== 1)
      findings.push({
        pointer: '/pages',
        message: `A single-page survey has exactly one page, not ${def.pages.length}`,
        hint: 'Use "layout": "pages" for a survey with several pages',
      });
    if (def.start)
      findings.push({
        pointer: '/start',
        message: 'A single-page survey has no start page',
        hint: 'Remove "start"',
      });
  } else if (!def.start) {
    findings.push({
      pointer: '',
      message: '"start" is missing',
      hint: 'A survey with pages begins with a start page; use "layout": "single" for a one-page survey',
    });
  }
  return findings;
}

/** Checks a survey definition: its JSON Schema, then (when that passes) its flow, fields and shared references. */
export function checkDefinition(raw: unknown, ctx: CheckContext): DefinitionProblem[] {
  let findings = schemaFindings(raw, 'survey');
  if (findings.length === 0) {
    const def = raw as SurveyDefinition;
    const pages = pagesOf(def, ctx.shared);
    findings = [
      ...structureFindings(def, ctx.shared),
      ...flowFindings(pages, ctx.shared),
      ...surveyFieldFindings(def, pages, ctx.shared),
      ...comparedValueFindings(pages, ctx.shared),
      ...untranslatedFindings(def),
      ...welshFindings(def),
    ];
    // Which pages are branch-only is only clear once the flow has no errors.
    if (!findings.some((f) => (f.severity ?? 'error') === 'error'))
      findings.push(...unguardedBranchFindings(pages));
  }
  return toProblems(findings, ctx.file, mapOf(ctx.source, ctx.file));
}

/** Checks a survey definition against the JSON Schema only (when no usable shared blocks exist). */
export function checkDefinitionSchema(
  raw: unknown,
  ctx: Omit<CheckContext, 'shared'>,
): DefinitionProblem[] {
  return toProblems(schemaFindings(raw, 'survey'), ctx.file, mapOf(ctx.source, ctx.file));
}

/** Checks definitions/shared/shared.json: its JSON Schema, then scales, patterns and page templates. */
export function checkShared(raw: unknown, ctx: Omit<CheckContext, 'shared'>): DefinitionProblem[] {
  const schema = schemaFindings(raw, 'shared');
  const findings = schema.length
    ? schema
    : [...sharedFindings(raw as SharedBlocks), ...untranslatedFindings(raw), ...welshFindings(raw)];
  return toProblems(findings, ctx.file, mapOf(ctx.source, ctx.file));
}
