import { describe, expect, it } from 'vitest';
import { API_KEY, logCapture, pagesDefinition, testServer, validBody } from './fixtures';

describe('logging', () => {
  it('logs method, route, status and time, never bodies, emails, free text, query strings or keys', async () => {
    const log = logCapture();
    const { app, store } = await testServer({ logger: { level: 'trace', stream: log.stream } });
    const secretText = 'Zebra crossings confuse me';
    const email = 'ann.jones@example.com';
    const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
    const contact = validBody({
      howToImprove: secretText,
      firstName: 'Annwen',
      lastName: 'Jonesy',
      email,
    });

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers,
      payload: JSON.stringify(contact),
    });
    expect(accepted.statusCode).toBe(201);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers,
      payload: JSON.stringify({ ...contact, email: 'ann.jones@' }),
    });
    expect(invalid.statusCode).toBe(400);
    await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers,
      payload: `{"email": "${email}", broken`,
    });
    await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...headers, 'x-api-key': 'wrong-key-value' },
      payload: '{}',
    });
    await app.inject({
      method: 'GET',
      url: `/en/${pagesDefinition.id}?email=${encodeURIComponent(email)}`,
    });
    await app.inject({ method: 'GET', url: `/nowhere/${encodeURIComponent(secretText)}` });
    await app.close();
    await store.close();

    const text = log.text();
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(6);
    expect(requests[0]).toMatchObject({ method: 'POST', route: '/api/feedback', status: 201 });
    expect(requests[0]!.ms).toEqual(expect.any(Number));
    expect(requests.map((line) => line.status)).toEqual([201, 400, 400, 401, 200, 404]);

    for (const secret of [
      secretText,
      'Zebra',
      email,
      'ann.jones',
      'Annwen',
      'Jonesy',
      API_KEY,
      'wrong-key-value',
      'example.com',
      '127.0.0.1',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs a storage failure with its stack frames but not its message', async () => {
    const log = logCapture();
    const { app, store } = await testServer({ logger: { stream: log.stream } });
    const original = store.save;
    store.save = async () => {
      throw new Error('cannot store ann.jones@example.com');
    };
    await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      payload: JSON.stringify(validBody()),
    });
    store.save = original;
    await app.close();
    await store.close();
    expect(log.text()).toContain('request failed');
    expect(log.text()).toContain('"stack":"');
    expect(log.text()).not.toContain('ann.jones');
  });
});
