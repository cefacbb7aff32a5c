// The one CSV export of feedback: the team area's download (/team/export.csv) and
// `npm run feedback:export` both write it. Rows are read a page at a time by keyset and the
// event loop is let go between pages, so a large export never holds up a respondent's page.
import { allFields, otherName, type ResolvedField, type ResolvedSurvey } from '../../engine';
import { csvLine } from '../csv';
import type { FeedbackFilter, Tag } from '../storage/team-types';
import type { FeedbackRecord } from '../storage/types';
import { readChoice } from './answers';
import { isContactField, maskPersonalData } from './privacy';
import { text, type UiLang } from './text';
import { surveyName } from './privacy';

const PAGE = 500;
/** Rows formatted in one turn of the event loop. */
const PART = 100;

/** A spreadsheet would run a cell starting with one of these as a formula: keep it text. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface ExportOptions {
  /** The surveys whose questions are columns, in page order. */
  surveys: ResolvedSurvey[];
  /** The language of the headers and labels. */
  lang: UiLang;
  /** Choice answers as their labels (default) or as the codes stored. */
  choices?: 'labels' | 'codes';
  /** Contact details are written only for a role that may see them (analyst, admin). */
  showContact: boolean;
}

interface Column {
  key: string;
  field: ResolvedField;
  header: string;
}

/** A field's column: its name, and its scale when it has one (one column per scale). */
const columnKey = (field: ResolvedField) => `${field.name}|${field.scale ?? ''}`;

/**
 * The answer columns: each field once per scale, so npsResult on 0 to 10 and on 1 to 5 are two
 * columns; a header names the scale's range when a name has more than one.
 */
export function exportColumns(surveys: ResolvedSurvey[], lang: UiLang): Column[] {
  const columns = new Map<string, Column>();
  for (const survey of surveys)
    for (const field of allFields(survey))
      if (!columns.has(columnKey(field)))
        columns.set(columnKey(field), { key: columnKey(field), field, header: field.label[lang] });
  const perName = new Map<string, number>();
  for (const c of columns.values()) perName.set(c.field.name, (perName.get(c.field.name) ?? 0) + 1);
  return [...columns.values()].map((c) => {
    const options = c.field.options ?? [];
    if ((perName.get(c.field.name) ?? 0) < 2 || options.length === 0) return c;
    return { ...c, header: `${c.header} (${options[0]!.value}–${options.at(-1)!.value})` };
  });
}

/** Where the export reads from: a member's reader (server/team/access), or the whole store for
 *  `npm run feedback:export`. */
export interface ExportSource {
  /** Oldest first, the `limit` after `after`. */
  after(
    filter: FeedbackFilter,
    after: { receivedAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<FeedbackRecord[]>;
  tagsOf(ids: string[]): Promise<Map<string, string[]>>;
  tags(): Promise<Tag[]>;
}

/** The export of the responses `filter` selects, oldest first, as CSV text in pieces. */
export async function* feedbackCsv(
  store: ExportSource,
  filter: FeedbackFilter,
  options: ExportOptions,
): AsyncGenerator<string> {
  const { lang } = options;
  const labels = options.choices !== 'codes';
  const columns = exportColumns(options.surveys, lang);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const surveys = new Map(options.surveys.map((s) => [s.id, s]));
  // Which column each survey's field is written in.
  const columnOf = new Map(
    options.surveys.map((s) => [s.id, new Map(allFields(s).map((f) => [f.name, columnKey(f)]))]),
  );
  const tagNames = new Map((await store.tags()).map((t) => [t.id, t.name]));
  const t = (key: Parameters<typeof text>[1]) => text(lang, key);
  yield (
    '\uFEFF' +
    csvLine([
      t('responseId'),
      t('received'),
      t('survey'),
      t('respondentLanguage'),
      t('tags'),
      ...columns.map((c) => c.header),
    ])
  );

  const row = (r: FeedbackRecord, tags: string[]) => {
    const survey = surveys.get(r.surveyId);
    const fields = columnOf.get(r.surveyId) ?? new Map<string, string>();
    const cells = new Map<string, string>();
    for (const [name, value] of Object.entries(r.answers)) {
      const key = fields.get(name);
      const column = key && byKey.get(key);
      if (!column) continue;
      const field = column.field;
      const read = labels && !isContactField(field) ? readChoice(field, value, lang) : undefined;
      if (isContactField(field)) cells.set(key, options.showContact ? value : '');
      else if (!read) cells.set(key, field.options?.length ? value : maskPersonalData(value));
      else {
        // The options as their labels in the export's language; an Other text sent inside the
        // answer goes in the Other field's own column ("Another reason"), or after its label.
        const otherKey = read.other !== undefined ? fields.get(otherName(name)) : undefined;
        const words = read.labels.join('; ');
        if (read.other === undefined) cells.set(key, words);
        else if (otherKey) {
          cells.set(key, words);
          cells.set(otherKey, maskPersonalData(read.other));
        } else cells.set(key, `${words}: ${maskPersonalData(read.other)}`);
      }
    }
    const language = r.lang ? (labels ? t(r.lang === 'cy' ? 'welsh' : 'english') : r.lang) : '';
    return csvLine(
      [
        r.id,
        r.receivedAt.toISOString(),
        labels && survey ? surveyName(survey, lang) : r.surveyId,
        language,
        tags.map((id) => tagNames.get(id) ?? '').join('; '),
        ...columns.map((c) => cells.get(c.key) ?? ''),
      ].map(spreadsheetSafe),
    );
  };

  let after: FeedbackRecord | undefined;
  for (;;) {
    const page = await store.after(filter, after, PAGE);
    const tagsOf = await store.tagsOf(page.map((r) => r.id));
    // Written a part at a time, other requests running between parts: formatting a whole page
    // at once held a respondent's page for tens of milliseconds on a busy machine.
    for (let i = 0; i < page.length; i += PART) {
      yield page
        .slice(i, i + PART)
        .map((r) => row(r, tagsOf.get(r.id) ?? []))
        .join('');
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (page.length < PAGE) return;
    after = page.at(-1);
  }
}
