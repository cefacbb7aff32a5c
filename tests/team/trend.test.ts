// The overview's and a theme's weekly trends mark the weeks the chosen dates cut (first and last), in the
// table and the chart's text alternative, in English and Welsh.
import { describe, expect, it } from 'vitest';
import { signedIn, teamServer } from './helpers';

const now = new Date('2026-03-20T09:00:00Z');
const server = teamServer(now);

/** The trend table's rows as "week | count" (its caption names it). */
function trendRows(body: string, caption: string): string[] {
  const table = body.split(caption).find((part, i) => i > 0 && part.startsWith('</caption>'))!;
  const rows = table.slice(0, table.indexOf('</table>'));
  return Array.from(rows.matchAll(/<tr class="govuk-table__row">([\s\S]*?)<\/tr>/g), (m) =>
    Array.from(m[1]!.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g), (c) => c[1]).join(' | '),
  ).slice(1);
}

describe('weekly trend', () => {
  it.each([
    [
      '',
      'Responses each week',
      ['2 March 2026 (partial week) | 0', '9 March 2026 | 0', '16 March 2026 (partial week) | 0'],
      '2 Mar (partial week): 0; 9 Mar: 0; 16 Mar (partial week): 0',
    ],
    [
      '&lang=cy',
      'Ymatebion bob wythnos',
      [
        '2 Mawrth 2026 (wythnos rannol) | 0',
        '9 Mawrth 2026 | 0',
        '16 Mawrth 2026 (wythnos rannol) | 0',
      ],
      '(wythnos rannol): 0',
    ],
  ])('marks partial first and last weeks (%s)', async (lang, caption, rows, alt) => {
    const { app, store } = await server.start();
    const viewer = await signedIn(app, store, 'viewer', now);
    // Wednesday 4 March to Tuesday 17 March: the first and the last week are cut.
    const page = await viewer.get(
      `/team?survey=fixture-pages&from=2026-03-04&to=2026-03-17${lang}`,
    );
    expect(page.status).toBe(200);
    expect(trendRows(page.body, caption)).toEqual(rows);
    expect(page.body).toContain(alt);
    // Monday 2 March to Sunday 15 March: whole weeks, nothing marked.
    const whole = await viewer.get(
      `/team?survey=fixture-pages&from=2026-03-02&to=2026-03-15${lang}`,
    );
    expect(trendRows(whole.body, caption)).toHaveLength(2);
    expect(whole.body).not.toMatch(/partial week|wythnos rannol/);
  });

  it('marks them on a theme’s trend too', async () => {
    const { app, store } = await server.start();
    const viewer = await signedIn(app, store, 'viewer', now);
    const theme = await store.team.addTheme({
      name: 'Speed',
      terms: { en: ['slow'], cy: ['araf'] },
    });
    const page = await viewer.get(`/team/themes/${theme!.id}?from=2026-03-04&to=2026-03-17`);
    expect(page.status).toBe(200);
    const rows = trendRows(page.body, 'Matching responses each week');
    expect(rows.map((r) => r.split(' | ')[0])).toEqual([
      '2 March 2026 (partial week)',
      '9 March 2026',
      '16 March 2026 (partial week)',
    ]);
  });
});
