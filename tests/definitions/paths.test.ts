// Every route through every survey in the folder is the route its committed doc lists: the editor
// regenerates docs/surveys/<id>.md with `npm run docs` and a reviewer reads the paths in the diff,
// so a definition change that alters the routes shows there, and this test holds the engine to it.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enumeratePaths, nextPage } from '../../engine';
import { loadSurveys } from '../../engine/check/load';
import { DEFINITIONS_DIR, committedPaths } from '../helpers/definitions';

const { surveys, problems } = loadSurveys(DEFINITIONS_DIR);
const files = readdirSync(DEFINITIONS_DIR).filter((file) => file.endsWith('.json'));

describe('survey paths', () => {
  it('loads every survey in the folder without errors', () => {
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect([...surveys.keys()].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
  });

  for (const file of files) {
    const id = file.replace(/\.json$/, '');
    it(`${id} has exactly the paths its committed doc lists, each ending at finish`, () => {
      const survey = surveys.get(id)!;
      const paths = enumeratePaths(survey);
      const expected = committedPaths(id);
      expect(expected.length).toBeGreaterThan(0);
      expect(paths.map((p) => p.pages.join(' ')).sort()).toEqual(
        expected.map((p) => p.join(' ')).sort(),
      );
      for (const { pages, answers } of paths) {
        expect(nextPage(survey, pages.at(-1)!, answers)).toBe('finish');
        // The page that sends the answers is the last one on every path.
        expect(survey.pages.filter((p) => p.submit).map((p) => p.id)).toEqual([pages.at(-1)]);
      }
    });
  }
});
