// The words page for a segment its kept counts cannot answer (an answer filter): counted answer
// by answer instead, with the same figures, worked out by hand, on SQLite and PostgreSQL; and
// refused with a note over too many responses.
import { describe, expect, it } from 'vitest';
import { FALLBACK_MAX } from '../../server/team/word-counts';
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

// Counting answer by answer is bounded: a segment with more responses than FALLBACK_MAX gets a
// note saying why and what to choose instead, in the member's language, and its CSV sends the
// member back to the page; the same period without the answer filter is still counted. Responses
// whose words are not counted yet (too many to count while the page waits) are said to be so.
describe('the words page over many responses', () => {
  const many = FALLBACK_MAX + 1;
  const made = (async () => {
    const world = await crosstabWorld([], undefined);
    for (let i = 0; i < many; i++)
      await world.store.save({
        surveyId: 'xtab-one',
        definitionHash: 'h',
        receivedAt: new Date(Date.UTC(2026, 2, 1 + (i % 18), 10)),
        answers: { channel: 'Phone', howToImprove: 'Slow line' },
        lang: 'en',
      });
    return world;
  })();
  const wordsOf = async (path: string) => {
    const [words] = tables((await (await made).viewer.get(path)).body);
    return words?.slice(1).map((r) => [r[0], r[1]]);
  };

  it('says so instead of counting with an answer filter, and the kept counts still answer without it', async () => {
    const { viewer } = await made;
    const page = '/team/words?survey=xtab-one&answer=channel:Phone';
    const res = await viewer.get(page);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Too many responses to count their words with these filters');
    expect(res.body).toContain(`more than ${FALLBACK_MAX.toLocaleString('en-GB')}`);
    expect(tables(res.body)).toEqual([]);
    const cy = await viewer.get(`${page}&lang=cy`);
    expect(cy.body).toContain('Mae gormod o ymatebion i gyfrif eu geiriau');
    expect((await viewer.get(page.replace('/team/words?', '/team/words.csv?'))).status).toBe(400);
    // Without the answer filter: the kept counts, every response.
    expect(await wordsOf('/team/words?survey=xtab-one')).toEqual([
      ['line', String(many)],
      ['slow', String(many)],
    ]);
  });

  it('says when responses wait to be counted, in English and Welsh, and counts them after', async () => {
    const { store, viewer } = await made;
    // The masking pass changes every response: none is counted until its words are cut again,
    // more than the page waits for.
    const masked = await store.team.maskStored(9_001, (_survey, answers) =>
      Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.replace('Slow', 'Late')])),
    );
    expect(masked).toBe(many);
    const page = '/team/words?survey=xtab-one';
    const waiting = await viewer.get(page);
    expect(waiting.body).toContain('Some responses in this period are not counted here yet');
    expect(tables(waiting.body)).toEqual([]);
    const cy = await viewer.get(`${page}&lang=cy`);
    expect(cy.body).toContain('Dyw rhai o’r ymatebion yn y cyfnod hwn ddim wedi’u cyfrif yma eto');
    await store.team.catchUpWords();
    const counted = await viewer.get(page);
    expect(counted.body).not.toContain('not counted here yet');
    expect(await wordsOf(page)).toEqual([
      ['late', String(many)],
      ['line', String(many)],
    ]);
  });
});
