// A search (`q=`) past its time budget on any team page or download that does not say so inline
// gets a page saying so in the member's language, linking to the same page without the search,
// never a bare 500. Every GET route the team area registers (without path parameters) is asked.
import { afterEach, describe, expect, it } from 'vitest';
import { crosstabWorld, type Sent } from './crosstab-world';

const SENT: Sent[] = [2, 3, 4, 5].map((day) => ({
  survey: 'xtab-one',
  day,
  lang: 'en',
  answers: { howSatisfied: '2', channel: 'Phone', howToImprove: `slow reply ${day}` },
}));

const budget = process.env.SEARCH_BUDGET_MS;
afterEach(() => {
  if (budget === undefined) delete process.env.SEARCH_BUDGET_MS;
  else process.env.SEARCH_BUDGET_MS = budget;
});

describe('a search past its budget', () => {
  const made = crosstabWorld(SENT);

  it('is refused with a page linking back without the search, on every team page', async () => {
    const { app, viewer } = await made;
    process.env.SEARCH_BUDGET_MS = '0';
    const asked = 'survey=xtab-one&score=howSatisfied&by=channel&from=2026-03-01&to=2026-03-19';
    const refused: string[] = [];
    for (const { method, url } of app.teamRoutes!) {
      if (method !== 'GET' || url.includes(':') || url.includes('*')) continue;
      const answer = await viewer.get(`${url}?${asked}&q=slow&lang=cy`);
      expect(answer.status, url).toBeLessThan(500);
      if (answer.status !== 400 || !answer.body.includes('Cymerodd y chwiliad ormod o amser'))
        continue;
      refused.push(url);
      const back = answer.body.match(/href="([^"]*)"[^>]*>Yn ôl i’r dudalen heb y chwiliad/);
      expect(back, url).not.toBeNull();
      const [path, query] = back![1]!.replaceAll('&amp;', '&').split('?');
      // The page itself, or for a download the page it is on.
      expect(path, url).toBe(url.endsWith('.csv') ? url.replace(/\.csv$/, '') : url);
      expect(new URLSearchParams(query).get('q'), url).toBeNull();
      expect(new URLSearchParams(query).get('score'), url).toBe('howSatisfied');
      expect(new URLSearchParams(query).get('lang'), url).toBe('cy');
    }
    // The crosstab searches in its table's query: page and download are refused.
    expect(refused).toEqual(expect.arrayContaining(['/team/crosstab', '/team/crosstab.csv']));
  });
});
