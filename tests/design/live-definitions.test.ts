// Behaviour tests cannot read the live definitions (issue 33 item 1): an editor's valid change to
// definitions/ can never turn one red, because none can take an expectation from it. Checked here
// from inside such a test: every way in is refused with the reason, while the fixture surveys,
// which the app, the server and the scripts read in these tests, are there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { definitionsDir } from '../../engine/check/folders';
import { loadSurveys } from '../../engine/check/load';

const REASON = /never the live definitions\/; tests over the live set go in tests\/definitions/;

describe('the live definitions are out of reach of behaviour tests', () => {
  it('refuses reading them through fs, whatever the path looks like', async () => {
    expect(() => readFileSync('definitions/basic.json', 'utf8')).toThrow(REASON);
    expect(() => readdirSync('definitions')).toThrow(REASON);
    expect(() => existsSync('./definitions/shared/shared.json')).toThrow(REASON);
    expect(() => readFileSync(`${process.cwd()}/tests/../definitions/basic.json`)).toThrow(REASON);
    await expect(readFile('definitions/basic.json')).rejects.toThrow(REASON);
  });

  it('refuses importing them as modules', async () => {
    await expect(import('../../definitions/basic.json')).rejects.toThrow(REASON);
  });

  it('gives every reader of the definitions the fixture surveys instead', () => {
    expect(definitionsDir()).toBe('tests/fixtures/surveys');
    expect(loadSurveys().problems).toEqual([]);
    expect(loadSurveys().surveys.size).toBe(
      readdirSync(definitionsDir()).filter((name) => name.endsWith('.json')).length,
    );
  });
});
