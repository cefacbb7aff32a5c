import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSurveys } from '../../engine/check/load';
import { allFields } from '../../engine';
import { exportFeedback } from '../../scripts/export-feedback';
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
    // The team area's export (tests/team/export.test.ts): a response id, every question of the
    // survey in page order, headed by its label, choices as their labels.
    const survey = surveys.get('dors-applicant')!;
    const fields = allFields(survey);
    const feel = fields.find((f) => f.name === 'overallFeelOfService')!;
    const [header, row] = readFileSync(join(dataDir, 'out', 'dors-applicant.csv'), 'utf8')
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(header).toContain(`Response ID,Received,Survey,Language answered in,Tags,`);
    const cells = row!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const cell = (name: string) => cells[5 + fields.findIndex((f) => f.name === name)];
    expect(cells[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(cells[1]).toBe('2026-11-01T10:00:00.000Z');
    expect(cell('overallFeelOfService')).toBe(feel.options!.find((o) => o.value === '4')!.label.en);
    expect(cell('howToImprove')).toBe('"Quicker, please"');
  });
});
