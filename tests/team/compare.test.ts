// Periods compared, on answers whose figures are worked out by hand here (not by the code).
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import type { FeedbackRecord } from '../../server/storage/types';
import { compareFigures, compareNps, compareShares } from '../../server/team/compare';
import { surveyFigures, type Scales } from '../../server/team/figures';
import { changeInPoints } from '../../server/team/compare-page';
import { resolveSurvey, type SharedBlocks } from '../../engine';
import { fixtureSurveys, pagesDefinition, teamServerOptions } from '../server/fixtures';
import { addSession } from './helpers';

describe('compareShares (two-proportion z test, pooled)', () => {
  it('72% of 100 against 61% of 100: could be chance', () => {
    // pooled p = 133/200 = 0.665; se = sqrt(0.665 × 0.335 × (1/100 + 1/100)) = 0.066750;
    // z = (0.61 − 0.72) / 0.066750 = −1.6480, inside ±1.96.
    const c = compareShares(72, 100, 61, 100);
    expect(c.before.share).toBe(0.72);
    expect(c.after.share).toBe(0.61);
    expect(c.change).toBeCloseTo(-0.11, 10);
    expect(c.z).toBeCloseTo(-1.648, 3);
    expect(c.verdict).toBe('chance');
  });

  it('72% of 200 against 61% of 200: unlikely to be chance', () => {
    // pooled p = 266/400 = 0.665; se = sqrt(0.665 × 0.335 × (2/200)) = 0.047199;
    // z = −0.11 / 0.047199 = −2.3306.
    const c = compareShares(144, 200, 122, 200);
    expect(c.z).toBeCloseTo(-2.3306, 3);
    expect(c.verdict).toBe('significant');
  });

  it('a rise: 50% of 40 to 75% of 40', () => {
    // pooled p = 50/80 = 0.625; se = sqrt(0.625 × 0.375 × (2/40)) = 0.108253; z = 0.25 / 0.108253 = 2.3094.
    const c = compareShares(20, 40, 30, 40);
    expect(c.z).toBeCloseTo(2.3094, 3);
    expect(c.verdict).toBe('significant');
  });

  it('no responses in one period: nothing to compare', () => {
    const c = compareShares(0, 0, 30, 40);
    expect(c.verdict).toBe('no-data');
    expect(c.before.share).toBe(0);
    expect(c.z).toBeUndefined();
  });

  it('100% in both periods: no answers of the other kind expected, so too few to tell', () => {
    // pooled p = 130/130 = 1: 50 × 0 = 0 expected non-hits, under 5; the test cannot be made.
    const c = compareShares(50, 50, 80, 80);
    expect(c.change).toBe(0);
    expect(c.z).toBeUndefined();
    expect(c.verdict).toBe('too-few');
  });

  it('an unchanged share on tiny samples is too few to tell, never "could be chance"', () => {
    // 0 of 3 against 0 of 4: pooled 0, no hits expected at all.
    expect(compareShares(0, 3, 0, 4).verdict).toBe('too-few');
    // 2 of 2 against 3 of 3: pooled 1.
    expect(compareShares(2, 2, 3, 3).verdict).toBe('too-few');
    // 1 of 2 against 2 of 4 (50% each): pooled 0.5, 2 × 0.5 = 1 expected hit, under 5.
    expect(compareShares(1, 2, 2, 4).verdict).toBe('too-few');
  });

  it('100% against 90% of 50 each: too few non-hits expected to use the test', () => {
    // pooled p = 95/100; 50 × 0.05 = 2.5 expected non-hits per period, under 5.
    expect(compareShares(50, 50, 45, 50).verdict).toBe('too-few');
  });

  it('small samples: too few to tell, even for a large change', () => {
    // 1 of 3 against 4 of 4: pooled 5/7, 3 × 2/7 = 0.86 expected non-hits.
    const c = compareShares(1, 3, 4, 4);
    expect(c.change).toBeCloseTo(1 - 1 / 3, 10);
    expect(c.verdict).toBe('too-few');
  });
});

describe('compareNps (multinomial variance, summed over the periods)', () => {
  it('NPS 30 to 10 on 100 each: the interval includes 0', () => {
    // Before P = 0.5, D = 0.2: NPS 30, var = (0.7 − 0.09)/100 = 0.0061.
    // After P = 0.4, D = 0.3: NPS 10, var = (0.7 − 0.01)/100 = 0.0069.
    // se = sqrt(0.013) = 0.114018 → ±22.347 points around −20: −42.35 to 2.35.
    const c = compareNps(
      { promoters: 50, detractors: 20, n: 100 },
      { promoters: 40, detractors: 30, n: 100 },
    );
    expect(c.before.score).toBeCloseTo(30, 10);
    expect(c.after.score).toBeCloseTo(10, 10);
    expect(c.change).toBeCloseTo(-20, 10);
    expect(c.low).toBeCloseTo(-42.347, 2);
    expect(c.high).toBeCloseTo(2.347, 2);
    expect(c.verdict).toBe('chance');
  });

  it('NPS 30 to −10 (200 answers): the interval leaves out 0', () => {
    // After P = 0.3, D = 0.4 of 200: var = (0.7 − 0.01)/200 = 0.00345; se = sqrt(0.00955) = 0.097724;
    // −40 ± 19.154: −59.15 to −20.85.
    const c = compareNps(
      { promoters: 50, detractors: 20, n: 100 },
      { promoters: 60, detractors: 80, n: 200 },
    );
    expect(c.change).toBeCloseTo(-40, 10);
    expect(c.low).toBeCloseTo(-59.154, 2);
    expect(c.high).toBeCloseTo(-20.846, 2);
    expect(c.verdict).toBe('significant');
  });

  it('every answer a promoter in both periods: no spread, so no interval and too few to tell', () => {
    // P = 1, D = 0 in each: var = (1 − 1)/n = 0 in both, an "interval" of 0 to 0.
    const c = compareNps(
      { promoters: 30, detractors: 0, n: 30 },
      { promoters: 40, detractors: 0, n: 40 },
    );
    expect(c.change).toBe(0);
    expect(c.low).toBeUndefined();
    expect(c.high).toBeUndefined();
    expect(c.verdict).toBe('too-few');
  });

  it('every answer passive in both periods: no interval, too few to tell', () => {
    // P = D = 0: NPS 0 in each, var = 0 in each.
    const c = compareNps(
      { promoters: 0, detractors: 0, n: 40 },
      { promoters: 0, detractors: 0, n: 50 },
    );
    expect([c.before.score, c.after.score, c.change]).toEqual([0, 0, 0]);
    expect(c.low).toBeUndefined();
    expect(c.verdict).toBe('too-few');
  });

  it('all passive in one period only: the other period’s spread still gives an interval', () => {
    // After P = D = 0.5 of 50: NPS 0, var = (1 − 0)/50 = 0.02; se = 0.141421 → ±27.718 points.
    const c = compareNps(
      { promoters: 0, detractors: 0, n: 40 },
      { promoters: 25, detractors: 25, n: 50 },
    );
    expect(c.low).toBeCloseTo(-27.718, 2);
    expect(c.high).toBeCloseTo(27.718, 2);
    expect(c.verdict).toBe('chance');
  });

  it('no answers in one period, or fewer than 30', () => {
    expect(
      compareNps({ promoters: 0, detractors: 0, n: 0 }, { promoters: 5, detractors: 1, n: 9 })
        .verdict,
    ).toBe('no-data');
    expect(
      compareNps({ promoters: 29, detractors: 0, n: 29 }, { promoters: 0, detractors: 29, n: 29 })
        .verdict,
    ).toBe('too-few');
  });
});

describe('compareFigures', () => {
  const survey = fixtureSurveys().get('fixture-pages')!;
  const scales = (sharedJson as unknown as { scales: Scales }).scales;
  const range1 = { from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-03-01T00:00:00Z') };
  const range2 = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-29T00:00:00Z') };
  let n = 0;
  const records = (day: string, answers: string[]): FeedbackRecord[] =>
    answers.map((howSatisfied) => ({
      id: `r${++n}`,
      surveyId: survey.id,
      definitionHash: 'h',
      receivedAt: new Date(`${day}T12:00:00Z`),
      answers: { howSatisfied },
      lang: 'en',
    }));

  it('CSAT and each option, from known answers', () => {
    // February: 40 answers, 5 ×20, 4 ×10, 2 ×10 → CSAT 30/40 = 75%.
    // March: 40 answers, 5 ×10, 4 ×5, 1 ×25 → CSAT 15/40 = 37.5%.
    const feb = records('2026-02-10', [
      ...Array(20).fill('5'),
      ...Array(10).fill('4'),
      ...Array(10).fill('2'),
    ]);
    const mar = records('2026-03-10', [
      ...Array(10).fill('5'),
      ...Array(5).fill('4'),
      ...Array(25).fill('1'),
    ]);
    const all = [...feb, ...mar];
    const c = compareFigures(
      surveyFigures(survey, scales, all, range1),
      surveyFigures(survey, scales, all, range2),
    );
    expect(c.counts).toEqual({ before: 40, after: 40 });
    const q = c.questions.find((x) => x.field.name === 'howSatisfied')!;
    // pooled 45/80 = 0.5625; se = sqrt(0.5625 × 0.4375 × 0.05) = 0.110924; z = −0.375/0.110924 = −3.3807.
    expect(q.topTwo!.before.share).toBe(0.75);
    expect(q.topTwo!.after.share).toBe(0.375);
    expect(q.topTwo!.z).toBeCloseTo(-3.3807, 3);
    expect(q.topTwo!.verdict).toBe('significant');
    // "Very dissatisfied" (1): 0 of 40 then 25 of 40.
    const one = q.options.find((o) => o.value === '1')!.change;
    expect([one.before.hits, one.after.hits, one.after.share]).toEqual([0, 25, 0.625]);
  });
});

describe('GET /team/compare', () => {
  let app: FastifyInstance | undefined;
  let store: StoreWithTeam | undefined;
  afterEach(async () => {
    await app?.close();
    await store?.close();
  });

  async function setup() {
    const now = new Date('2026-03-30T09:00:00Z');
    store = openSqliteStore(':memory:');
    app = await buildServer(teamServerOptions(store, () => now));
    const save = (day: string, howSatisfied: string, times: number) =>
      Promise.all(
        Array.from({ length: times }, () =>
          store!.save({
            surveyId: 'fixture-pages',
            definitionHash: 'h',
            receivedAt: new Date(`${day}T10:00:00Z`),
            answers: { howSatisfied, serviceName: 'fixture-pages-service' },
            lang: 'en',
          }),
        ),
      );
    // 1 to 28 February: CSAT 30 of 40; 1 to 28 March: 15 of 40 (as above).
    await save('2026-02-10', '5', 20);
    await save('2026-02-11', '4', 10);
    await save('2026-02-12', '2', 10);
    await save('2026-03-10', '5', 10);
    await save('2026-03-11', '4', 5);
    await save('2026-03-12', '1', 25);
    const member = await store.team.addMember('viewer@example.gov.uk', 'viewer', now);
    const cookie = await addSession(store, member.id, 's', now);
    return (url: string) => app!.inject({ method: 'GET', url, headers: { cookie } });
  }

  it('says what changed, in English and Welsh, against the period just before', async () => {
    const get = await setup();
    const en = await get('/team/compare?survey=fixture-pages&from=2026-03-01&to=2026-03-28');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('compared with 1 February 2026 to 28 February 2026');
    expect(en.body).toContain('Responses stayed at 40.');
    expect(en.body).toContain(
      'Satisfaction (CSAT) fell from 75% to 37.5%; this is unlikely to be chance.',
    );
    const cy = await get(
      '/team/compare?survey=fixture-pages&from=2026-03-01&to=2026-03-28&lang=cy',
    );
    expect(cy.body).toContain(
      'Gostyngodd boddhad (CSAT) o 75% i 37.5%; mae’n annhebygol mai siawns yw hyn.',
    );
    // Two chosen periods: 10 to 11 February (30 answers, all satisfied) against 12 February
    // (10, none): too few expected answers of each kind in a period to use the test.
    const chosen = await get(
      '/team/compare?survey=fixture-pages&from=2026-02-12&to=2026-02-12&beforeFrom=2026-02-10&beforeTo=2026-02-11',
    );
    expect(chosen.body).toContain('Responses fell from 30 to 10.');
    // Removing a filter keeps the earlier period asked for.
    expect(chosen.body).toContain(
      'href="/team/compare?survey=fixture-pages&amp;to=2026-02-12&amp;beforeFrom=2026-02-10&amp;beforeTo=2026-02-11"',
    );
    expect(chosen.body).toContain(
      'Satisfaction (CSAT) fell from 100% to 0%; there are too few answers to tell whether this is chance.',
    );
  });

  it('refuses half an earlier period and wrong dates with an error summary', async () => {
    const get = await setup();
    const half = await get('/team/compare?survey=fixture-pages&beforeFrom=2026-02-01');
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('<a href="#beforeTo">Enter both dates of the period');
    const cy = await get(
      '/team/compare?survey=fixture-pages&beforeFrom=2026-02-31&beforeTo=2026-03-01&lang=cy',
    );
    expect(cy.body).toContain('<a href="#beforeFrom">Rhaid i’r dyddiad');
    expect(cy.body).toMatch(/<title>Gwall: /);
  });
});

describe('the comparison in words: points counted, questions named, nothing untrue', () => {
  let app: FastifyInstance | undefined;
  let store: StoreWithTeam | undefined;
  afterEach(async () => {
    await app?.close();
    await store?.close();
  });

  // The fixture survey with a second satisfaction question and a 0 to 10 "recommend" one.
  const definition = structuredClone(pagesDefinition);
  definition.pages[0]!.fields.push(
    {
      name: 'staffSatisfied',
      type: 'radios',
      scale: 'satisfaction',
      label: { en: 'How satisfied with staff?', cy: 'Pa mor fodlon gyda staff?' },
      required: true,
    },
    {
      name: 'recommend',
      type: 'radios',
      scale: 'nps-0-10',
      label: { en: 'How likely to recommend?', cy: 'Pa mor debygol o argymell?' },
      required: true,
    },
  );
  const survey = {
    ...resolveSurvey(definition, sharedJson as unknown as SharedBlocks),
    hash: 'hash-of-fixture-pages',
  };

  async function get(url: string) {
    const now = new Date('2026-03-30T09:00:00Z');
    store = openSqliteStore(':memory:');
    app = await buildServer({
      ...teamServerOptions(store, () => now),
      surveys: new Map([[survey.id, survey]]),
    });
    // 100 responses in each period; `answers` lists [howSatisfied, staffSatisfied, recommend]
    // and how many times each combination was given.
    const save = (day: string, answers: [string, string, string, number][]) =>
      Promise.all(
        answers.flatMap(([howSatisfied, staffSatisfied, recommend, times]) =>
          Array.from({ length: times }, () =>
            store!.save({
              surveyId: survey.id,
              definitionHash: 'h',
              receivedAt: new Date(`${day}T10:00:00Z`),
              answers: { howSatisfied, staffSatisfied, recommend, serviceName: 'x' },
              lang: 'en',
            }),
          ),
        ),
      );
    // February: howSatisfied 5 ×50, 3 ×30, 1 ×20 (CSAT 50%); staffSatisfied 4 ×40, 2 ×60
    // (CSAT 40%); recommend 7 (passive) ×100.
    await save('2026-02-10', [
      ['5', '4', '7', 40],
      ['5', '2', '7', 10],
      ['3', '2', '7', 30],
      ['1', '2', '7', 20],
    ]);
    // March: howSatisfied 5 ×51, 3 ×33, 1 ×16 (CSAT 51%); staffSatisfied 4 ×42, 2 ×52, 1 ×6
    // (CSAT 42%); recommend 8 (passive) ×100.
    await save('2026-03-10', [
      ['5', '4', '8', 42],
      ['5', '2', '8', 9],
      ['3', '2', '8', 33],
      ['1', '2', '8', 10],
      ['1', '1', '8', 6],
    ]);
    const member = await store.team.addMember('viewer@example.gov.uk', 'viewer', now);
    const cookie = await addSession(store, member.id, 's', now);
    return (await app.inject({ method: 'GET', url, headers: { cookie } })).body;
  }
  const URL = `/team/compare?survey=fixture-pages&from=2026-03-01&to=2026-03-28`;
  const cell = '</td><td[^>]*>';

  it('in English', async () => {
    const body = await get(URL);
    // Two satisfaction questions: each sentence names its own.
    // howSatisfied: pooled 101/200 = 0.505, se = sqrt(0.505 × 0.495 × 0.02) = 0.070707,
    // z = 0.01 / 0.070707 = 0.141: could be chance.
    expect(body).toContain(
      'Satisfaction (CSAT) for “How satisfied?” rose from 50% to 51%; this could be chance.',
    );
    // staffSatisfied: pooled 82/200 = 0.41, se = sqrt(0.41 × 0.59 × 0.02) = 0.069556,
    // z = 0.02 / 0.069556 = 0.288.
    expect(body).toContain(
      'Satisfaction (CSAT) for “How satisfied with staff?” rose from 40% to 42%; this could be chance.',
    );
    // One NPS question: no need to name it.
    expect(body).toContain('The Net Promoter Score stayed at 0.');
    // Points counted: +1 point, +2 points (headlines); +3, −4, +6, −8 points (options).
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+1 point</td>`));
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+2 points</td>`));
    for (const points of ['+3 points', '−4 points', '+6 points', '−8 points'])
      expect(body).toContain(`>${points}</td>`);
    // Every NPS answer passive in both periods: no spread, no interval, too few to tell.
    expect(body).not.toContain('interval 0 to 0');
    expect(body).toMatch(
      new RegExp(
        `Net Promoter Score\\)</th><td[^>]*>0 \\(n = 100\\)${cell}0 \\(n = 100\\)${cell}0${cell}Too few answers to tell</td>`,
      ),
    );
    // "Satisfied" on howSatisfied: 0 of 100 in both (pooled 0, nothing expected): too few to
    // tell, not "No".
    expect(body).toMatch(
      new RegExp(
        `>Satisfied</th><td[^>]*>0% \\(0\\)${cell}0% \\(0\\)${cell}0 points${cell}Too few answers to tell</td>`,
      ),
    );
  });

  it('in Welsh, with its plural forms', async () => {
    const body = await get(`${URL}&lang=cy`);
    expect(body).toContain(
      'Cododd boddhad (CSAT) ar gyfer “How satisfied? (cy)” o 50% i 51%; gallai hyn fod yn siawns.',
    );
    expect(body).toContain(
      'Cododd boddhad (CSAT) ar gyfer “Pa mor fodlon gyda staff?” o 40% i 42%; gallai hyn fod yn siawns.',
    );
    expect(body).toContain('Arhosodd y Sgôr Hyrwyddwr Net ar 0.');
    // un pwynt, dau bwynt, tri phwynt, pedwar pwynt, chwe phwynt, wyth pwynt.
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+1 pwynt</td>`));
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+2 bwynt</td>`));
    for (const points of ['+3 phwynt', '−4 pwynt', '+6 phwynt', '−8 pwynt'])
      expect(body).toContain(`>${points}</td>`);
    expect(body).not.toContain('Cyfwng hyder 95% 0 i 0');
    expect(body).toMatch(
      new RegExp(
        `>Bodlon</th><td[^>]*>0% \\(0\\)${cell}0% \\(0\\)${cell}0 pwynt${cell}Dim digon o atebion i ddweud</td>`,
      ),
    );
  });

  it('counts a change of a fraction of a point as "other" in both languages', () => {
    expect(changeInPoints('en', 0.015)).toBe('+1.5 points');
    expect(changeInPoints('en', -0.01)).toBe('−1 point');
    expect(changeInPoints('cy', 0.015)).toBe('+1.5 pwynt');
    expect(changeInPoints('cy', -0.02)).toBe('−2 bwynt');
  });
});
