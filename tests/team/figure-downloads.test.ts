// Every figure table downloads as CSV with the page's figures (issue 35 item 3): the overview's
// four kinds of table, a choice question's table and the comparison's two, worked out by hand from
// responses sent through the API, in the page's language, with the page's filters and period;
// and each CSV row holds the same figures as the page's table row, in the same order (a column
// dropped from either fails). Also: every figure page links to its CSV and to the methods page.
import { describe, expect, it } from 'vitest';
import { crosstabWorld, sentToOne, tables, type Sent } from './crosstab-world';

const one = sentToOne;

const SENT: Sent[] = [
  one(2, 'en', { howSatisfied: '5', npsResult: '10', channel: 'Phone' }),
  one(3, 'en', { howSatisfied: '4', npsResult: '9', channel: 'Online' }),
  one(10, 'cy', { howSatisfied: '2', npsResult: '3', channel: 'Phone' }),
  one(16, 'en', { howSatisfied: '5', npsResult: '7', howToImprove: 'Slow phone line' }),
  { survey: 'xtab-two', day: 5, lang: 'en', answers: { howSatisfied: '1', howEasy: '5' } },
];

/** RFC 4180 CSV text (with its byte order mark) as rows of cells. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.slice(1);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const FEW = 'Fewer than 30 answers';
const NOTE = '1. 10 March 2026: New phone line opened';

/** The numbers in a page's table cell text, the interval's "95%" and "n =" left out. */
const numbersInPage = (cells: string[]) =>
  cells
    .join(' ')
    .replace(/95% interval|cyfwng hyder 95%|n = /gi, ' ')
    .replaceAll('−', '-')
    .match(/-?\d+(\.\d+)?/g)!
    .map(Number);

/** The cells of a CSV row that are numbers. */
const numbersInCsv = (row: string[]) =>
  row.filter((c) => c !== '' && !Number.isNaN(Number(c))).map(Number);

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'figure_csv'] as [string, string]] : []),
];

describe.each(databases)('figure tables as CSV on %s', (_name, postgres) => {
  const made = (async () => {
    const world = await crosstabWorld(SENT, postgres);
    const noted = await world.analyst.post('/team/notes', {
      day: '2026-03-10',
      survey: '',
      text: 'New phone line opened',
    });
    expect(noted.statusCode).toBe(303);
    return world;
  })();
  const csv = async (url: string) => {
    const res = await (await made).viewer.get(url);
    expect(res.status, url).toBe(200);
    return parseCsv(res.body);
  };
  const RANGE = 'from=2026-03-01&to=2026-03-19';

  it('the overview: responses by language and the headline scores of every survey shown', async () => {
    expect(await csv(`/team/overview/counts.csv?${RANGE}`)).toEqual([
      ['Survey', 'All', 'In English', 'In Welsh', 'Not known'],
      ['Crosstab one', '4', '3', '1', '0'],
      ['Crosstab two', '1', '1', '0', '0'],
    ]);
    // CSAT 3 of 4 in the top two points; NPS (2 promoters − 1 detractor) / 4, its adjusted-Wald
    // interval −44.2 to 72.7 (n + 3, 0.75 more promoters and detractors).
    expect(await csv(`/team/overview/headlines.csv?${RANGE}`)).toEqual([
      [
        'Survey',
        'Question',
        'Measure',
        'Score',
        '95% interval from',
        '95% interval to',
        'Answered',
        'Note',
      ],
      ['Crosstab one', 'How satisfied were you?', 'Satisfied (CSAT)', '75', '', '', '4', FEW],
      [
        'Crosstab one',
        'Would you recommend it?',
        'Net Promoter Score',
        '25',
        '-44',
        '73',
        '4',
        FEW,
      ],
      ['Crosstab two', 'How satisfied were you?', 'Satisfied (CSAT)', '0', '', '', '1', FEW],
    ]);
  });

  it('the overview: responses per UK week with the notes on each', async () => {
    expect(await csv(`/team/overview/weeks.csv?${RANGE}&survey=xtab-one`)).toEqual([
      ['Survey', 'Week starting', 'Responses', 'Note', 'Notes'],
      ['Crosstab one', '2026-02-23', '0', 'partial week', ''],
      ['Crosstab one', '2026-03-02', '2', '', ''],
      ['Crosstab one', '2026-03-09', '1', '', NOTE],
      ['Crosstab one', '2026-03-16', '1', 'partial week', ''],
    ]);
  });

  it('the overview: scores per month, the period kept from the page to its download', async () => {
    const { viewer } = await made;
    const page = await viewer.get(`/team?${RANGE}&period=month`);
    const link = page.body.match(/href="(\/team\/overview\/score-trends\.csv[^"]*)"/)![1]!;
    const rows = await csv(link.replaceAll('&amp;', '&'));
    // Wilson's interval of 3 of 4 is 30.1% to 95.4%, of 0 of 1 0% to 79.3%.
    expect(rows).toEqual([
      [
        'Survey',
        'Question',
        'Measure',
        'Month',
        'Score',
        '95% interval from',
        '95% interval to',
        'Answered',
        'Note',
        'Notes',
      ],
      [
        'Crosstab one',
        'How satisfied were you?',
        'Satisfied (CSAT)',
        '2026-03-01',
        '75',
        '30',
        '95',
        '4',
        `partial month; ${FEW}`,
        NOTE,
      ],
      [
        'Crosstab one',
        'Would you recommend it?',
        'Net Promoter Score',
        '2026-03-01',
        '25',
        '-44',
        '73',
        '4',
        `partial month; ${FEW}`,
        NOTE,
      ],
      [
        'Crosstab two',
        'How satisfied were you?',
        'Satisfied (CSAT)',
        '2026-03-01',
        '0',
        '0',
        '79',
        '1',
        `partial month; ${FEW}`,
        NOTE,
      ],
    ]);
  });

  it('the overview: scores per week, in Welsh', async () => {
    const rows = await csv(`/team/overview/score-trends.csv?${RANGE}&survey=xtab-one&lang=cy`);
    expect(rows[0]).toEqual([
      'Arolwg',
      'Cwestiwn',
      'Mesur',
      'Wythnos yn dechrau',
      'Sgôr',
      'Cyfwng 95% o',
      'Cyfwng 95% i',
      'Wedi ateb',
      'Nodyn',
      'Nodiadau',
    ]);
    // CSAT by week: none, 2 of 2 (Wilson 34.2% to 100%), 0 of 1, 1 of 1 (20.7% to 100%).
    expect(rows.slice(1, 5).map((r) => r.slice(3, 8))).toEqual([
      ['2026-02-23', '', '', '', '0'],
      ['2026-03-02', '100', '34', '100', '2'],
      ['2026-03-09', '0', '0', '79', '1'],
      ['2026-03-16', '100', '21', '100', '1'],
    ]);
  });

  it("a choice question's table, with the page's filters", async () => {
    expect(await csv(`/team/questions/xtab-one/channel.csv?${RANGE}&respondentLang=en`)).toEqual([
      ['Answer', 'Count', 'Percentage', 'Answered', 'Note'],
      ['By phone', '1', '50', '2', FEW],
      ['Online', '1', '50', '2', FEW],
    ]);
    const { viewer } = await made;
    // A free-text question has no figure table.
    expect((await viewer.get('/team/questions/xtab-one/howToImprove.csv')).status).toBe(404);
    // A wrong filter sends the member back to the page, which says what is wrong.
    const wrong = await viewer.get('/team/questions/xtab-one/channel.csv?from=2026-02-30');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('href="/team/questions/xtab-one/channel?from=2026-02-30"');
  });

  const COMPARE =
    'survey=xtab-one&from=2026-03-09&to=2026-03-19&beforeFrom=2026-03-01&beforeTo=2026-03-08';

  it("the comparison's headline scores: each period, the change, its interval, the verdict", async () => {
    // CSAT 2 of 2 against 1 of 2: −50 points, Newcombe's −90.5 to 27.3; NPS +100 against −50,
    // the adjusted-Wald difference −147.7 to 27.7; two answers a period are too few to tell.
    expect(await csv(`/team/compare/headlines.csv?${COMPARE}`)).toEqual([
      [
        'Question',
        'Measure',
        'Earlier period',
        'Earlier period: Answered',
        'Chosen period',
        'Chosen period: Answered',
        'Change',
        '95% interval from',
        '95% interval to',
        'Unlikely to be chance?',
      ],
      [
        'How satisfied were you?',
        'Satisfied (CSAT)',
        '100',
        '2',
        '50',
        '2',
        '-50',
        '-90.5',
        '27.3',
        'Too few answers to tell',
      ],
      [
        'Would you recommend it?',
        'Net Promoter Score',
        '100',
        '2',
        '-50',
        '2',
        '-150',
        '-148',
        '28',
        'Too few answers to tell',
      ],
    ]);
  });

  it("each comparison and question CSV row holds its page row's figures, in order", async () => {
    const { viewer } = await made;
    const cases = [
      {
        page: `/team/compare?${COMPARE}`,
        csv: `/team/compare/headlines.csv?${COMPARE}`,
        tables: (t: string[][][]) => t.slice(0, 1),
        labels: 2,
      },
      {
        page: `/team/compare?${COMPARE}`,
        csv: `/team/compare/shares.csv?${COMPARE}`,
        tables: (t: string[][][]) => t.slice(1),
        labels: 2,
      },
      {
        page: `/team/compare?${COMPARE}&lang=cy`,
        csv: `/team/compare/shares.csv?${COMPARE}&lang=cy`,
        tables: (t: string[][][]) => t.slice(1),
        labels: 2,
      },
      {
        page: `/team/questions/xtab-one/howSatisfied?${RANGE}`,
        csv: `/team/questions/xtab-one/howSatisfied.csv?${RANGE}`,
        tables: (t: string[][][]) => t,
        labels: 1,
      },
    ];
    for (const c of cases) {
      const page = await viewer.get(c.page);
      const shown = c.tables(tables(page.body)).flatMap((t) => t.slice(1));
      const rows = (await csv(c.csv)).slice(1);
      expect(rows.length, c.csv).toBe(shown.length);
      expect(shown.length, c.page).toBeGreaterThan(1);
      shown.forEach((cells, i) => {
        // The labels (a scale's may be numbers) left out; the question's table shows how many
        // answered in its caption, once, so its CSV has more numbers than a row shows.
        const numbers = numbersInCsv(rows[i]!.slice(c.labels));
        const fromPage = numbersInPage(cells.slice(1));
        expect(numbers.slice(0, fromPage.length), `${c.csv} row ${i}`).toEqual(fromPage);
        expect(rows[i], c.csv).toContain(cells[0]!.replace(/ \(.*\)$/, ''));
      });
    }
  });

  it('every figure page links to its CSV and to how the figures are worked out', async () => {
    const { viewer } = await made;
    const pages: [string, RegExp][] = [
      [`/team?${RANGE}`, /\/team\/overview\/(counts|headlines|weeks|score-trends)\.csv/],
      [`/team/questions/xtab-one/channel?${RANGE}`, /\/team\/questions\/xtab-one\/channel\.csv/],
      [`/team/compare?${COMPARE}`, /\/team\/compare\/(headlines|shares)\.csv/],
      ['/team/crosstab?survey=xtab-one', /\/team\/crosstab\.csv/],
      ['/team/pooled?question=howSatisfied&scale=satisfaction', /\/team\/pooled\.csv/],
      [`/team/words?${RANGE}`, /\/team\/words\.csv/],
    ];
    for (const [path, download] of pages)
      for (const lang of ['en', 'cy']) {
        const url = lang === 'cy' ? `${path}${path.includes('?') ? '&' : '?'}lang=cy` : path;
        const res = await viewer.get(url);
        expect(res.status, url).toBe(200);
        const links = [...res.body.matchAll(/href="([^"]+)"/g)].map((m) =>
          m[1]!.replaceAll('&amp;', '&'),
        );
        const csvs = links.filter((l) => download.test(l));
        expect(csvs.length, url).toBeGreaterThan(0);
        for (const l of csvs) {
          expect((await viewer.get(l)).status, l).toBe(200);
          expect(l.includes('lang=cy'), l).toBe(lang === 'cy');
        }
        expect(links, url).toContain(lang === 'cy' ? '/team/methods?lang=cy' : '/team/methods');
      }
    const methods = await viewer.get('/team/methods?lang=cy');
    expect(methods.status).toBe(200);
    expect(methods.body).toContain('Sut mae’r ffigurau hyn yn cael eu cyfrifo');
    expect(methods.body).toContain('Holm');
  });
});
