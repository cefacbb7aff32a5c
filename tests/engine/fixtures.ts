// Shared test inputs for the engine tests: the fixture surveys (tests/fixtures/surveys, frozen
// copies: an editor changes definitions/, never these) and a small inline survey builder.
import basicJson from '../fixtures/surveys/basic.json';
import barringJson from '../fixtures/surveys/barring.json';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import { resolveSurvey } from '../../engine/resolve';
import type {
  Field,
  Page,
  ResolvedSurvey,
  SharedBlocks,
  SurveyDefinition,
} from '../../engine/types';

export const shared = sharedJson as unknown as SharedBlocks;
export const basicDef = basicJson as unknown as SurveyDefinition;
export const barringDef = barringJson as unknown as SurveyDefinition;
export const basic = (): ResolvedSurvey => resolveSurvey(basicDef, shared);
export const barring = (): ResolvedSurvey => resolveSurvey(barringDef, shared);

const text = (en: string) => ({ en, cy: `${en} (cy)` });

/** A minimal definition around the given pages. */
export function definition(pages: Page[], extra: Partial<SurveyDefinition> = {}): SurveyDefinition {
  return {
    id: 'inline',
    serviceName: 'inline-survey',
    title: text('Inline'),
    duration: 5,
    theme: 'default',
    pages,
    finish: { panelTitle: text('Done'), paragraphs: [] },
    footer: 'standard',
    ...extra,
  };
}

export function inline(pages: Page[], extra: Partial<SurveyDefinition> = {}): ResolvedSurvey {
  return resolveSurvey(definition(pages, extra), shared);
}

export function radios(name: string, values: string[], more: Partial<Field> = {}): Field {
  return {
    name,
    type: 'radios',
    label: text(name),
    options: values.map((value) => ({ value, label: text(value) })),
    ...more,
  };
}

export function checkboxes(name: string, values: string[], more: Partial<Field> = {}): Field {
  return { ...radios(name, values, more), type: 'checkboxes' };
}

export function textField(name: string, more: Partial<Field> = {}): Field {
  return { name, type: 'textarea', label: text(name), ...more };
}

export function page(id: string, fields: Field[], more: Partial<Page> = {}): Page {
  return { id, fields, ...more };
}

export { text };
