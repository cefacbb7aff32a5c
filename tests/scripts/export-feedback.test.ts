import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSurveys } from '../../engine/check/load';
import { exportFeedback, feedbackCsv } from '../../scripts/export-feedback';
import { openStore } from '../../server/storage/index';

const { surveys } = loadSurveys();
const dataDir = mkdtempSync(join(tmpdir(), 'export-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('feedback export', () => {
  it('writes one CSV per survey with columns in question order', async () => {
    const store = await openStore({ dataDir });
    const at = new Date('2026-11-01T10:00:00Z');
    await store.save({
      surveyId: 'dors-applicant',
      definitionHash: 'h',
      receivedAt: at,
      answers: {
        serviceName: 'dors-applicant-survey',
        howToImprove: 'Quicker, please',
        overallFeelOfService: '4',
      },
    });
    await store.save({
      surveyId: 'barring-short',
      definitionHash: 'h',
      receivedAt: at,
      answers: { serviceName: 'barring-short-survey', howEasy: '5' },
    });
    await store.close();

    // Exports hold names and email addresses: readable by the owner only, whatever the umask.
    const umask = process.umask(0o000);
    const files = await exportFeedback(join(dataDir, 'out'), { DATA_DIR: dataDir }).finally(() =>
      process.umask(umask),
    );
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(join(dataDir, 'out'))).toBe('700');
    for (const file of files) expect(mode(file), file).toBe('600');
    expect(files.map((f) => f.split('/').pop()).sort()).toEqual([
      'barring-short.csv',
      'dors-applicant.csv',
    ]);
    const csv = readFileSync(join(dataDir, 'out', 'dors-applicant.csv'), 'utf8');
    expect(csv).toBe(
      '\uFEFFreceived,overallFeelOfService,howToImprove\r\n2026-11-01T10:00:00.000Z,4,"Quicker, please"\r\n',
    );
  });

  it('keeps a cell that looks like a formula as text', () => {
    const csv = feedbackCsv(surveys.get('dors-applicant'), [
      {
        id: '1',
        surveyId: 'dors-applicant',
        definitionHash: 'h',
        receivedAt: new Date(0),
        answers: { email: '=1+1@example.com' },
      },
    ]);
    expect(csv).toContain(",'=1+1@example.com");
  });
});
