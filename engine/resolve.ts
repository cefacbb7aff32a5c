// Turns a definition plus the shared blocks into the self-contained form the engine works on.
import { otherName } from './graph';
import type {
  Field,
  Option,
  Page,
  ResolvedField,
  ResolvedPage,
  ResolvedSurvey,
  SharedBlocks,
  SurveyDefinition,
} from './types';

const YES_NO_SCALE = 'yes-no';
const DEFAULT_WELSH_YES_NO = 'ie';

function scaleOptions(field: Field, shared: SharedBlocks): Option[] {
  const options = structuredClone(shared.scales[field.scale ?? '']?.options ?? []);
  if (field.scale !== YES_NO_SCALE && field.welshYesNo === undefined) return options;
  // Welsh has no single word for yes or no: the answer follows the question's verb (WELSH.md).
  const welsh = shared.welshYesNo[field.welshYesNo ?? DEFAULT_WELSH_YES_NO];
  if (!welsh) return options;
  return options.map((option) => {
    if (option.value === 'Yes') return { ...option, label: { ...option.label, cy: welsh.yes } };
    if (option.value === 'No') return { ...option, label: { ...option.label, cy: welsh.no } };
    return option;
  });
}

function defaultPattern(field: Field): string {
  return field.type === 'email' ? 'email' : 'text';
}

function resolveField(field: Field, shared: SharedBlocks): ResolvedField {
  const resolved: ResolvedField = structuredClone(field);
  if (field.type === 'radios' || field.type === 'checkboxes') {
    resolved.options = field.options ? structuredClone(field.options) : scaleOptions(field, shared);
  }
  resolved.allow = shared.patterns[field.pattern ?? defaultPattern(field)];
  if (field.reveal) {
    const otherValues = new Set(
      (resolved.options ?? []).filter((o) => o.other).map((o) => o.value),
    );
    resolved.reveal = Object.fromEntries(
      Object.entries(field.reveal).map(([value, fields]) => [
        value,
        fields.map((f) => {
          const child = resolveField(f, shared);
          // A definition may spell out the Other text field itself; it is still the Other field.
          if (otherValues.has(value) && f.name === otherName(field.name))
            child.otherOf = field.name;
          return child;
        }),
      ]),
    );
  }
  return resolved;
}

/** A page with its shared template merged: the page's own properties win, and a page without
 *  fields of its own takes the template's. The one place templates are merged (the checker uses it too). */
export function mergeTemplate(page: Page, templates: SharedBlocks['pages'] | undefined): Page {
  const template = page.template ? templates?.[page.template] : undefined;
  const merged = { ...template, ...page };
  const fields = page.fields?.length ? page.fields : (template?.fields ?? page.fields ?? []);
  return { ...merged, fields };
}

function resolvePage(page: Page, shared: SharedBlocks): ResolvedPage {
  const merged = structuredClone(mergeTemplate(page, shared.pages));
  return { ...merged, fields: merged.fields.map((field) => resolveField(field, shared)) };
}

/** Expands scales into options, merges page templates, inlines the footer set and sets each field's `allow`. Pure. */
export function resolveSurvey(def: SurveyDefinition, shared: SharedBlocks): ResolvedSurvey {
  const footer = typeof def.footer === 'string' ? (shared.footers[def.footer] ?? []) : def.footer;
  return {
    ...structuredClone(def),
    footer: structuredClone(footer),
    pages: def.pages.map((page) => resolvePage(page, shared)),
  };
}
