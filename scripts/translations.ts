// Welsh review round trip.
//   npm run translations:export [file.csv] [--pending]   every { en, cy } string (or, with --pending,
//                                 only the new and stale ones), each with its status, for a translator
//   npm run translations:import file.csv     writes the reviewed Welsh back into the definitions
// Keys name pages, fields and options (engine/check/stale.ts), so a page moved between export and
// import keeps its rows. The status column says `new` (never reviewed), `stale` (the English changed
// after its review) or `reviewed`. The import records as reviewed only the rows whose Welsh the
// translator changed or whose `reviewed` column they filled in (yes, y or x); it touches only the
// Welsh string values, and records the English each was reviewed against, so that a later change
// to the English shows up as a stale-Welsh warning in npm run validate.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import jsonMap from 'json-source-map';
import {
  REVIEWED_FILE,
  definitionTexts,
  englishHash,
  readReviewed,
  type TextEntry,
} from '../engine/check/stale';
import { csvTable } from '../server/csv';
import { definitionsDir } from '../engine/check/folders';

export const COLUMNS = ['key', 'status', 'english', 'welsh', 'reviewed', 'english_hash'] as const;
/** The columns an import needs; `status` and `reviewed` may be absent (an older export). */
const REQUIRED = ['key', 'english', 'welsh', 'english_hash'] as const;
export type Row = Record<(typeof REQUIRED)[number], string> &
  Partial<Record<'status' | 'reviewed', string>>;
export type Status = 'new' | 'stale' | 'reviewed';

// ---------------------------------------------------------------- CSV (RFC 4180)

/** The rows as CSV in the export's column order. */
export function toCsv(rows: Row[]): string {
  return csvTable(
    COLUMNS,
    rows.map((row) => COLUMNS.map((column) => row[column] ?? '')),
  );
}

/** Parses RFC 4180 CSV (CRLF or LF line ends, quoted fields with doubled quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      records.push([...record, field]);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** The data rows of an exported (and edited) CSV, by column name, so column order does not matter. */
export function readRows(csv: string): Row[] {
  const [header, ...records] = parseCsv(csv);
  const missing = REQUIRED.filter((column) => !header?.includes(column));
  if (!header || missing.length > 0)
    throw new Error(
      `The CSV has no ${missing.join(', ')} column: export it again with npm run translations:export`,
    );
  return records
    .filter((record) => record.some((value) => value.trim() !== ''))
    .map(
      (record) =>
        Object.fromEntries(
          COLUMNS.filter((column) => header.includes(column)).map((column) => [
            column,
            record[header.indexOf(column)] ?? '',
          ]),
        ) as Row,
    );
}

// ---------------------------------------------------------------- export

/** Every string with its review status; with `pending`, only the new and stale ones. */
export function exportRows(dir = definitionsDir(), pending = false): Row[] {
  const reviewed = readReviewed(dir);
  const statusOf = (text: TextEntry): Status =>
    reviewed[text.key] === undefined
      ? 'new'
      : reviewed[text.key] === englishHash(text.en)
        ? 'reviewed'
        : 'stale';
  return definitionTexts(dir)
    .map((text) => ({
      key: text.key,
      status: statusOf(text),
      english: text.en,
      welsh: text.cy,
      reviewed: '',
      english_hash: englishHash(text.en),
    }))
    .filter((row) => !pending || row.status !== 'reviewed');
}

// ---------------------------------------------------------------- import

export interface ImportResult {
  /** Strings whose Welsh changed in the files. */
  updated: number;
  /** Strings recorded as reviewed: changed, or marked reviewed by the translator. */
  reviewed: number;
  /** Rows not imported, with the reason. */
  rejected: { key: string; reason: string }[];
}

/** Replaces JSON string values at the given pointers in the file's text, leaving every other byte as it was. */
function replaceStrings(source: string, replacements: Map<string, string>): string {
  const { pointers } = jsonMap.parse(source);
  return (
    [...replacements]
      .map(([at, value]) => ({
        start: pointers[at]!.value.pos,
        end: pointers[at]!.valueEnd.pos,
        value,
      }))
      // From the end, so earlier offsets stay valid.
      .sort((a, b) => b.start - a.start)
      .reduce(
        (text, span) =>
          text.slice(0, span.start) + JSON.stringify(span.value) + text.slice(span.end),
        source,
      )
  );
}

function rejection(row: Row, text: TextEntry | undefined): string | undefined {
  if (!text) return 'no such string in the definitions (was it removed or moved?)';
  if (row.english_hash !== englishHash(text.en))
    return 'the English changed after this file was exported: export again and review the new English';
  if (row.welsh.trim() === '') return 'the Welsh is empty';
  return undefined;
}

/** Writes the reviewed Welsh of these rows into the definition files and records what was reviewed. */
export function importRows(rows: Row[], dir = definitionsDir()): ImportResult {
  const texts = new Map(definitionTexts(dir).map((text) => [text.key, text]));
  const reviewed = readReviewed(dir);
  const result: ImportResult = { updated: 0, reviewed: 0, rejected: [] };
  const changesByFile = new Map<string, Map<string, string>>();

  for (const row of rows) {
    const text = texts.get(row.key);
    // A row the translator neither changed nor marked was not reviewed: leave it as it is.
    const marked = /^(y|yes|x|true)$/i.test(row.reviewed?.trim() ?? '');
    if (text && row.welsh === text.cy && !marked) continue;
    const reason = rejection(row, text);
    if (reason || !text) {
      result.rejected.push({ key: row.key, reason: reason ?? '' });
      continue;
    }
    reviewed[row.key] = row.english_hash;
    result.reviewed++;
    if (row.welsh === text.cy) continue;
    const changes = changesByFile.get(text.file) ?? new Map<string, string>();
    changes.set(`${text.pointer}/cy`, row.welsh);
    changesByFile.set(text.file, changes);
    result.updated++;
  }

  for (const [file, changes] of changesByFile) {
    const path = join(dir, file);
    writeFileSync(path, replaceStrings(readFileSync(path, 'utf8'), changes));
  }
  const reviewedPath = join(dir, REVIEWED_FILE);
  mkdirSync(dirname(reviewedPath), { recursive: true });
  const sorted = Object.fromEntries(
    Object.entries(reviewed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(reviewedPath, JSON.stringify(sorted, null, 2) + '\n');
  return result;
}

// ---------------------------------------------------------------- command line

/** "1 string", "2 strings". */
export const strings = (n: number) => `${n} string${n === 1 ? '' : 's'}`;

/** The command (`export [file] [--pending]` or `import file`) as a function: its exit code. */
export function main(
  args: string[],
  print: { log: (line: string) => void; error: (line: string) => void } = console,
): number {
  const [command, file] = args;
  if (command === 'export') {
    const out = file && file !== '--pending' ? file : 'translations.csv';
    const rows = exportRows(definitionsDir(), args.includes('--pending'));
    writeFileSync(out, toCsv(rows));
    print.log(
      `Wrote ${strings(rows.length)} to ${out}. Edit the welsh column (or put yes in reviewed to confirm it as it is), then run npm run translations:import ${out}`,
    );
    return 0;
  }
  if (command === 'import' && file) {
    const result = importRows(readRows(readFileSync(file, 'utf8')));
    print.log(
      `Welsh updated in ${strings(result.updated)}; ${strings(result.reviewed)} recorded as reviewed in ${join(definitionsDir(), REVIEWED_FILE)}.`,
    );
    for (const { key, reason } of result.rejected) print.error(`Not imported: ${key}: ${reason}`);
    return result.rejected.length > 0 ? 1 : 0;
  }
  print.error(
    'Usage: npm run translations:export [file.csv]  |  npm run translations:import file.csv',
  );
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
