import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitFeedback } from '../../src/submit';

afterEach(() => vi.unstubAllGlobals());

async function headersSentFrom(pageLang: string): Promise<Headers> {
  vi.stubGlobal('document', { documentElement: { lang: pageLang } });
  const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  await submitFeedback({ serviceName: 'svc' });
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return new Headers(init.headers);
}

describe('submitFeedback', () => {
  it("sends the page's language as Content-Language", async () => {
    expect((await headersSentFrom('cy')).get('content-language')).toBe('cy');
    expect((await headersSentFrom('en')).get('content-language')).toBe('en');
  });

  it('sends no language when the page has none the service knows', async () => {
    expect((await headersSentFrom('')).get('content-language')).toBeNull();
    expect((await headersSentFrom('fr')).get('content-language')).toBeNull();
  });
});
