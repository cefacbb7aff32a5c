// Every route through every survey, counted by hand from the definitions' branching.
import { describe, expect, it } from 'vitest';
import { enumeratePaths, nextPage } from '../../engine';
import { loadSurveys } from '../../engine/check/load';

const { surveys, problems } = loadSurveys('definitions');

/** Distinct page sequences from q1 to finish. Only `next` rules branch; skip links and guards do not add paths. */
const EXPECTED: Record<string, string[]> = {
  // q2 whichSector: Private or Public goes on to q3 (sub-sector); Third skips straight to q4.
  basic: ['q1 q2 q3 q4 q5 q6 q7 q8 q9', 'q1 q2 q4 q5 q6 q7 q8 q9'],
  // q9 didYouUsePreReferralCheck: Yes goes through q10-q12; No goes straight to q13.
  barring: ['q1 q2 q3 q4 q5 q6 q7 q8 q9 q10 q11 q12 q13', 'q1 q2 q3 q4 q5 q6 q7 q8 q9 q13'],
  // One page, no branches.
  'barring-short': ['q1'],
  // The rest are straight chains: reveals and skip links do not change the route.
  'e-result': ['q1 q2 q3 q4 q5'],
  'third-party-result': ['q1 q2 q3 q4 q5'],
  'pay-later': ['q1 q2 q3 q4 q5 q6 q7'],
  'dors-applicant': ['q1 q2 q3 q4'],
  'dors-third-party': ['q1 q2 q3 q4'],
  'seas-applicant': ['q1 q2 q3 q4 q5 q6 q7 q8'],
  'seas-rb': ['q1 q2 q3 q4 q5 q6 q7'],
};

describe('survey paths', () => {
  it('loads all ten surveys without errors', () => {
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect([...surveys.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [id, expected] of Object.entries(EXPECTED)) {
    it(`${id} has exactly ${expected.length} distinct path(s), each ending at finish`, () => {
      const survey = surveys.get(id)!;
      const paths = enumeratePaths(survey);
      expect(paths.map((p) => p.pages.join(' ')).sort()).toEqual([...expected].sort());
      for (const { pages, answers } of paths) {
        expect(nextPage(survey, pages.at(-1)!, answers)).toBe('finish');
        // The page that sends the answers is the last one on every path.
        expect(survey.pages.filter((p) => p.submit).map((p) => p.id)).toEqual([pages.at(-1)]);
      }
    });
  }
});
