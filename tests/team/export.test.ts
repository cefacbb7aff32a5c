// The one CSV export (server/team/export.ts), through /team/export.csv (issue 24).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadSurveys } from '../../engine/check/load';
import type { StoreWithTeam } from '../../server/storage/types';
import { exportColumns } from '../../server/team/export';
import { signedIn, teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now);

async function setup(n = 2) {
  ({ app, store } = await server.start());
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (
        await store.save({
          surveyId: 'fixture-pages',
          definitionHash: 'abcdef0123456789',
          receivedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, i)),
          answers: {
            howSatisfied: String((i % 5) + 1),
            howToImprove: i === 0 ? '=HYPERLINK("x")' : `Answer ${i}`,
            serviceName: 'fixture-pages-service',
            ...(i === 0 ? { email: 'ada@example.com' } : {}),
          },
          lang: 'cy',
        })
      ).id,
    );
  return ids;
}

const lines = (csv: string) => csv.replace('\uFEFF', '').split('\r\n').filter(Boolean);

describe('the CSV export', () => {
  it('has a response id, labels in the language asked for, and contact details for an analyst', async () => {
    const [first] = await setup();
    const analyst = await signedIn(app, store, 'analyst', now);
    const en = lines((await analyst.get('/team/export.csv?survey=fixture-pages')).body);
    expect(en[0]).toMatch(/^Response ID,Received,Survey,Language answered in,Tags,How satisfied\?/);
    expect(en[1]).toMatch(new RegExp(`^${first},2026-03-01T10:00:00.000Z,Fixture survey,Welsh,`));
    expect(en[1]).toContain('ada@example.com');
    // A cell a spreadsheet would run as a formula stays text.
    expect(en[1]).toContain(`"'=HYPERLINK(""x"")"`);

    const cy = lines((await analyst.get('/team/export.csv?survey=fixture-pages&lang=cy')).body);
    expect(cy[0]).toMatch(/^Rhif adnabod yr ymateb,Wedi dod i law,Arolwg,Iaith yr ymateb,Tagiau,/);
    expect(cy[0]).toContain('How satisfied? (cy)');
    expect(cy[1]).toContain('Fixture survey (cy),Cymraeg');

    const codes = lines(
      (await analyst.get('/team/export.csv?survey=fixture-pages&choices=codes')).body,
    );
    expect(codes[1]).toMatch(new RegExp(`^${first},[^,]+,fixture-pages,cy,,1,`));
  });

  it('streams every response, oldest first, across pages', async () => {
    const ids = await setup(1203);
    const analyst = await signedIn(app, store, 'analyst', now);
    const rows = lines((await analyst.get('/team/export.csv')).body).slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual(ids);
  });

  it('gives a field on different scales one column per scale', () => {
    const { surveys } = loadSurveys();
    const columns = exportColumns([surveys.get('basic')!, surveys.get('dors-applicant')!], 'en');
    const nps = columns.filter((c) => c.field.name === 'npsResult');
    expect(nps.map((c) => c.field.options!.length).sort()).toEqual([10, 11]);
    expect(new Set(nps.map((c) => c.header)).size).toBe(2);
  });
});
