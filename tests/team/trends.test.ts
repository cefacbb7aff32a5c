// The overview's scores over time, on SQLite and PostgreSQL: CSAT and NPS each week or month with
// their 95% intervals, small periods marked, the team's dated notes marked on every trend with
// their text in the tables. Every figure is worked out by hand here (Wilson's interval for a
// share; the adjusted Wald for NPS: 3 more answers, 3/4 more promoters and detractors).
import { describe, expect, it } from 'vitest';
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine';
import { fixtureSurveys, pagesDefinition } from '../server/fixtures';
import { databases, tableRows, world } from './trends-world';

const now = new Date('2026-03-20T09:00:00Z');

/** The fixture surveys and one asking a 0 to 10 recommendation (an NPS scale). */
function withNps() {
  const surveys = fixtureSurveys();
  const definition: SurveyDefinition = {
    ...structuredClone(pagesDefinition),
    id: 'fixture-nps',
    serviceName: 'fixture-nps-service',
    pages: [
      {
        id: 'q1',
        fields: [
          {
            name: 'recommendScore',
            type: 'radios',
            scale: 'nps-0-10',
            label: { en: 'Would you recommend us?', cy: 'Fyddech chi’n ein hargymell?' },
            required: true,
          },
        ],
      },
    ],
  };
  const survey = resolveSurvey(definition, sharedJson as unknown as SharedBlocks);
  surveys.set(survey.id, { ...survey, hash: 'hash-of-fixture-nps' });
  return surveys;
}

describe.each(databases)('scores over time on %s', (_name, open) => {
  it('gives CSAT each week and each month with Wilson’s interval, small weeks marked', async () => {
    const w = await world(await open('trends_csat'), now);
    // Week of Monday 2 March: 7 of 10 satisfied (4 or 5), 3 not: 70%, Wilson 39.7% to 89.2%.
    await w.save('2026-03-03T10:00:00Z', { howSatisfied: '5' }, 'en', 4);
    await w.save('2026-03-04T10:00:00Z', { howSatisfied: '4' }, 'cy', 3);
    await w.save('2026-03-05T10:00:00Z', { howSatisfied: '2' }, 'en', 3);
    // Week of 9 March: 27 of 30: 90%, Wilson 74.4% to 96.5%; 30 answers, not marked as few.
    await w.save('2026-03-10T10:00:00Z', { howSatisfied: '4' }, 'en', 27);
    await w.save('2026-03-11T10:00:00Z', { howSatisfied: '1' }, 'en', 3);
    const viewer = await w.member('viewer');
    const range = '/team?survey=fixture-pages&from=2026-03-02&to=2026-03-15';
    const weeks = await viewer.get(range);
    expect(weeks.status).toBe(200);
    expect(tableRows(weeks.body, 'Satisfied (CSAT) each week: How satisfied?')).toEqual([
      '2 March 2026 | 70% (95% interval 40% to 89%) | 10 Fewer than 30 answers',
      '9 March 2026 | 90% (95% interval 74% to 97%) | 30',
    ]);
    // The chart says the same in its text alternative.
    expect(weeks.body).toContain(
      '2 March 2026: 70% (95% interval 40% to 89%), 10; 9 March 2026: 90% (95% interval 74% to 97%), 30',
    );
    // By month: March, cut by the range: 34 of 40, 85%, Wilson 70.9% to 92.9%.
    const months = await viewer.get(`${range}&period=month`);
    expect(tableRows(months.body, 'Satisfied (CSAT) each month: How satisfied?')).toEqual([
      'March 2026 (partial month) | 85% (95% interval 71% to 93%) | 40',
    ]);
    const cy = await viewer.get(`${range}&period=month&lang=cy`);
    expect(tableRows(cy.body, 'Bodlon (CSAT) bob mis: How satisfied? (cy)')).toEqual([
      'Mawrth 2026 (mis rhannol) | 85% (Cyfwng hyder 95% 71% i 93%) | 40',
    ]);
    // A filter on the answers (counted from the responses, not the per-day counts).
    const welsh = await viewer.get(`${range}&respondentLang=cy`);
    expect(tableRows(welsh.body, 'Satisfied (CSAT) each week: How satisfied?')).toEqual([
      '2 March 2026 | 100% (95% interval 44% to 100%) | 3 Fewer than 30 answers',
      '9 March 2026 | no answers | 0 Fewer than 30 answers',
    ]);
  });

  it('gives NPS each week with the adjusted-Wald interval', async () => {
    const w = await world(await open('trends_nps'), now, withNps());
    const save = (score: string, times: number) =>
      w.save('2026-03-10T10:00:00Z', { recommendScore: score }, 'en', times, 'fixture-nps');
    // 5 promoters (9, 10), 2 passives (7, 8), 3 detractors (0 to 6) of 10: NPS 20; adjusted
    // P = 5.75/13, D = 3.75/13, interval −30.3 to 61.1.
    await save('10', 3);
    await save('9', 2);
    await save('8', 1);
    await save('7', 1);
    await save('6', 2);
    await save('0', 1);
    const viewer = await w.member('viewer');
    const page = await viewer.get('/team?survey=fixture-nps&from=2026-03-09&to=2026-03-15');
    expect(tableRows(page.body, 'Net Promoter Score each week: Would you recommend us?')).toEqual([
      '9 March 2026 | 20 (95% interval -30 to 61) | 10 Fewer than 30 answers',
    ]);
  });
});

describe.each(databases)('dated notes on %s', (_name, open) => {
  it('are added, shown on every trend with their text, and deleted, audited', async () => {
    const w = await world(await open('trends_notes'), now);
    await w.save('2026-03-10T10:00:00Z', { howSatisfied: '5' }, 'en', 2);
    const analyst = await w.member('analyst');
    const added = await analyst.post('/team/notes', {
      day: '2026-03-10',
      text: 'New phone line opened',
    });
    expect(added.statusCode).toBe(303);
    await analyst.post('/team/notes', {
      day: '2026-03-03',
      text: 'Single-page form only',
      survey: 'fixture-single',
    });
    const viewer = await w.member('viewer');
    const page = await viewer.get('/team?from=2026-03-02&to=2026-03-15');
    // The fixture survey's trends: the note of every survey, in the week of 9 March.
    const weekly = tableRows(page.body, 'Responses each week');
    expect(weekly.slice(0, 2)).toEqual([
      '2 March 2026 | 0 |',
      '9 March 2026 | 2 | 1. 10 March 2026: New phone line opened',
    ]);
    expect(tableRows(page.body, 'Satisfied (CSAT) each week: How satisfied?')).toEqual([
      '2 March 2026 | no answers | 0 Fewer than 30 answers |',
      '9 March 2026 | 100% (95% interval 34% to 100%) | 2 Fewer than 30 answers | 1. 10 March 2026: New phone line opened',
    ]);
    expect(page.body).toContain('9 Mar: 2 (Note 1)');
    expect(page.body).toContain('<li>10 March 2026: New phone line opened</li>');
    // The other survey's own note is on its trend only, numbered on its own.
    expect(page.body.match(/Single-page form only/g)).toHaveLength(2);
    expect(page.body).toContain('1. 3 March 2026: Single-page form only');
    const cy = await viewer.get('/team?from=2026-03-02&to=2026-03-15&lang=cy');
    expect(cy.body).toContain('(Nodyn 1)');
    expect(cy.body).toContain('Nodiadau yn y cyfnod hwn');

    const list = await viewer.get('/team/notes');
    expect(tableRows(list.body, 'Notes')).toEqual([
      '3 March 2026 | Single-page form only | One page fixture',
      '10 March 2026 | New phone line opened | All surveys',
    ]);
    // A viewer may read them, not add or delete them.
    expect((await viewer.post('/team/notes', { day: '2026-03-10', text: 'x' })).statusCode).toBe(
      403,
    );
    const notes = await w.store.team.listNotes();
    const phone = notes.find((n) => n.text === 'New phone line opened')!;
    expect((await viewer.post(`/team/notes/${phone.id}/delete`)).statusCode).toBe(403);
    expect((await analyst.post(`/team/notes/${phone.id}/delete`)).statusCode).toBe(303);
    expect((await w.store.team.listNotes()).map((n) => n.text)).toEqual(['Single-page form only']);
    expect((await analyst.post(`/team/notes/${phone.id}/delete`)).statusCode).toBe(404);
    const audit = await w.store.team.auditLog({ limit: 20, offset: 0 });
    expect(audit.map((e) => [e.action, e.target])).toEqual(
      expect.arrayContaining([
        ['note-add', '2026-03-10'],
        ['note-add', '2026-03-03'],
        ['note-delete', '2026-03-10'],
      ]),
    );
  });

  it('refuses a note without text, a date that is not real or an unknown survey, keeping what was typed', async () => {
    const w = await world(await open('trends_note_errors'), now);
    const analyst = await w.member('analyst');
    const refused = await analyst.post('/team/notes', {
      day: '2026-02-30',
      text: '',
      survey: 'no-such-survey',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<title>Error: Notes');
    for (const message of [
      'Enter a real date, for example 2026-03-27',
      'Enter the note',
      'Select a survey from the list',
    ])
      expect(refused.body).toContain(message);
    expect(refused.body).toContain('value="2026-02-30"');
    const long = await analyst.post('/team/notes?lang=cy', {
      day: '2026-03-10',
      text: 'a'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Rhaid i’r nodyn fod yn 200 nod neu lai');
    expect(await w.store.team.listNotes()).toEqual([]);
    // Without the session's CSRF token: refused.
    const forged = await w.app.inject({
      method: 'POST',
      url: '/team/notes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'day=2026-03-10&text=x',
    });
    expect([302, 303, 401, 403]).toContain(forged.statusCode);
    expect(await w.store.team.listNotes()).toEqual([]);
  });
});
