// Periods compared, on answers whose figures are worked out by hand here (not by the code).
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import sharedJson from '../../definitions/shared/shared.json';
import type { FeedbackRecord } from '../../server/storage/types';
import { compareFigures, compareNps, compareShares } from '../../server/team/compare';
import { surveyFigures, type Scales } from '../../server/team/figures';
import { fixtureSurveys, teamServerOptions } from '../server/fixtures';
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

  it('100% in both periods: no change, not significant', () => {
    const c = compareShares(50, 50, 80, 80);
    expect(c.change).toBe(0);
    expect(c.verdict).toBe('chance');
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

  it('every answer a promoter in both periods: no change', () => {
    const c = compareNps(
      { promoters: 30, detractors: 0, n: 30 },
      { promoters: 40, detractors: 0, n: 40 },
    );
    expect(c.change).toBe(0);
    expect(c.low).toBe(0);
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
