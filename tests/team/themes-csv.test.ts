// The themes list as CSV (like every figure table): the list links to it with its filters and
// the methods page, and it holds the list's figures, worked out by hand, on SQLite and on
// PostgreSQL.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, type Sent } from './crosstab-world';

const one = (day: number, howToImprove: string): Sent => ({
  survey: 'xtab-one',
  day,
  lang: 'en',
  answers: { howSatisfied: '3', howToImprove },
});

// Days 2 to 7 of March 2026 are in the chosen period (1 to 19 March); nothing earlier.
const SENT: Sent[] = [
  one(2, 'The phone was slow'),
  one(3, 'Very slow'),
  one(4, 'Rude staff'),
  one(5, 'slow and rude'),
  one(6, 'Great'),
  { survey: 'xtab-two', day: 7, lang: 'en', answers: { howSatisfied: '1' } },
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'themes_csv_test'] as [string, string]] : []),
];

const csvRows = (body: string) =>
  body
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));

describe.each(databases)('the themes list as CSV on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);

  it('is linked from the list with its filters and holds its figures', async () => {
    const { store, viewer } = await made;
    await store.team.addTheme({ name: 'Slow', terms: { en: ['slow'], cy: [] } });
    await store.team.addTheme({ name: 'Rude', terms: { en: ['rude'], cy: [] } });
    const list = await viewer.get('/team/themes?from=2026-03-01&to=2026-03-19&lang=cy');
    expect(list.status).toBe(200);
    expect(list.body).toContain(
      'href="/team/themes.csv?from=2026-03-01&amp;to=2026-03-19&amp;lang=cy"',
    );
    expect(list.body).toContain('href="/team/methods?lang=cy"');

    const csv = await viewer.get('/team/themes.csv?from=2026-03-01&to=2026-03-19');
    expect(csv.status).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual([
      'Theme',
      'Earlier period (%)',
      'Earlier period: Responses matching',
      'Earlier period: Answered',
      'Chosen period (%)',
      'Chosen period: Responses matching',
      'Chosen period: Answered',
      'Change',
      '95% interval from',
      '95% interval to',
      'Unlikely to be chance?',
    ]);
    // Of the 6 responses in the chosen period, 3 say "slow" (50%) and 2 "rude" (33.3%); the
    // earlier period (19 days before) has none.
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get('Slow')!.slice(1, 7)).toEqual(['0', '0', '0', '50', '3', '6']);
    expect(byName.get('Rude')!.slice(1, 7)).toEqual(['0', '0', '0', '33.3', '2', '6']);
    expect(rows).toHaveLength(3);
  });

  it('sends a wrong filter back to the list, which says what is wrong', async () => {
    const { viewer } = await made;
    const csv = await viewer.get('/team/themes.csv?from=2026-03-19&to=2026-03-01');
    expect(csv.status).toBe(400);
    expect(csv.body).toContain('href="/team/themes?from=2026-03-19&amp;to=2026-03-01"');
  });
});
