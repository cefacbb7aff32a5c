import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  exportRows,
  importRows,
  parseCsv,
  readRows,
  toCsv,
  type Row,
} from '../../scripts/translations';
import { englishHash, readReviewed, staleWelshProblems } from '../../engine/check/stale';

let dir = '';
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'survey-translations-')), 'definitions');
  cpSync('definitions', dir, { recursive: true });
  rmSync(join(dir, 'translations'), { recursive: true, force: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const KEY = 'pay-later.json#/pages/1/fields/0/label';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and reads them back', () => {
    const rows: Row[] = [
      { key: 'a.json#/x', english: 'Plain', welsh: 'Plaen', english_hash: 'abc' },
      {
        key: 'a.json#/y',
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

    expect(result).toEqual({ updated: 1, reviewed: rows.length, rejected: [] });
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
      readFileSync('definitions/basic.json', 'utf8'),
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
      readFileSync('definitions/pay-later.json', 'utf8'),
    );
    expect(importRows([{ ...stale, key: 'nope.json#/x' }], dir).rejected).toHaveLength(1);
  });
});

describe('stale Welsh', () => {
  it('warns only about reviewed strings whose English changed after the review', () => {
    expect(staleWelshProblems(dir)).toEqual([]); // nothing reviewed yet
    importRows(exportRows(dir), dir);
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
      exportRows(dir).filter((r) => r.key === KEY),
      dir,
    );
    expect(staleWelshProblems(dir)).toEqual([]);
  });
});
