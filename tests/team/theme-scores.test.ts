// A theme broken down by score (issue 35 item 3): on the theme's page, its share among each
// satisfaction answer, the same question on the same scale counted over the surveys that ask it;
// and as CSV like the other figure tables (linked with the page's filters, the same figures as
// numbers, percent to one decimal); worked out by hand on SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, tables, type Sent } from './crosstab-world';

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
  // The other survey asks the same satisfaction question and has no free text.
  { survey: 'xtab-two', day: 7, lang: 'en', answers: { howSatisfied: '1' } },
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL', 'theme_scores_test'] as [string, string]]
    : []),
];

describe.each(databases)('a theme by score on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres).then(async (world) => ({
    ...world,
    theme: await world.store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } }),
  }));

  it("gives the theme's share among each satisfaction answer, with its interval", async () => {
    const { viewer, theme } = await made;
    const res = await viewer.get(`/team/themes/${theme!.id}`);
    expect(res.status).toBe(200);
    const at = res.body.indexOf('share holding the theme among each answer');
    expect(at).toBeGreaterThan(0);
    const [table] = tables(res.body.slice(res.body.lastIndexOf('<table', at)));
    // Very satisfied: 2 answered, 1 slow; dissatisfied 1 of 1; very dissatisfied 1 of 3 (one
    // of them the other survey's); all 3 of 6.
    expect(table!.slice(1).map((r) => r.slice(1))).toEqual([
      ['2', '1', '50.0% 95% interval 9.5% to 90.5%'],
      ['0', '0', '–'],
      ['0', '0', '–'],
      ['1', '1', '100.0% 95% interval 20.7% to 100.0%'],
      ['3', '1', '33.3% 95% interval 6.1% to 79.2%'],
      ['6', '3', '50.0% 95% interval 18.8% to 81.2%'],
    ]);
    expect(table!.at(-1)![0]).toBe('All');
  });

  it('is downloadable as CSV, linked from the page with its filters', async () => {
    const { viewer, theme } = await made;
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
