// Figures pooled over the surveys that share a question (issue 35 item 3): which questions are
// shared is read from the definitions (the same name on the same scale), and the page's counts
// are worked out by hand, on SQLite and on PostgreSQL, with its CSV in Welsh.
import { describe, expect, it } from 'vitest';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';
import { sharedQuestions } from '../../server/team/pooled';
import { crosstabSurveys, XTAB_ONE, XTAB_TWO } from './fixtures/crosstab-surveys';
import { crosstabWorld, tables, type Sent } from './crosstab-world';

const sat = (survey: Sent['survey'], day: number, howSatisfied: string): Sent => ({
  survey,
  day,
  lang: day % 2 ? 'en' : 'cy',
  answers: { howSatisfied },
});

/** The first survey: 5, 4, 2, 5, 1, 3 (CSAT 3 of 6); the second: 1, 5, 4 (2 of 3). */
const SENT: Sent[] = [
  ...['5', '4', '2', '5', '1', '3'].map((v, i) => sat('xtab-one', 2 + i, v)),
  ...['1', '5', '4'].map((v, i) => sat('xtab-two', 3 + i, v)),
  // Not answered: in neither count.
  { survey: 'xtab-one', day: 9, lang: 'en', answers: { channel: 'Phone' } },
];

describe('the questions surveys share', () => {
  it('are those asked under the same name on the same scale by more than one survey', () => {
    const shared = sharedQuestions(crosstabSurveys().values());
    expect(shared.map((q) => [q.name, q.scale, q.asked.map((a) => a.survey.id)])).toEqual([
      ['howSatisfied', 'satisfaction', [XTAB_ONE, XTAB_TWO]],
    ]);
  });

  it('leave out a survey asking the question on another scale', () => {
    const other: SurveyDefinition = {
      id: 'xtab-three',
      serviceName: 'xtab-three-service',
      title: { en: 'Three', cy: 'Tri' },
      duration: 5,
      theme: 'default',
      layout: 'single',
      start: {
        heading: { en: 'Start', cy: 'Dechrau' },
        paragraphs: [],
        privacy: { en: 'Privacy', cy: 'Preifatrwydd' },
      },
      pages: [
        {
          id: 'all',
          fields: [
            {
              name: 'howSatisfied',
              type: 'radios',
              scale: 'likelihood',
              label: { en: 'How likely?', cy: 'Pa mor debygol?' },
            },
          ],
        },
      ],
      finish: { panelTitle: { en: 'Thanks', cy: 'Diolch' }, paragraphs: [] },
      footer: 'standard',
    };
    const third = { ...resolveSurvey(other, sharedJson as unknown as SharedBlocks), hash: 'h' };
    const shared = sharedQuestions([...crosstabSurveys().values(), third]);
    expect(shared.map((q) => q.asked.map((a) => a.survey.id))).toEqual([[XTAB_ONE, XTAB_TWO]]);
  });
});

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'pooled_test'] as [string, string]] : []),
];

describe.each(databases)('the pooled figures on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);
  const FEW = 'Fewer than 30 answers';

  it("give each survey's figures and all of them together", async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/pooled?question=howSatisfied&scale=satisfaction');
    expect(res.status).toBe(200);
    const rows = tables(res.body)[0]!.slice(1);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      [`Crosstab one ${FEW}`, '6', '50.0% 95% interval 18.8% to 81.2%'],
      [`Crosstab two ${FEW}`, '3', '66.7% 95% interval 20.8% to 93.9%'],
      // 5 of 9 in the top two.
      [`All these surveys ${FEW}`, '9', '55.6% 95% interval 26.7% to 81.1%'],
    ]);
    // From very satisfied down: 3, 2, 1, 1, 2 of 9.
    expect(rows[2]!.slice(3).map((c) => c.split(' 95%')[0])).toEqual([
      '3 (33.3%)',
      '2 (22.2%)',
      '1 (11.1%)',
      '1 (11.1%)',
      '2 (22.2%)',
    ]);
    expect(rows[2]![7]).toBe('2 (22.2%) 95% interval 6.3% to 54.7%');
  });

  it('apply the segment to every survey', async () => {
    const { viewer } = await made;
    // Welsh answers only (the even days): one's 5, 2, 1 (days 2, 4, 6) and two's 5 (day 4).
    const res = await viewer.get(
      '/team/pooled?question=howSatisfied&scale=satisfaction&respondentLang=cy',
    );
    expect(
      tables(res.body)[0]!
        .slice(1)
        .map((r) => r.slice(0, 2)),
    ).toEqual([
      [`Crosstab one ${FEW}`, '3'],
      [`Crosstab two ${FEW}`, '1'],
      [`All these surveys ${FEW}`, '4'],
    ]);
  });

  it('download as CSV in Welsh', async () => {
    const { viewer } = await made;
    const res = await viewer.get(
      '/team/pooled.csv?question=howSatisfied&scale=satisfaction&lang=cy',
    );
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['Arolwg', 'Wedi ateb', 'Bodlon (CSAT)']);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual([
      ['Croes-dabl un', '6', '50', '18.8', '81.2'],
      ['Croes-dabl dau', '3', '66.7', '20.8', '93.9'],
      ['Yr holl arolygon hyn', '9', '55.6', '26.7', '81.1'],
    ]);
  });

  it('are linked from a shared question only, and an unknown one is not found', async () => {
    const { viewer } = await made;
    const page = await viewer.get('/team/questions/xtab-two/howSatisfied');
    expect(page.body).toContain('href="/team/pooled?question=howSatisfied&amp;scale=satisfaction"');
    const notShared = await viewer.get('/team/questions/xtab-one/npsResult');
    expect(notShared.body).not.toContain('/team/pooled');
    expect((await viewer.get('/team/pooled?question=npsResult&scale=nps-0-10')).status).toBe(404);
  });
});
