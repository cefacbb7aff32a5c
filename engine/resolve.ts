// Turns a definition plus the shared blocks into the self-contained form the engine works on.
import { typeOf } from './fields';
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

/** The shared blocks a definition's references point into (the field catalogue is for checks alone). */
export type ResolvingBlocks = Omit<SharedBlocks, 'fields'>;

function scaleOptions(field: Field, shared: ResolvingBlocks): Option[] {
  const scale = shared.scales[field.scale ?? ''];
  const options = structuredClone(scale?.options ?? []);
  const forms = scale?.welshAnswerForms;
  // Welsh has no single word for yes or no: the answer follows the question's verb.
  const welsh = forms && shared.welshYesNo[field.welshYesNo ?? forms.default];
  if (!forms || !welsh) return options;
  return options.map((option) => {
    if (option.value === forms.yes) return { ...option, label: { ...option.label, cy: welsh.yes } };
    if (option.value === forms.no) return { ...option, label: { ...option.label, cy: welsh.no } };
    return option;
  });
}

function resolveField(field: Field, shared: ResolvingBlocks): ResolvedField {
  const resolved: ResolvedField = structuredClone(field);
  if (field.options || field.scale) {
    resolved.options = field.options ? structuredClone(field.options) : scaleOptions(field, shared);
  }
  resolved.allow = shared.patterns[field.pattern ?? typeOf(field).defaultPattern];
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

function resolvePage(page: Page, shared: ResolvingBlocks): ResolvedPage {
  const merged = structuredClone(mergeTemplate(page, shared.pages));
  return { ...merged, fields: merged.fields.map((field) => resolveField(field, shared)) };
}

/** Expands scales into options, merges page templates, inlines the footer set and sets each field's `allow`. Pure. */
export function resolveSurvey(def: SurveyDefinition, shared: ResolvingBlocks): ResolvedSurvey {
  const footer = typeof def.footer === 'string' ? (shared.footers[def.footer] ?? []) : def.footer;
  return {
    ...structuredClone(def),
    footer: structuredClone(footer),
    pages: def.pages.map((page) => resolvePage(page, shared)),
  };
}
