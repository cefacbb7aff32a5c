// basic q3 offers the sub-sectors of the sector chosen on q2, and the server refuses the others.
import { describe, expect, it } from 'vitest';
import { findPage, offeredOptions, prepareSubmission } from '../../engine';
import { validateSubmission } from '../../engine/receive';
import { validatePage } from '../../engine/validation';
import { basic as resolveBasic } from './fixtures';

const basic = resolveBasic();

const q3 = findPage(basic, 'q3')!;
const subSector = q3.fields[0]!;
const offered = (whichSector: string) =>
  offeredOptions(subSector, { whichSector }).map((o) => o.value);

describe('sub-sectors by sector', () => {
  it('offers each sector only its own sub-sectors, and the shared ones to both', () => {
    const privateOnly = [
      'Financial services',
      'Retail and hospitality',
      'Security',
      'Transport',
      'Construction',
    ];
    const publicOnly = ['Government', 'Police and justice'];
    for (const value of privateOnly) {
      expect(offered('Private')).toContain(value);
      expect(offered('Public')).not.toContain(value);
    }
    for (const value of publicOnly) {
      expect(offered('Public')).toContain(value);
      expect(offered('Private')).not.toContain(value);
    }
    for (const both of ['Education', 'Health', 'Social care', 'Other']) {
      expect(offered('Private')).toContain(both);
      expect(offered('Public')).toContain(both);
    }
  });

  it('refuses an option of the other sector on the page and on the server', () => {
    const answers = { whyDidYouApply: 'Job', whichSector: 'Private', whichSubSector: 'Government' };
    expect(validatePage(basic, 'q3', answers)).toEqual([
      { field: 'whichSubSector', message: { key: 'invalidOption' } },
    ]);
    expect(validatePage(basic, 'q3', { ...answers, whichSector: 'Public' })).toEqual([]);

    const body = {
      ...prepareSubmission(basic, { ...answers, whichSector: 'Public' }),
      whichSector: 'Private',
    };
    const check = validateSubmission(basic, body);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toContainEqual({
      field: 'whichSubSector',
      message: { key: 'invalidOption' },
    });
  });
});
