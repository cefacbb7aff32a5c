import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { branchesOf, describeRule, generateDocs, staleDocs } from '../../scripts/docs';

const docs = generateDocs();
const temp = mkdtempSync(join(tmpdir(), 'survey-docs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('generated survey docs', () => {
  it('writes one doc per survey', () => {
    expect([...docs.keys()]).toHaveLength(10);
    expect(docs.has(join('docs/surveys', 'seas-applicant.md'))).toBe(true);
  });

  it('regenerates byte-identical output', () => {
    const again = generateDocs();
    expect([...again.keys()]).toEqual([...docs.keys()]);
    for (const [path, text] of docs) expect(again.get(path), path).toBe(text);
  });

  it('matches the docs on disk (run npm run docs when this fails)', () => {
    expect(staleDocs(docs)).toEqual([]);
  });

  it('names the files that differ from disk', () => {
    const copies = generateDocs('definitions', temp);
    mkdirSync(temp, { recursive: true });
    for (const [path, text] of copies) writeFileSync(path, text);
    expect(staleDocs(copies)).toEqual([]);
    const edited = join(temp, 'basic.md');
    writeFileSync(edited, readFileSync(edited, 'utf8') + 'hand edit\n');
    rmSync(join(temp, 'barring.md'));
    expect(staleDocs(copies).sort()).toEqual([join(temp, 'barring.md'), edited].sort());
  });

  it('draws every branch, skip link and guard of basic', () => {
    const basic = docs.get(join('docs/surveys', 'basic.md'))!;
    expect(basic).toContain('```mermaid\nflowchart TD');
    expect(basic).toContain('q2 -->|"whichSector = Third"| q4');
    expect(basic).toContain('q2 -->|"otherwise"| q3');
    expect(basic).toContain('q5 -. skip .-> q8');
    expect(basic).toMatch(
      /q3 -\.->\|"guard: shown only when whichSector is Private or Public, otherwise sent to q2"\| q2/,
    );
    expect(basic).toContain('q9 --> finish');
    expect(basic).toContain('## Paths (2)');
  });

  it('lists every field in the data dictionary, revealed ones included', () => {
    const seas = docs.get(join('docs/surveys', 'seas-applicant.md'))!;
    for (const name of [
      'overallFeelOfService',
      'wasItClear',
      'wasItClearDetails',
      'completeServiceInOneGoDetails',
      'email',
      'serviceName',
    ]) {
      expect(seas).toContain(`| \`${name}\` |`);
    }
    expect(seas).toContain('only when wasItClear = No');
    expect(seas).toContain("Oedd hi'n glir pa wybodaeth roedd angen i chi ei rhoi?");
  });
});

describe('rules in words', () => {
  it('reads the rule shapes the definitions use', () => {
    expect(describeRule({ '==': [{ var: 'whichSector' }, 'Third'] })).toBe('whichSector = Third');
    expect(describeRule({ in: [{ var: 'whichSector' }, ['Private', 'Public']] })).toBe(
      'whichSector is Private or Public',
    );
    expect(describeRule({ or: [{ '!!': { var: 'a' } }, { '!=': [{ var: 'b' }, 'No'] }] })).toBe(
      'a is answered or b ≠ No',
    );
    expect(describeRule({ '!': { and: [{ var: 'a' }, { var: 'b' }] } })).toBe(
      'not (a is answered and b is answered)',
    );
  });

  it('turns a nested if into one branch per target', () => {
    const rule = {
      if: [
        { '==': [{ var: 'a' }, 'x'] },
        'q3',
        { '==': [{ var: 'a' }, 'y'] },
        { if: [{ var: 'b' }, 'q4', 'finish'] },
        'q5',
      ],
    };
    const pages = [
      { id: 'q1', fields: [], next: rule },
      { id: 'q2', fields: [] },
    ];
    expect(branchesOf(pages, pages[0]!)).toEqual([
      { target: 'q3', when: 'a = x' },
      { target: 'q4', when: 'a = y and b is answered' },
      { target: 'finish', when: 'a = y and otherwise' },
      { target: 'q5', when: 'otherwise' },
    ]);
  });
});
