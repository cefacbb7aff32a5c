// A theme by score as CSV (like the other figure tables): the theme page links to it with its
// filters, and it holds the page's figures, worked out by hand, as numbers (percent to one
// decimal), on SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, type Sent } from './crosstab-world';

const one = (day: number, howSatisfied: string, howToImprove: string): Sent => ({
  survey: 'xtab-one',
  day,
  lang: 'en',
  answers: { howSatisfied, howToImprove },
});

const SENT: Sent[] = [
  one(2, '5', 'The phone was slow'),
  one(3, '1', 'Very slow'),
  one(4, '1', 'Rude staff'),
  one(5, '2', 'slow and rude'),
  one(6, '5', 'Great'),
  { survey: 'xtab-two', day: 7, lang: 'en', answers: { howSatisfied: '1' } },
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL', 'theme_scores_csv_test'] as [string, string]]
    : []),
];

describe.each(databases)('a theme by score as CSV on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);

  it('is linked from the page and holds its figures', async () => {
    const { store, viewer } = await made;
    const theme = await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } });
    const path = `/team/themes/${theme!.id}`;
    const page = await viewer.get(`${path}?from=2026-03-01&to=2026-03-19&lang=cy`);
    expect(page.body).toContain(
      `href="${path}/scores.csv?from=2026-03-01&amp;to=2026-03-19&amp;lang=cy"`,
    );
    const csv = await viewer.get(`${path}/scores.csv?from=2026-03-01&to=2026-03-19`);
    expect(csv.status).toBe(200);
    const rows = csv.body
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(rows[0]!.slice(1)).toEqual([
      'Answer',
      'Answered',
      'Responses matching',
      'Percentage',
      'Percentage: 95% interval from',
      'Percentage: 95% interval to',
    ]);
    // Very satisfied 1 of 2; dissatisfied 1 of 1; very dissatisfied 1 of 3; all 3 of 6 (Wilson).
    expect(rows.slice(1).map((r) => r.slice(2))).toEqual([
      ['2', '1', '50', '9.5', '90.5'],
      ['0', '0', '', '', ''],
      ['0', '0', '', '', ''],
      ['1', '1', '100', '20.7', '100'],
      ['3', '1', '33.3', '6.1', '79.2'],
      ['6', '3', '50', '18.8', '81.2'],
    ]);
    expect(rows.at(-1)![1]).toBe('All');
  });
});
