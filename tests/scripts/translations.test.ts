import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  exportRows,
  importRows,
  main,
  parseCsv,
  readRows,
  toCsv,
  type Row,
} from '../../scripts/translations';
import { englishHash, readReviewed, staleWelshProblems } from '../../engine/check/stale';
import { definitionsDir } from '../../engine/check/folders';

// The fixture surveys (tests/fixtures/surveys): this project's SURVEY_DEFINITIONS.
const FIXTURES = definitionsDir();

let dir = '';
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'survey-translations-')), 'definitions');
  cpSync(FIXTURES, dir, { recursive: true });
  rmSync(join(dir, 'translations'), { recursive: true, force: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const KEY = 'pay-later.json#/pages/q2/fields/howGetLink/label';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and reads them back', () => {
    const rows: Row[] = [
      {
        key: 'a.json#/x',
        status: 'new',
        english: 'Plain',
        welsh: 'Plaen',
        reviewed: '',
        english_hash: 'abc',
      },
      {
        key: 'a.json#/y',
        status: 'stale',
        reviewed: 'yes',
        english: 'Yes, "quoted"\r\nsecond line',
        welsh: 'Ie, "dyfynnwyd"\nail linell',
        english_hash: 'def',
      },
    ];
    const csv = toCsv(rows);
    expect(csv).toContain('"Yes, ""quoted""\r\nsecond line"');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(readRows(csv)).toEqual(rows);
    expect(parseCsv('a,b\nc,"d\ne"')).toEqual([
      ['a', 'b'],
      ['c', 'd\ne'],
    ]);
  });
});

describe('the commands', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('count strings in words: "1 string", "2 strings" (issue 33)', () => {
    const csv = join(dir, '..', 'review.csv');
    vi.stubEnv('SURVEY_DEFINITIONS', dir);
    /** The command called as `npm run translations:…` calls it; what it printed, line by line. */
    const run = (...args: string[]) => {
      let printed = '';
      const line = (text: string) => (printed += `${text}\n`);
      expect(main(args, { log: line, error: line })).toBe(0);
      return printed;
    };
    expect(run('export', csv)).toMatch(/^Wrote \d+ strings to /);
    const rows = readRows(readFileSync(csv, 'utf8'));
    writeFileSync(
      csv,
      toCsv(rows.map((r) => (r.key === KEY ? { ...r, welsh: 'Sut cawsoch chi’r ddolen?' } : r))),
    );
    expect(run('import', csv)).toBe(
      `Welsh updated in 1 string; 1 string recorded as reviewed in ${join(dir, 'translations', 'reviewed.json')}.\n`,
    );
  });
});

describe('translation round trip', () => {
  it('exports every bilingual string with a hash of its English', () => {
    const rows = exportRows(dir);
    const row = rows.find((r) => r.key === KEY)!;
    expect(row.english).toBe('How did you get the link to pay for the check?');
    expect(row.english_hash).toBe(englishHash(row.english));
    expect(row.english_hash).toMatch(/^[0-9a-f]{12}$/);
    expect(rows.some((r) => r.key.startsWith('shared/shared.json#/scales/satisfaction'))).toBe(
      true,
    );
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('writes edited Welsh back, changing nothing else in the file, and records the review', () => {
    const file = join(dir, 'pay-later.json');
    const before = readFileSync(file, 'utf8');
    const rows = readRows(toCsv(exportRows(dir)));
    const edited = rows.map((r) =>
      r.key === KEY ? { ...r, welsh: 'Sut y cawsoch chi\'r ddolen, "dolen dalu"?' } : r,
    );

    const result = importRows(readRows(toCsv(edited)), dir);

    // Only the row the translator changed is recorded as reviewed, not all of them.
    expect(result).toEqual({ updated: 1, reviewed: 1, rejected: [] });
    expect(Object.keys(readReviewed(dir))).toEqual([KEY]);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(
      before.replace(
        `"Sut cawsoch chi'r ddolen i dalu am y gwiriad?"`,
        JSON.stringify('Sut y cawsoch chi\'r ddolen, "dolen dalu"?'),
      ),
    );
    expect(JSON.parse(after).pages[1].fields[0].label.cy).toBe(
      'Sut y cawsoch chi\'r ddolen, "dolen dalu"?',
    );
    expect(readFileSync(join(dir, 'basic.json'), 'utf8')).toBe(
      readFileSync(join(FIXTURES, 'basic.json'), 'utf8'),
    );
    expect(readReviewed(dir)[KEY]).toBe(
      englishHash('How did you get the link to pay for the check?'),
    );
  });

  it('refuses Welsh reviewed against English that has since changed, and empty Welsh', () => {
    const rows = exportRows(dir);
    const stale = rows.find((r) => r.key === KEY)!;
    const empty = rows.find((r) => r.key !== KEY)!;
    const result = importRows(
      [
        { ...stale, english_hash: '000000000000', welsh: 'Newydd' },
        { ...empty, welsh: ' ' },
      ],
      dir,
    );
    expect(result.updated).toBe(0);
    expect(result.rejected.map((r) => r.key)).toEqual([KEY, empty.key]);
    expect(readFileSync(join(dir, 'pay-later.json'), 'utf8')).toBe(
      readFileSync(join(FIXTURES, 'pay-later.json'), 'utf8'),
    );
    expect(importRows([{ ...stale, key: 'nope.json#/x' }], dir).rejected).toHaveLength(1);
  });
});

describe('stale Welsh', () => {
  it('warns only about reviewed strings whose English changed after the review', () => {
    expect(staleWelshProblems(dir)).toEqual([]); // nothing reviewed yet
    importRows(
      exportRows(dir).map((r) => ({ ...r, reviewed: 'yes' })),
      dir,
    );
    expect(staleWelshProblems(dir)).toEqual([]);

    const file = join(dir, 'pay-later.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'How did you get the link to pay for the check?',
        'How did you receive the payment link?',
      ),
    );

    const problems = staleWelshProblems(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file,
      pointer: '/pages/1/fields/0/label/en',
      severity: 'warning',
    });
    expect(problems[0]!.message).toContain('How did you receive the payment link?');
    expect(problems[0]!.line).toBe(
      readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('How did you receive')) + 1,
    );

    // Reviewing the Welsh again against the new English clears the warning.
    importRows(
      exportRows(dir)
        .filter((r) => r.key === KEY)
        .map((r) => ({ ...r, reviewed: 'y' })),
      dir,
    );
    expect(staleWelshProblems(dir)).toEqual([]);
  });
});

describe('stable keys (issue 27 item 5)', () => {
  const reorder = (file: string, change: (def: { pages: unknown[] }) => void) => {
    const path = join(dir, file);
    const def = JSON.parse(readFileSync(path, 'utf8')) as { pages: unknown[] };
    change(def);
    writeFileSync(path, JSON.stringify(def, null, 2) + '\n');
  };

  it('imports every row of an export after the pages are reordered', () => {
    const rows = readRows(toCsv(exportRows(dir)));
    // The translator works on the export while an editor moves basic's q4 before q3.
    reorder('basic.json', (def) => def.pages.splice(2, 0, def.pages.splice(3, 1)[0]));
    const edited = rows.map((r) => ({ ...r, welsh: `${r.welsh} (adolygwyd)` }));
    const result = importRows(edited, dir);
    expect(result.rejected).toEqual([]);
    expect(result.updated).toBe(rows.length);
    const after = new Map(exportRows(dir).map((r) => [r.key, r.welsh]));
    for (const row of edited) expect(after.get(row.key), row.key).toBe(row.welsh);
  });

  it('raises no stale warning on other strings when an option is removed', () => {
    importRows(
      exportRows(dir).map((r) => ({ ...r, reviewed: 'x' })),
      dir,
    );
    reorder('basic.json', (def) => {
      const q1 = def.pages[0] as { fields: { options: { value: string }[] }[] };
      q1.fields[0]!.options = q1.fields[0]!.options.filter((o) => o.value !== 'Job');
    });
    expect(staleWelshProblems(dir)).toEqual([]);
  });

  it('marks new, stale and reviewed strings and exports only the pending ones on request', () => {
    const all = exportRows(dir);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['new']));
    importRows(
      all.filter((r) => r.key.startsWith('basic.json#')).map((r) => ({ ...r, reviewed: 'yes' })),
      dir,
    );
    const file = join(dir, 'basic.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'Why did you apply for a basic DBS check?',
        'Why did you ask for a basic DBS check?',
      ),
    );
    const rows = exportRows(dir);
    const status = (key: string) => rows.find((r) => r.key === key)!.status;
    expect(status('basic.json#/pages/q1/fields/whyDidYouApply/label')).toBe('stale');
    expect(status('basic.json#/title')).toBe('reviewed');
    expect(status(KEY)).toBe('new');
    const pending = exportRows(dir, true);
    expect(pending.every((r) => r.status !== 'reviewed')).toBe(true);
    expect(pending.length).toBe(rows.filter((r) => r.status !== 'reviewed').length);
    expect(pending.map((r) => r.key)).toContain('basic.json#/pages/q1/fields/whyDidYouApply/label');
    expect(
      toCsv(pending)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe('key,status,english,welsh,reviewed,english_hash');
  });
});
