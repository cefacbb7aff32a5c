// The surveys and interface strings as the journeys expect them, read straight from the
// definitions and the i18n resources. Files are read with fs: Playwright's loader cannot
// import JSON modules, and this keeps the engine's checker (ajv) out of the test workers.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveSurvey } from '../../../engine';
import type {
  Lang,
  Message,
  ResolvedSurvey,
  SharedBlocks,
  SurveyDefinition,
} from '../../../engine';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// definitions/, or the folder SURVEY_DEFINITIONS names (engine/check/folders.ts): the server
// under test is built from the same one.
const DEFINITIONS = resolve(ROOT, process.env.SURVEY_DEFINITIONS || 'definitions');

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export const shared = readJson<SharedBlocks>(join(DEFINITIONS, 'shared', 'shared.json'));

/** Every survey in a definitions folder, resolved as the app resolves it. */
export function surveysIn(dir: string): ResolvedSurvey[] {
  const blocks = readJson<SharedBlocks>(join(dir, 'shared', 'shared.json'));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => resolveSurvey(readJson<SurveyDefinition>(join(dir, file)), blocks));
}

/** Every survey in definitions/ (a new one included, with no test edited). */
export const surveys: ResolvedSurvey[] = surveysIn(DEFINITIONS);

export const LANGS: Lang[] = ['en', 'cy'];

/** A multi-page survey whose first page has a choice that opens a details box. */
export const detailsOnFirstPage: ResolvedSurvey = surveys.find(
  (s) =>
    s.layout !== 'single' &&
    s.pages[0]!.fields.some((f) => f.options?.some((o) => o.other || f.reveal?.[o.value])),
)!;

type Resources = Record<string, unknown>;
const resources: Record<Lang, Resources> = {
  en: readJson<Resources>(join(ROOT, 'src', 'i18n', 'en.json')),
  cy: readJson<Resources>(join(ROOT, 'src', 'i18n', 'cy.json')),
};

/** An interface string with `{{name}}` parameters filled in; throws when the language lacks it. */
export function ui(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Resources | undefined)?.[part], resources[lang]);
  if (typeof found !== 'string' || found.trim() === '')
    throw new Error(`No ${lang} text for "${key}" in src/i18n/${lang}.json`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(params[name] ?? `{{${name}}}`),
  );
}

/** The words GOV.UK services use for these standard phrases; checked independently of the i18n files. */
export const STANDARD: Record<
  Lang,
  {
    startNow: string;
    continue: string;
    skip: string;
    problem: string;
    progress: (x: number, y: number) => string;
  }
> = {
  en: {
    startNow: 'Start now',
    continue: 'Continue',
    skip: 'Skip this question',
    problem: 'There is a problem',
    progress: (x, y) => `Question ${x} of ${y}`,
  },
  cy: {
    startNow: 'Dechrau nawr',
    continue: 'Parhau',
    skip: 'Hepgor y cwestiwn hwn',
    problem: 'Mae problem',
    progress: (x, y) => `Cwestiwn ${x} o ${y}`,
  },
};

/** The text a validation message should show in this language. */
export function messageText(message: Message, lang: Lang): string {
  if (message.text) return message.text[lang];
  return ui(lang, `errors.${message.key}`, message.params ?? {});
}

/** The app's address of a flow target ('start', 'finish', 'timeout' or a page id). */
export function pathOf(lang: Lang, survey: ResolvedSurvey, target = 'start'): string {
  const root = `/${lang}/${survey.id}`;
  if (
    target === 'start' ||
    (survey.layout === 'single' && target !== 'finish' && target !== 'timeout')
  )
    return root;
  return `${root}/${target}`;
}

/** A page kind a test needs: when no definition has one any more, the test fails rather than
 *  quietly skipping, so a definition change cannot remove coverage unnoticed. */
export function needed<T>(found: T | undefined, what: string): T {
  if (found === undefined) throw new Error(`No definition has ${what}: this test lost its subject`);
  return found;
}
