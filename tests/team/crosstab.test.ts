// A score broken down by another answer (issue 35 item 3): known answers worked out by hand, on
// SQLite and on PostgreSQL, for a scale by a radios question, by a checkbox list (a response in
// each row it ticked), an NPS with its adjusted-Wald interval, a segment, the CSV, and a viewer's
// "by" on contact details refused.
import { describe, expect, it } from 'vitest';
import { teamReader } from '../../server/team/access/reader';
import { scopeRules } from '../../server/team/access/scope';
import { crosstabSurveys } from './fixtures/crosstab-surveys';
import { crosstabWorld, NOW, sentToOne, tables, type Sent } from './crosstab-world';

const one = sentToOne;

/** Seven responses; the sixth did not say how it applied, the seventh not how satisfied. */
const SENT: Sent[] = [
  one(2, 'en', { howSatisfied: '5', channel: 'Phone', reasons: 'Quick', npsResult: '10' }),
  one(3, 'en', { howSatisfied: '4', channel: 'Phone', reasons: 'Quick, Told to', npsResult: '9' }),
  one(4, 'cy', { howSatisfied: '2', channel: 'Phone', npsResult: '3' }),
  one(5, 'cy', { howSatisfied: '5', channel: 'Online', reasons: 'Told to', npsResult: '6' }),
  one(6, 'en', {
    howSatisfied: '1',
    channel: 'Online',
    reasons: 'Another reason, slow site',
    npsResult: '0',
  }),
  one(7, 'en', { howSatisfied: '3', reasons: 'Quick', npsResult: '8' }),
  one(8, 'en', { channel: 'Online', npsResult: '10' }),
  // Another survey's answers are never in this one's table.
  { survey: 'xtab-two', day: 8, lang: 'en', answers: { howSatisfied: '1' } },
];

const page = (q: string) => `/team/crosstab?survey=xtab-one&${q}`;
const FEW = 'Fewer than 30 answers';

/** Each row's label, n and headline cell, and the first option's cell. */
const heads = (rows: string[][]) => rows.slice(1).map((r) => r.slice(0, 3));

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'crosstab_test'] as [string, string]] : []),
];

describe.each(databases)('the crosstab on %s', (_name, postgres) => {
  const made = crosstabWorld(SENT, postgres);

  it('gives CSAT and each share by a radios answer, with Wilson intervals', async () => {
    const { viewer } = await made;
    const res = await viewer.get(page('score=howSatisfied&by=channel'));
    expect(res.status).toBe(200);
    const [table] = tables(res.body);
    // CSAT: all 3/6, phone 2/3, online 1/2, not answered 0/1 (the seventh did not answer it).
    expect(heads(table!)).toEqual([
      [`All ${FEW}`, '6', '50.0% 95% interval 18.8% to 81.2%'],
      [`By phone ${FEW}`, '3', '66.7% 95% interval 20.8% to 93.9%'],
      [`Online ${FEW}`, '2', '50.0% 95% interval 9.5% to 90.5%'],
      [`Did not answer ${FEW}`, '1', '0.0% 95% interval 0.0% to 79.3%'],
    ]);
    // The scale's points from 5 down: all 2,1,1,1,1 of 6; phone 1,1,0,1,0 of 3.
    expect(table![1]!.slice(3)).toEqual([
      '2 (33.3%) 95% interval 9.7% to 70.0%',
      '1 (16.7%) 95% interval 3.0% to 56.4%',
      '1 (16.7%) 95% interval 3.0% to 56.4%',
      '1 (16.7%) 95% interval 3.0% to 56.4%',
      '1 (16.7%) 95% interval 3.0% to 56.4%',
    ]);
    expect(table![2]!.slice(3).map((c) => c.split(' 95%')[0])).toEqual([
      '1 (33.3%)',
      '1 (33.3%)',
      '0 (0.0%)',
      '1 (33.3%)',
      '0 (0.0%)',
    ]);
  });

  it('counts a checkbox answer in the row of each option ticked, an Other in its own', async () => {
    const { viewer } = await made;
    const res = await viewer.get(page('score=howSatisfied&by=reasons'));
    expect(heads(tables(res.body)[0]!)).toEqual([
      [`All ${FEW}`, '6', '50.0% 95% interval 18.8% to 81.2%'],
      [`It was quick ${FEW}`, '3', '66.7% 95% interval 20.8% to 93.9%'],
      [`Someone told me to ${FEW}`, '2', '100.0% 95% interval 34.2% to 100.0%'],
      [`Another reason ${FEW}`, '1', '0.0% 95% interval 0.0% to 79.3%'],
      [`Did not answer ${FEW}`, '1', '0.0% 95% interval 0.0% to 79.3%'],
    ]);
    expect(res.body).toContain('counted in the row of each');
  });

  it('gives the NPS by answer with the adjusted-Wald interval', async () => {
    const { viewer } = await made;
    const res = await viewer.get(page('score=npsResult&by=channel'));
    // All: 3 promoters, 3 detractors of 7: 0, ±1.96·√(0.75/10) = ±53.7. Phone: 2 and 1 of 3.
    expect(heads(tables(res.body)[0]!)).toEqual([
      [`All ${FEW}`, '7', '0 95% interval -54 to 54'],
      [`By phone ${FEW}`, '3', '33 95% interval -51 to 85'],
      [`Online ${FEW}`, '3', '-33 95% interval -85 to 51'],
      [`Did not answer ${FEW}`, '1', '0 95% interval -60 to 60'],
    ]);
  });

  it('applies the segment, whose form keeps the questions', async () => {
    const { viewer } = await made;
    const res = await viewer.get(page('score=howSatisfied&by=channel&respondentLang=cy'));
    const segmentForm = res.body.slice(res.body.indexOf('<form', res.body.indexOf('name="by"')));
    expect(segmentForm).toMatch(/<input type="hidden" name="score" value="howSatisfied"/);
    expect(segmentForm).toMatch(/<input type="hidden" name="by" value="channel"/);
    expect(heads(tables(res.body)[0]!)).toEqual([
      [`All ${FEW}`, '2', '50.0% 95% interval 9.5% to 90.5%'],
      [`By phone ${FEW}`, '1', '0.0% 95% interval 0.0% to 79.3%'],
      [`Online ${FEW}`, '1', '100.0% 95% interval 20.7% to 100.0%'],
    ]);
  });

  it('downloads the table as CSV in the page language, figures as numbers', async () => {
    const { viewer } = await made;
    const res = await viewer.get(
      '/team/crosstab.csv?survey=xtab-one&score=npsResult&by=channel&lang=cy',
    );
    expect(res.status).toBe(200);
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 5)).toEqual([
      'Sut wnaethoch chi wneud cais?',
      'Wedi ateb',
      'Sgôr Hyrwyddwr Net',
      'Sgôr Hyrwyddwr Net: Cyfwng 95% o',
      'Sgôr Hyrwyddwr Net: Cyfwng 95% i',
    ]);
    // A negative NPS is a number, not text kept from a spreadsheet's formulas.
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual([
      ['Pob un', '7', '0', '-53.7', '53.7'],
      ['Dros y ffôn', '3', '33.3', '-51.3', '84.7'],
      ['Ar-lein', '3', '-33.3', '-84.7', '51.3'],
      ['Heb ateb', '1', '0', '-60', '60'],
    ]);
    // The promoters' 10: phone 1 of 3.
    expect(lines[2]!.split(',').slice(5, 9)).toEqual(['1', '33.3', '6.1', '79.2']);
  });

  it('refuses a "by" or score that is not a choice question, for every role', async () => {
    const { viewer, analyst } = await made;
    for (const member of [viewer, analyst])
      for (const q of ['score=howSatisfied&by=email', 'score=email&by=channel']) {
        const res = await member.get(page(q));
        expect(res.status).toBe(400);
        expect(tables(res.body)).toEqual([]);
        expect(res.body).toContain('There is a problem');
      }
  });

  it('keeps the questions asked in the segment form when they cannot be broken down', async () => {
    const { viewer } = await made;
    const res = await viewer.get(page('score=channel&by=channel'));
    expect(res.status).toBe(400);
    expect(res.body).toContain('Choose a different question to break the score down by');
    expect(res.body).toMatch(/<input type="hidden" name="by" value="channel"/);
  });

  it('links the question page to its breakdown, keeping the filter', async () => {
    const { viewer } = await made;
    const res = await viewer.get('/team/questions/xtab-one/howSatisfied?respondentLang=cy');
    expect(res.body).toContain(
      'href="/team/crosstab?survey=xtab-one&amp;respondentLang=cy&amp;score=howSatisfied"',
    );
  });
});

it("the reader counts pairs of choice answers only: never a contact field's", async () => {
  const surveys = crosstabSurveys();
  const raw = { answerPairs: async () => [] } as unknown as Parameters<typeof teamReader>[0];
  for (const role of ['viewer', 'analyst', 'admin'] as const) {
    const reader = teamReader(
      raw,
      { id: 'm', email: 'm@example.gov.uk', role, created: NOW },
      { surveys, rules: scopeRules(surveys.values()), now: () => NOW, audit: async () => {} },
    );
    await expect(reader.answerPairs({}, ['howSatisfied', 'email'])).rejects.toThrow(/email/);
    await expect(reader.answerPairs({}, ['howToImprove', 'channel'])).rejects.toThrow();
    await expect(reader.answerPairs({}, ['howSatisfied', 'channel'])).resolves.toEqual([]);
  }
});
