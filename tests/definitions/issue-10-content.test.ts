// Content fixes from issue 10: third-party-result q2 is free text (item 3), and the Welsh
// review points (item 9) hold in every survey.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Field, SurveyDefinition } from '../../engine/types';
import { SHARED_FILE, definitionFiles, definitionTexts } from '../../engine/check/stale';
import cy from '../../src/i18n/cy.json';
import { i18n } from '../../src/i18n';
import '../../src/i18n/words';
import { DEFINITIONS_DIR as DIR } from '../helpers/committed';
const read = (file: string) =>
  JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as SurveyDefinition;
const surveys = definitionFiles(DIR)
  .filter((file) => file !== SHARED_FILE)
  .map((file) => ({ file, def: read(file) }));
const welsh = definitionTexts(DIR).map((t) => ({ key: t.key, cy: t.cy }));

function field(def: SurveyDefinition, page: string, name: string): Field | undefined {
  return def.pages.find((p) => p.id === page)?.fields.find((f) => f.name === name);
}

describe('third-party-result q2 howDetailsProvided (issue 10 item 3)', () => {
  const def = read('third-party-result.json');
  const q2 = def.pages.find((p) => p.id === 'q2');

  it('is free text with the standard limits and counter, as SPEC section 2 says', () => {
    const f = field(def, 'q2', 'howDetailsProvided');
    expect(f?.type).toBe('textarea');
    expect(f?.options).toBeUndefined();
    expect(f).toMatchObject({ minLength: 2, maxLength: 1000, characterCount: true });
  });

  it('is optional like the other free-text questions, with a skip link to q3', () => {
    expect(field(def, 'q2', 'howDetailsProvided')?.required).toBeFalsy();
    expect(q2?.skip).toBe('q3');
  });
});

describe('Welsh review fixes (issue 10 item 9)', () => {
  it('asks about the experience in every start-page heading', () => {
    const headings = surveys.filter(({ def }) => def.start).map(({ def }) => def.start!.heading.cy);
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) expect(heading).toMatch(/^Dywedwch wrthym am eich profiad o /);
  });

  it('says "yr holl adborth", never "pob adborth"', () => {
    expect(welsh.filter((t) => /pob adborth/.test(t.cy)).map((t) => t.key)).toEqual([]);
    expect(welsh.filter((t) => /yr holl adborth/.test(t.cy)).length).toBeGreaterThanOrEqual(8);
  });

  it('keeps "Rhowch" for nouns only: a question clause takes "Dywedwch wrthym"', () => {
    const clause = /^Rhowch (sut|gyda phwy|pam|beth|pa|pwy|ble|pryd)\b/;
    expect(welsh.filter((t) => clause.test(t.cy)).map((t) => `${t.key}: ${t.cy}`)).toEqual([]);
  });

  it('repeats the preposition and names what is shared with', () => {
    const barring = read('barring.json');
    expect(field(barring, 'q6', 'helpNeededBarring')?.hint?.cy).toContain(
      "gan linell gymorth DBS neu o'r canllawiau",
    );
    const payLater = JSON.stringify(read('pay-later.json'));
    expect(payLater).toContain('"Gan gydweithiwr neu gan fy sefydliad"');
    expect(field(read('e-result.json'), 'q1', 'howManyTimes')?.hint?.cy).toContain(
      'y byddwch yn rhannu eich canlyniad ag ef',
    );
  });

  it('says "1 funud" (munud is feminine)', () => {
    expect(cy.start.duration_one).toContain('{{count}} funud');
    expect(i18n.getFixedT('cy')('start.duration', { count: 1 })).toContain('tua 1 funud');
  });
});
