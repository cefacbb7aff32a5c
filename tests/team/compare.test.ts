// Periods compared, on answers whose figures are worked out by hand here (not by the code).
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import sharedJson from '../fixtures/surveys/shared/shared.json';
import type { FeedbackRecord } from '../../server/storage/types';
import {
  compareFigures,
  compareNps,
  compareShares,
  correctForMany,
} from '../../server/team/compare';
import { surveyFigures, type Scales } from '../../server/team/figures';
import { changeInPoints } from '../../server/team/compare-page';
import { resolveSurvey, type SharedBlocks } from '../../engine';
import { fixtureSurveys, pagesDefinition, teamServerOptions } from '../server/fixtures';
import { addSession } from './helpers';

describe('compareShares (z test or Fisher’s exact test; Newcombe’s interval)', () => {
  it('72% of 100 against 61% of 100: could be chance', () => {
    // pooled p = 133/200 = 0.665; se = sqrt(0.665 × 0.335 × (1/100 + 1/100)) = 0.066750;
    // z = (0.61 − 0.72) / 0.066750 = −1.6480, inside ±1.96.
    const c = compareShares(72, 100, 61, 100);
    expect(c.before.share).toBe(0.72);
    expect(c.after.share).toBe(0.61);
    expect(c.change).toBeCloseTo(-0.11, 10);
    expect(c.method).toBe('z');
    expect(c.z).toBeCloseTo(-1.648, 3);
    expect(c.verdict).toBe('chance');
    // The interval of the change holds it and, as the test says, 0.
    expect(c.low!).toBeLessThan(-0.11);
    expect(c.high!).toBeGreaterThan(0);
  });

  it('72% of 200 against 61% of 200: unlikely to be chance', () => {
    // pooled p = 266/400 = 0.665; se = sqrt(0.665 × 0.335 × (2/200)) = 0.047199;
    // z = −0.11 / 0.047199 = −2.3306.
    const c = compareShares(144, 200, 122, 200);
    expect(c.z).toBeCloseTo(-2.3306, 3);
    expect(c.verdict).toBe('significant');
    expect(c.high!).toBeLessThan(0);
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
    expect(c.low).toBeUndefined();
  });

  it('10 of 10 against 0 of 20: Fisher’s exact test tells it, p = 1 / C(30, 10)', () => {
    // pooled 10/30: 10 × 1/3 = 3.3 expected misses, under 5, so no z test; Fisher's p is
    // 1/30,045,015 (the only table as unlikely).
    const c = compareShares(10, 10, 0, 20);
    expect(c.method).toBe('fisher');
    expect(c.p).toBeCloseTo(1 / 30045015, 15);
    expect(c.verdict).toBe('significant');
  });

  it('90% to 30% of 10 each: a change (Fisher p = 0.0198; Newcombe’s interval −0.81 to −0.17)', () => {
    const c = compareShares(9, 10, 3, 10);
    expect(c.method).toBe('fisher');
    expect(c.p).toBeCloseTo(2490 / 125970, 12);
    expect(c.low).toBeCloseTo(-0.809, 4);
    expect(c.high).toBeCloseTo(-0.1705, 4);
    expect(c.verdict).toBe('significant');
  });

  it('100% in both periods: nothing changed, so it could be chance (Fisher: one table, p = 1)', () => {
    const c = compareShares(50, 50, 80, 80);
    expect(c.change).toBe(0);
    expect(c.p).toBe(1);
    expect(c.verdict).toBe('chance');
  });

  it('too few to tell only when no answers could have shown a change', () => {
    // 2 of 2 against 3 of 3, and 1 of 2 against 2 of 4: at best p = 0.1 and 1/15 (all one way
    // before, the other way after), never under 0.05.
    expect(compareShares(2, 2, 3, 3).verdict).toBe('too-few');
    expect(compareShares(1, 2, 2, 4).verdict).toBe('too-few');
    // 0 of 3 against 0 of 4 could have shown one (1/C(7,3) = 1/35): it did not, p = 1.
    expect(compareShares(0, 3, 0, 4).verdict).toBe('chance');
  });

  it('100% against 90% of 50 each: Fisher’s test, could be chance (p = 0.0563)', () => {
    // pooled p = 95/100; 50 × 0.05 = 2.5 expected misses per period, under 5.
    const c = compareShares(50, 50, 45, 50);
    expect(c.method).toBe('fisher');
    expect(c.p).toBeCloseTo(0.0562848, 6);
    expect(c.verdict).toBe('chance');
  });

  it('1 of 3 against 4 of 4: could be chance (Fisher p = 5/35)', () => {
    // 5 hits of 7: P(x) = C(5,x)·C(2,3−x)/35 = 5, 20, 10 (/35) for x = 1, 2, 3; x = 1 is the
    // least likely.
    const c = compareShares(1, 3, 4, 4);
    expect(c.change).toBeCloseTo(1 - 1 / 3, 10);
    expect(c.p).toBeCloseTo(5 / 35, 12);
    expect(c.verdict).toBe('chance');
  });
});

describe('compareNps (the overview’s adjusted-Wald interval, for the difference)', () => {
  it('NPS 30 to 10 on 100 each: the interval includes 0', () => {
    // Adjusted (3 more answers, 3/4 more promoters and detractors): before 0.291262 (var
    // 0.0059159), after 0.097087 (var 0.0066480); −0.194175 ± 1.959964 × sqrt(0.0125639):
    // −41.39 to 2.55 points.
    const c = compareNps(
      { promoters: 50, detractors: 20, n: 100 },
      { promoters: 40, detractors: 30, n: 100 },
    );
    expect(c.before.score).toBeCloseTo(30, 10);
    expect(c.after.score).toBeCloseTo(10, 10);
    expect(c.change).toBeCloseTo(-20, 10);
    expect(c.low).toBeCloseTo(-41.386, 2);
    expect(c.high).toBeCloseTo(2.552, 2);
    expect(c.verdict).toBe('chance');
  });

  it('NPS 30 to −10 (200 answers): the interval leaves out 0', () => {
    // After: p = 60.75/203 = 0.299261, d = 80.75/203 = 0.397783, p − d = −0.098522,
    // var = (0.697044 − 0.009707)/203 = 0.0033859. −0.389784 ± 1.959964 × sqrt(0.0093018)
    // = ± 0.189030: −57.88 to −20.08 points.
    const c = compareNps(
      { promoters: 50, detractors: 20, n: 100 },
      { promoters: 60, detractors: 80, n: 200 },
    );
    expect(c.change).toBeCloseTo(-40, 10);
    expect(c.low).toBeCloseTo(-57.881, 2);
    expect(c.high).toBeCloseTo(-20.075, 2);
    expect(c.verdict).toBe('significant');
  });

  it('+100 to −100 with 30 answers each: a change, not too few to tell', () => {
    // −199.09 to −164.55 points (worked out in statistics.test.ts).
    const c = compareNps(
      { promoters: 30, detractors: 0, n: 30 },
      { promoters: 0, detractors: 30, n: 30 },
    );
    expect(c.change).toBe(-200);
    expect(c.low).toBeCloseTo(-199.088, 2);
    expect(c.high).toBeCloseTo(-164.549, 2);
    expect(c.verdict).toBe('significant');
  });

  it('every answer passive in both periods: an interval around 0, could be chance', () => {
    // Adjusted: p = d = 0.75/43 and 0.75/53, so 0 each; var = (1.5/43)/43 = 0.00081125 and
    // (1.5/53)/53 = 0.00053400: 0 ± 1.959964 × sqrt(0.00134525) = ± 7.19 points.
    const c = compareNps(
      { promoters: 0, detractors: 0, n: 40 },
      { promoters: 0, detractors: 0, n: 50 },
    );
    expect([c.before.score, c.after.score, c.change]).toEqual([0, 0, 0]);
    expect(c.low).toBeCloseTo(-7.189, 2);
    expect(c.high).toBeCloseTo(7.189, 2);
    expect(c.verdict).toBe('chance');
  });

  it('no answers in one period; too few to tell with 2 and 3; 29 each can tell', () => {
    expect(
      compareNps({ promoters: 0, detractors: 0, n: 0 }, { promoters: 5, detractors: 1, n: 9 })
        .verdict,
    ).toBe('no-data');
    // As for a share: with 2 and 3 answers no sharing of them between the periods could be
    // told from chance by an exact test (at best 1/C(5,2) = 0.1), though the normal
    // approximation would call all promoters against all detractors a change: 0.4 (var
    // (0.7 − 0.16)/5 = 0.108) against −0.5 (var (0.75 − 0.25)/6 = 0.0833), z = 0.9/0.4374 = 2.06.
    expect(
      compareNps({ promoters: 2, detractors: 0, n: 2 }, { promoters: 0, detractors: 3, n: 3 })
        .verdict,
    ).toBe('too-few');
    // 4 and 4 could (2/C(8,4) = 0.029): all passive against all passive could be chance.
    expect(
      compareNps({ promoters: 0, detractors: 0, n: 4 }, { promoters: 0, detractors: 0, n: 4 })
        .verdict,
    ).toBe('chance');
    expect(
      compareNps({ promoters: 29, detractors: 0, n: 29 }, { promoters: 0, detractors: 29, n: 29 })
        .verdict,
    ).toBe('significant');
  });
});

describe('correctForMany (Holm)', () => {
  it('keeps a verdict only when it stands with the others tested', () => {
    // 72/200 → 61/200 alone is a change (z = −2.3306, p = 0.0198), but with a second test of
    // p = 0.0994 (72/100 → 61/100): Holm's smallest of 2 × 2 = 0.0396, still under 0.05; with
    // three such tests, 3 × 0.0198 = 0.0593: could be chance.
    const clear = compareShares(144, 200, 122, 200);
    const weak = compareShares(72, 100, 61, 100);
    const [a, b] = correctForMany([clear, weak]);
    expect(a!.adjustedP).toBeCloseTo(2 * clear.p!, 12);
    expect(a!.verdict).toBe('significant');
    expect(b!.verdict).toBe('chance');
    const three = correctForMany([clear, weak, clear]);
    expect(three[0]!.adjustedP).toBeCloseTo(3 * clear.p!, 12);
    expect(three[0]!.verdict).toBe('chance');
    // Too few to tell and no data are not counted: they can make no wrong call.
    const withUntestable = correctForMany([
      clear,
      compareShares(2, 2, 3, 3),
      compareShares(0, 0, 1, 1),
    ]);
    expect(withUntestable[0]!.adjustedP).toBe(clear.p);
    expect(withUntestable.map((c) => c.verdict)).toEqual(['significant', 'too-few', 'no-data']);
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
    // (10, none): too few expected answers of each kind for the z test (pooled 30/40, 10 × 1/4
    // = 2.5), so Fisher's exact test: p = 1 / C(40, 10) = 1 / 847,660,528 (x = 20, the other
    // end, has C(30,20)/C(40,10) = 0.035).
    const chosen = await get(
      '/team/compare?survey=fixture-pages&from=2026-02-12&to=2026-02-12&beforeFrom=2026-02-10&beforeTo=2026-02-11',
    );
    expect(chosen.body).toContain('Responses fell from 30 to 10.');
    // Removing a filter keeps the earlier period asked for.
    expect(chosen.body).toContain(
      'href="/team/compare?survey=fixture-pages&amp;to=2026-02-12&amp;beforeFrom=2026-02-10&amp;beforeTo=2026-02-11"',
    );
    expect(chosen.body).toContain(
      'Satisfaction (CSAT) fell from 100% to 0%; this is unlikely to be chance.',
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
    // Points counted: +1 point, +2 points (headlines); +3, −4, +6, −8 points (options), each
    // with its interval.
    const interval = ' \\(95% interval [−+]?[0-9.]+ to [−+]?[0-9.]+\\)';
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+1 point${interval}</td>`));
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+2 points${interval}</td>`));
    for (const points of ['\\+3 points', '−4 points', '\\+6 points', '−8 points'])
      expect(body).toMatch(new RegExp(`>${points}${interval}</td>`));
    // Every NPS answer passive in both periods: the adjustment (3/4 of a promoter and of a
    // detractor in 103 answers) gives each period 0 with var = (1.5/103)/103 = 0.000141389,
    // so 0 ± 1.959964 × sqrt(0.000282778) = ± 3.3 points; could be chance.
    expect(body).toMatch(
      new RegExp(
        `Net Promoter Score\\)</th><td[^>]*>0 \\(n = 100\\)${cell}0 \\(n = 100\\)${cell}0 \\(95% interval −3 to \\+3\\)${cell}No</td>`,
      ),
    );
    // "Satisfied" on howSatisfied: 0 of 100 in both: Fisher's p = 1, could be chance; each
    // Wilson interval of 0/100 reaches 1.959964² / (100 + 1.959964²) = 0.037 (3.7 points).
    expect(body).toMatch(
      new RegExp(
        `>Satisfied</th><td[^>]*>0% \\(0\\)${cell}0% \\(0\\)${cell}0 points \\(95% interval −3.7 to \\+3.7\\)${cell}No</td>`,
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
    const interval = ' \\(Cyfwng hyder 95% [−+]?[0-9.]+ i [−+]?[0-9.]+\\)';
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+1 pwynt${interval}</td>`));
    expect(body).toMatch(new RegExp(`\\(n = 100\\)${cell}\\+2 bwynt${interval}</td>`));
    for (const points of ['\\+3 phwynt', '−4 pwynt', '\\+6 phwynt', '−8 pwynt'])
      expect(body).toMatch(new RegExp(`>${points}${interval}</td>`));
    expect(body).toMatch(
      new RegExp(
        `>Bodlon</th><td[^>]*>0% \\(0\\)${cell}0% \\(0\\)${cell}0 pwynt \\(Cyfwng hyder 95% −3.7 i \\+3.7\\)${cell}Nac ydy</td>`,
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
