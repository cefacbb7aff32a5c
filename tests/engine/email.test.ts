import { describe, expect, it } from 'vitest';
import { suggestEmail } from '../../engine/email';

describe('suggestEmail', () => {
  it('suggests a common domain for a likely typo', () => {
    expect(suggestEmail('name@gmial.com')).toEqual({
      address: 'name',
      domain: 'gmail.com',
      full: 'name@gmail.com',
    });
    expect(suggestEmail('name@hotmial.co.uk')?.domain).toBe('hotmail.co.uk');
    expect(suggestEmail('name@yaho.co.uk')?.domain).toBe('yahoo.co.uk');
    expect(suggestEmail('name@outlok.com')?.domain).toBe('outlook.com');
    expect(suggestEmail('name@btinternet.co')?.domain).toBe('btinternet.com');
  });

  it('keeps the part before the @ exactly as typed', () => {
    expect(suggestEmail(' Ann.Jones@gmial.com ')).toEqual({
      address: 'Ann.Jones',
      domain: 'gmail.com',
      full: 'Ann.Jones@gmail.com',
    });
  });

  it('suggests nothing for correct or unknown domains', () => {
    for (const email of [
      'name@gmail.com',
      'name@yahoo.co.uk',
      'name@example.com',
      'name@company.co.uk',
      'name@virginmedia.com',
    ]) {
      expect(suggestEmail(email), email).toBeNull();
    }
  });

  it('never corrects public-sector and Welsh domains', () => {
    for (const email of [
      'name@llyw.cymru',
      'name@gov.wales',
      'name@dbs.gov.uk',
      'name@nhs.net',
      'name@wales.nhs.uk',
      'name@caerdydd.cymru',
      'name@cardiff.wales',
      'name@cardiff.ac.uk',
      'name@ysgol.sch.uk',
    ]) {
      expect(suggestEmail(email), email).toBeNull();
    }
  });

  it('suggests nothing for input that is not an address', () => {
    for (const email of ['', 'name', '@gmial.com', 'name@'])
      expect(suggestEmail(email), email).toBeNull();
  });
});
