// The words and phrases people use most (issue 35 item 3), per language, worked out by hand on
// SQLite and on PostgreSQL: typed text only (an Other text, never the options ticked), never
// contact details, stop words left out, each a link to its answers and, for an analyst, to a new
// theme prefilled with it; and the same table as CSV.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, sentToOne, tables, type Sent } from './crosstab-world';

const one = sentToOne;

const SENT: Sent[] = [
  one(2, 'en', { howToImprove: 'The phone line was slow', email: 'slow.person@example.com' }),
  one(3, 'en', { howToImprove: 'Slow phone line and slow website' }),
  one(4, 'en', { reasons: 'Told to, Another reason, website crashed' }),
  one(5, 'en', { reasons: 'Quick', howToImprove: 'Ring me or write to jo.bloggs@example.com' }),
  one(6, 'cy', { howToImprove: 'Roedd y llinell ffôn yn araf' }),
  one(7, 'cy', { howToImprove: 'Araf iawn' }),
  one(8, 'cy', { reasons: 'Quick' }),
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'words_test'] as [string, string]] : []),
];

/** A word table's rows as [text, responses]. */
const counted = (table: string[][]) => table.slice(1).map((r) => [r[0], r[1]]);

describe.each(databases)('the words people use on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);

  it('counts the typed words and phrases of each language once a response', async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/words?survey=xtab-one');
    expect(res.status).toBe(200);
    const [enWords, enPhrases, cyWords, cyPhrases, more] = tables(res.body);
    expect(more).toBeUndefined();
    // "slow" twice in one response counts once; "reason" and "quick" are ticked, not typed; the
    // email address (contact details, and one typed in the text) gives no word.
    expect(counted(enWords!)).toEqual([
      ['line', '2'],
      ['phone', '2'],
      ['slow', '2'],
      ['website', '2'],
      ['crashed', '1'],
      ['ring', '1'],
      ['write', '1'],
    ]);
    expect(counted(enPhrases!)).toEqual([
      ['phone line', '2'],
      ['slow phone', '1'],
      ['slow website', '1'],
      ['website crashed', '1'],
    ]);
    // Welsh stop words (roedd, y, yn, iawn) left out; "ffôn" folded as themes fold it.
    expect(counted(cyWords!)).toEqual([
      ['araf', '2'],
      ['ffon', '1'],
      ['llinell', '1'],
    ]);
    expect(counted(cyPhrases!)).toEqual([['llinell ffon', '1']]);
    expect(res.body).toContain('Responses with typed answers: 4');
    expect(res.body).toContain('Responses with typed answers: 2');
  });

  it('links each to its answers, and only an analyst to a new theme', async () => {
    const { viewer, analyst } = await made;
    const asViewer = await viewer.get('/team/words?survey=xtab-one');
    expect(asViewer.body).toContain(
      'href="/team/responses?survey=xtab-one&amp;respondentLang=cy&amp;q=llinell+ffon"',
    );
    expect(asViewer.body).not.toContain('/team/themes/new');
    const asAnalyst = await analyst.get('/team/words?survey=xtab-one&lang=cy');
    expect(asAnalyst.body).toContain(
      'href="/team/themes/new?name=araf&amp;termsCy=araf&amp;lang=cy"',
    );
    expect(asAnalyst.body).toContain(
      'href="/team/themes/new?name=slow&amp;termsEn=slow&amp;lang=cy"',
    );
    const form = await analyst.get('/team/themes/new?name=araf&termsCy=araf');
    expect(form.body).toMatch(
      /<input[^>]*name="name"[^>]*value="araf"|value="araf"[^>]*name="name"/,
    );
    expect(form.body).toMatch(/<textarea[^>]*name="termsCy"[^>]*>araf<\/textarea>/);
  });

  it('applies the segment', async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/words?survey=xtab-one&respondentLang=cy');
    const found = tables(res.body);
    expect(found).toHaveLength(2);
    expect(counted(found[0]!)[0]).toEqual(['araf', '2']);
  });

  it('downloads the same counts as CSV in Welsh', async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/words.csv?survey=xtab-one&lang=cy');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Iaith yr ymateb,Math,Gair neu ymadrodd,Ymatebion');
    expect(lines).toContain('Saesneg,Ymadrodd,phone line,2');
    expect(lines).toContain('Cymraeg,Gair,araf,2');
    expect(lines).toHaveLength(1 + 7 + 4 + 3 + 1);
  });
});
