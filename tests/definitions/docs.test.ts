import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allFields } from '../../engine';
import { loadSurveys } from '../../engine/check/load';
import { branchesOf, describeRule, generateDocs, staleDocs, surveyDoc } from '../../scripts/docs';
import { DEFINITIONS_DIR, DOCS_DIR, pathsInDoc } from '../helpers/definitions';

const docs = generateDocs(DEFINITIONS_DIR, DOCS_DIR);
const surveyFiles = readdirSync(DEFINITIONS_DIR).filter((file) => file.endsWith('.json'));
// A fixture, not a live survey: an editor's new branch in basic must not break these drawings.
const mini = loadSurveys('tests/fixtures/valid').surveys.get('mini')!;
const temp = mkdtempSync(join(tmpdir(), 'survey-docs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('generated survey docs', () => {
  it('writes one doc per survey', () => {
    expect([...docs.keys()].sort()).toEqual(
      surveyFiles.map((file) => join(DOCS_DIR, file.replace(/\.json$/, '.md'))).sort(),
    );
  });

  it('regenerates byte-identical output', () => {
    const again = generateDocs(DEFINITIONS_DIR, DOCS_DIR);
    expect([...again.keys()]).toEqual([...docs.keys()]);
    for (const [path, text] of docs) expect(again.get(path), path).toBe(text);
  });

  it('matches the docs on disk (run npm run docs when this fails)', () => {
    expect(staleDocs(docs)).toEqual([]);
  });

  it('names the files that differ from disk', () => {
    const copies = generateDocs('tests/fixtures/valid', temp);
    mkdirSync(temp, { recursive: true });
    for (const [path, text] of copies) writeFileSync(path, text);
    expect(staleDocs(copies)).toEqual([]);
    const edited = join(temp, 'mini.md');
    writeFileSync(edited, readFileSync(edited, 'utf8') + 'hand edit\n');
    rmSync(join(temp, 'mini-single.md'));
    expect(staleDocs(copies).sort()).toEqual([join(temp, 'mini-single.md'), edited].sort());
  });

  it('draws every branch, skip link and guard (a fixture survey)', () => {
    const doc = surveyDoc(mini);
    expect(doc).toContain('```mermaid\nflowchart TD');
    expect(doc).toContain('q2 -->|"whichSector = Third sector"| q4');
    expect(doc).toContain('q2 -->|"otherwise"| q3');
    expect(doc).toContain('q3 -. skip .-> q4');
    expect(doc).toMatch(
      /q3 -\.->\|"guard: shown only when whichSector = Private, otherwise sent to q2"\| q2/,
    );
    expect(doc).toContain('q5 --> finish');
    expect(pathsInDoc(doc)).toEqual([
      ['q1', 'q2', 'q3', 'q4', 'q5'],
      ['q1', 'q2', 'q4', 'q5'],
    ]);
  });

  it('lists every field of every survey in its data dictionary, with both labels', () => {
    const { surveys } = loadSurveys(DEFINITIONS_DIR);
    const missing: string[] = [];
    for (const survey of surveys.values()) {
      const doc = docs.get(join(DOCS_DIR, `${survey.id}.md`))!;
      for (const field of allFields(survey)) {
        const row = doc.split('\n').find((line) => line.startsWith(`| \`${field.name}\` |`));
        if (!row || !row.includes(field.label.en) || !row.includes(field.label.cy))
          missing.push(`${survey.id} ${field.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says when a revealed field is asked', () => {
    const { surveys } = loadSurveys(DEFINITIONS_DIR);
    const missing: string[] = [];
    for (const survey of surveys.values()) {
      const doc = docs.get(join(DOCS_DIR, `${survey.id}.md`))!;
      for (const parent of allFields(survey))
        for (const [value, revealed] of Object.entries(parent.reveal ?? {}))
          for (const field of revealed) {
            const row = doc.split('\n').find((line) => line.startsWith(`| \`${field.name}\` |`));
            if (!row?.includes(`only when ${parent.name} = ${value}`))
              missing.push(`${survey.id} ${field.name}`);
          }
    }
    expect(missing).toEqual([]);
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
