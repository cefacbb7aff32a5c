// Every user-visible string in the definitions is there in English and in real Welsh.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Field, SharedBlocks, SurveyDefinition } from '../../engine/types';
import { sameInBothLanguages } from '../../engine/check/content';
import { SHARED_FILE, definitionFiles, definitionTexts } from '../../engine/check/stale';
import { DEFINITIONS_DIR as DIR } from '../helpers/committed';
const texts = definitionTexts(DIR);

function read<T>(file: string): T {
  return JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as T;
}

function fieldsOf(fields: Field[]): Field[] {
  return fields.flatMap((field) => [field, ...fieldsOf(Object.values(field.reveal ?? {}).flat())]);
}

const surveys = definitionFiles(DIR)
  .filter((file) => file !== SHARED_FILE)
  .map((file) => ({ file, def: read<SurveyDefinition>(file) }));
const shared = read<SharedBlocks>(SHARED_FILE);
const allFields = [
  ...surveys.flatMap(({ file, def }) =>
    def.pages.flatMap((page) => fieldsOf(page.fields).map((field) => ({ file, field }))),
  ),
  ...Object.values(shared.pages).flatMap((page) =>
    fieldsOf(page.fields ?? []).map((field) => ({ file: SHARED_FILE, field })),
  ),
];

describe('definition content', () => {
  it('finds the surveys and the shared blocks', () => {
    expect(surveys.length).toBeGreaterThan(0);
    expect(texts.filter((t) => t.file === SHARED_FILE).length).toBeGreaterThan(20);
  });

  it('has English and Welsh, neither blank, for every string', () => {
    const blank = texts.filter((t) => t.en.trim() === '' || t.cy.trim() === '').map((t) => t.key);
    expect(blank).toEqual([]);
  });

  it('has Welsh that differs from the English, except numbers, addresses and names', () => {
    const untranslated = texts
      .filter((t) => t.en.trim() === t.cy.trim() && !sameInBothLanguages(t.en))
      .map((t) => `${t.key}: ${t.en}`);
    expect(untranslated).toEqual([]);
  });

  it('has no untranslated pieces of a standard English phrase in the Welsh', () => {
    const english = /\b(the|and|your|you|please|select|enter|continue|submit)\b/i;
    const leaks = texts
      .filter(
        (t) => !sameInBothLanguages(t.cy) && english.test(t.cy.replace(/https?:\/\/\S+/g, '')),
      )
      .map((t) => `${t.key}: ${t.cy}`);
    expect(leaks).toEqual([]);
  });

  // 'Enter' is 'Rhowch' before a noun, 'Dywedwch wrthym' before a question clause (issue 10).
  it("uses GOV.UK Welsh error patterns: 'Select' is 'Dewiswch', 'Enter' is 'Rhowch'", () => {
    const wrong = allFields
      .map(({ file, field }) => ({ file, name: field.name, text: field.errors?.required }))
      .filter(({ text }) => text !== undefined)
      .filter(
        ({ text }) =>
          (/^Select\b/.test(text!.en) && !/^Dewiswch\b/.test(text!.cy)) ||
          (/^Enter\b/.test(text!.en) && !/^(Rhowch|Dywedwch wrthym)\b/.test(text!.cy)),
      )
      .map(({ file, name, text }) => `${file} ${name}: ${text!.en} / ${text!.cy}`);
    expect(wrong).toEqual([]);
  });

  it('gives every yes/no question its own Welsh answer form, one that shared.json defines', () => {
    const yesNo = allFields.filter(({ field }) => field.scale === 'yes-no');
    expect(yesNo.length).toBeGreaterThan(0);
    const missing = yesNo
      .filter(
        ({ field }) => field.welshYesNo === undefined || !(field.welshYesNo in shared.welshYesNo),
      )
      .map(({ file, field }) => `${file} ${field.name}`);
    expect(missing).toEqual([]);
    for (const [form, { yes, no }] of Object.entries(shared.welshYesNo)) {
      expect(yes.trim(), form).not.toBe('');
      expect(no.trim(), form).not.toBe('');
    }
  });

  it("names DBS as 'Gwasanaeth Datgelu a Gwahardd' wherever the English spells out Disclosure and Barring Service", () => {
    const wrong = texts
      .filter(
        (t) =>
          t.en.includes('Disclosure and Barring Service') &&
          !t.cy.includes('Gwasanaeth Datgelu a Gwahardd'),
      )
      .map((t) => t.key);
    expect(wrong).toEqual([]);
  });
});
