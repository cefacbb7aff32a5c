// A static view of a definition for the semantic checks: pages with their template merged,
// every field (revealed ones included) and where each piece sits in the file.
import { otherName } from '../graph';
import { mergeTemplate } from '../resolve';
import { pointer } from './source';
import type { Field, Page, SharedBlocks, SurveyDefinition } from '../types';

export interface FieldAt {
  field: Field;
  /** Where the field is written: in the survey, or the page's `template` property for template fields. */
  pointer: string;
  fromTemplate: boolean;
}

export interface PageAt {
  id: string;
  index: number;
  pointer: string;
  /** The page with its template merged (the page's own properties win, as in resolveSurvey). */
  page: Page;
  /** Every field on the page, revealed fields included. */
  fields: FieldAt[];
  /** Where a merged property (or a part of it) is written: in the page, or in its `template`. */
  pointerOf(property: keyof Page, ...inner: (string | number)[]): string;
}

/** A field and every field it reveals, depth first, with their pointers. */
export function flattenFields(fields: Field[], base: string, fromTemplate = false): FieldAt[] {
  return fields.flatMap((field, i) => {
    const at = fromTemplate ? base : `${base}/${i}`;
    const revealed = Object.entries(field.reveal ?? {}).flatMap(([value, inner]) =>
      flattenFields(inner, fromTemplate ? base : `${at}${pointer('reveal', value)}`, fromTemplate),
    );
    return [{ field, pointer: at, fromTemplate }, ...revealed];
  });
}

export function pagesOf(def: SurveyDefinition, shared: SharedBlocks): PageAt[] {
  return def.pages.map((own, index) => {
    const at = pointer('pages', index);
    const template = own.template ? shared.pages?.[own.template] : undefined;
    const useTemplateFields = !own.fields?.length && Boolean(template?.fields?.length);
    const page = mergeTemplate(own, shared.pages);
    return {
      id: own.id,
      index,
      pointer: at,
      page,
      fields: useTemplateFields
        ? flattenFields(page.fields, `${at}/template`, true)
        : flattenFields(page.fields, `${at}/fields`),
      pointerOf: (property, ...inner) =>
        property in own || !template ? `${at}${pointer(property, ...inner)}` : `${at}/template`,
    };
  });
}

/** The option values a field offers (its own options, or its scale's). */
export function optionValues(field: Field, shared: SharedBlocks): string[] {
  const options =
    field.options ?? (field.scale ? shared.scales?.[field.scale]?.options : undefined) ?? [];
  return options.map((option) => option.value);
}

/** The answer names a field collects: its own, plus `<name>Other` when an option asks for other text. */
export function answerNames(field: Field, shared: SharedBlocks): string[] {
  const options =
    field.options ?? (field.scale ? shared.scales?.[field.scale]?.options : undefined) ?? [];
  return options.some((option) => option.other)
    ? [field.name, otherName(field.name)]
    : [field.name];
}
