// The words page for a segment its kept counts cannot answer (an answer filter): counted answer
// by answer instead, with the same figures, worked out by hand, on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, tables, type Sent } from './crosstab-world';

const SENT: Sent[] = [
  {
    survey: 'xtab-one',
    day: 2,
    lang: 'en',
    answers: { channel: 'Phone', howToImprove: 'Phone line slow' },
  },
  {
    survey: 'xtab-one',
    day: 3,
    lang: 'en',
    answers: { channel: 'Online', howToImprove: 'Website slow' },
  },
  {
    survey: 'xtab-one',
    day: 4,
    lang: 'cy',
    answers: { channel: 'Phone', howToImprove: 'Llinell ffôn araf' },
  },
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'words_segments'] as [string, string]] : []),
];

const counted = (table: string[][]) => table.slice(1).map((r) => [r[0], r[1]]);

describe.each(databases)('the words page with an answer filter on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);

  it('counts the words of the responses with that answer only', async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/words?survey=xtab-one&answer=channel:Phone');
    expect(res.status).toBe(200);
    const [enWords, enPhrases, cyWords, cyPhrases, more] = tables(res.body);
    expect(more).toBeUndefined();
    expect(counted(enWords!)).toEqual([
      ['line', '1'],
      ['phone', '1'],
      ['slow', '1'],
    ]);
    expect(counted(enPhrases!)).toEqual([
      ['line slow', '1'],
      ['phone line', '1'],
    ]);
    expect(counted(cyWords!)).toEqual([
      ['araf', '1'],
      ['ffon', '1'],
      ['llinell', '1'],
    ]);
    expect(counted(cyPhrases!)).toEqual([
      ['ffon araf', '1'],
      ['llinell ffon', '1'],
    ]);
    expect(res.body).toContain('Responses with typed answers: 1');
    // Without the filter (the kept counts): both English responses.
    const all = tables((await viewer.get('/team/words?survey=xtab-one')).body);
    expect(counted(all[0]!)).toEqual([
      ['slow', '2'],
      ['line', '1'],
      ['phone', '1'],
      ['website', '1'],
    ]);
  });
});
