import { describe, expect, it } from 'vitest';
import { fetchRequest } from '../../server/render';

describe('fetchRequest', () => {
  it('keeps every value of a repeated form name (ticked checkboxes) for the route table', async () => {
    const request = fetchRequest({
      url: '/en/barring/q10?draft=abc',
      method: 'POST',
      headers: { host: '127.0.0.1:3000' },
      body: new Map([
        ['choice', ['Someone suggested it', 'Other']],
        ['choiceOther', ['Training']],
      ]),
    });
    const form = await request.formData();
    expect(form.getAll('choice')).toEqual(['Someone suggested it', 'Other']);
    expect(form.get('choiceOther')).toBe('Training');
    expect(new URL(request.url).pathname).toBe('/en/barring/q10');
  });

  it('sends a post to a survey root to its index route', () => {
    const request = fetchRequest({
      url: '/en/basic',
      method: 'POST',
      headers: {},
      body: new Map(),
    });
    expect(new URL(request.url).searchParams.has('index')).toBe(true);
  });
});
