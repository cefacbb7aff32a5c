// Issue 11: what a probe of the running server found, each checked here (inject where it can
// reproduce the problem, a raw socket where only Node's HTTP parser or real timing can).
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_KEY, fakeDist, pagesDefinition, testServer, validBody } from './fixtures';
import type { FeedbackStore } from '../../server/storage/types';
import { SECURITY_HEADERS } from '../../server/security';

let app: FastifyInstance | undefined;
let store: FeedbackStore | undefined;

afterEach(async () => {
  await app?.close();
  await store?.close();
  app = store = undefined;
});

async function setup(options: Parameters<typeof testServer>[0] = {}) {
  ({ app, store } = await testServer(options));
  return app;
}

const post = (
  payload: unknown,
  {
    remoteAddress,
    headers = {},
  }: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  app!.inject({
    method: 'POST',
    url: '/api/feedback',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
    payload: JSON.stringify(payload),
  });

describe('proxy trust (item 1)', () => {
  it('keys the limit on the address the load balancer saw, whatever X-Forwarded-For the client adds', async () => {
    await setup({ trustProxy: ['10.0.0.1'], rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const spoofed = `198.51.100.${i}, 203.0.113.7`; // client's own entry, then the LB's
      statuses.push(
        (
          await post(validBody(), {
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': spoofed },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('ignores X-Forwarded-For from a client that connects directly', async () => {
    await setup({ trustProxy: ['10.0.0.1'], rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await post(validBody(), {
            remoteAddress: '198.51.100.20',
            headers: { 'x-forwarded-for': `192.0.2.${i}` },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});

describe('rate limits that fit real deployments (item 9)', () => {
  it('keys IPv6 clients by their /64 and IPv4 clients by address', async () => {
    await setup({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const from = async (remoteAddress: string) =>
      (await post(validBody(), { remoteAddress })).statusCode;
    expect(await from('2001:db8:1:2::1')).toBe(201);
    expect(await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(201);
    expect(await from('2001:db8:1:2::ffff')).toBe(429); // same /64, third request
    expect(await from('2001:db8:1:3::1')).toBe(201); // the next /64 is someone else
    expect(await from('192.0.2.1')).toBe(201);
    expect(await from('192.0.2.1')).toBe(201);
    expect(await from('::ffff:192.0.2.1')).toBe(429); // the same IPv4 client, mapped
    expect(await from('192.0.2.2')).toBe(201);
  });

  it('caps accepted submissions per minute across all clients with 503 and Retry-After', async () => {
    let now = new Date('2026-11-23T10:00:30Z');
    await setup({ submissionsPerMinute: 2, clock: () => now });
    const from = (n: number, body: unknown = validBody()) =>
      post(body, { remoteAddress: `192.0.2.${n}` });
    expect((await from(1)).statusCode).toBe(201);
    expect((await from(2, { serviceName: 'nope' })).statusCode).toBe(400); // not counted
    expect((await from(3)).statusCode).toBe(201);
    const full = await from(4);
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json()).toEqual({ error: 'Busy' });
    expect(await store!.count()).toBe(2);
    now = new Date('2026-11-23T10:01:00Z');
    expect((await from(5)).statusCode).toBe(201);
  });
});

describe('field errors (item 6)', () => {
  it('reports only field names the survey defines, and a count of the others', async () => {
    await setup();
    const response = await post({
      ...validBody({ howSatisfied: '9' }),
      '<img src=x onerror=alert(1)>': 'x',
      another: 'y',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('img');
    expect(response.body).not.toContain('another');
    expect(response.json()).toEqual({
      errors: [{ field: 'howSatisfied', key: 'invalidOption' }],
      unknownFields: 2,
    });
  });

  it('does not count a wrong type on a defined field as unknown', async () => {
    await setup();
    const response = await post({ ...validBody(), howToImprove: 42 });
    expect(response.json()).toEqual({ errors: [{ field: 'howToImprove', key: 'invalidValue' }] });
    expect(pagesDefinition.pages[1]!.fields[0]!.name).toBe('howToImprove');
  });
});

describe('dotfiles (item 8)', () => {
  it('never serves a file or folder whose name starts with a dot', async () => {
    const dist = fakeDist();
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    writeFileSync(join(dist, '.env'), 'SECRET=1');
    writeFileSync(join(dist, 'assets', '.hidden.js'), 'x');
    await setup({ staticDir: dist });
    for (const url of [
      '/.vite/manifest.json',
      '/.env',
      '/assets/.hidden.js',
      '/%2evite/manifest.json',
    ]) {
      const response = await app!.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('src/main.tsx');
      expect(response.body, url).not.toContain('SECRET');
    }
    expect((await app!.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
  });
});

/** Sends raw bytes (optionally in timed pieces) and resolves with everything the server sent
 *  before closing, how long that took and how many pieces were still unsent when it closed. */
function raw(
  base: string,
  pieces: string[],
  { gapMs = 0, giveUpMs = 20_000 }: { gapMs?: number; giveUpMs?: number } = {},
): Promise<{ text: string; ms: number; unsent: number }> {
  const { port } = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${giveUpMs} ms; got: ${text.slice(0, 80)}`));
    }, giveUpMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {}); // a reset after the response is fine
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearTimeout(timer);
      resolve({ text, ms: Date.now() - started, unsent: queue.length });
    });
    const queue = [...pieces];
    const next = () => {
      const piece = queue.shift();
      if (piece === undefined || socket.destroyed) return;
      socket.write(piece, 'latin1');
      timer = setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('every error response carries the security headers and a generic body (item 5)', () => {
  const cases: [string, string, number][] = [
    [
      'a URL that does not decode',
      'GET /%c0<img/src/onerror=alert(1)> HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      400,
    ],
    [
      'headers too large',
      `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'<img/src/onerror=alert(1)>'.repeat(800)}\r\n\r\n`,
      431,
    ],
    ['a NUL in a header', 'GET / HTTP/1.1\r\nHost: localhost\r\nX-A: <img\0onerror>\r\n\r\n', 400],
    ['a bad request line', 'GET /<img onerror=alert(1)> HTTP/9.9 junk\r\n\r\n', 400],
    [
      'HTTP/1.1 without Host',
      'GET /<img/onerror=alert(1)> HTTP/1.1\r\nConnection: close\r\n\r\n',
      400,
    ],
  ];

  it.each(cases)('%s', async (_name, request, status) => {
    await setup();
    const base = await app!.listen({ port: 0, host: '127.0.0.1' });
    const response = parse((await raw(base, [request])).text);
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(response.headers[name], name).toBe(value);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
    expect(response.body).not.toMatch(/img|onerror/);
  });
});

describe('timeouts (item 4)', () => {
  it('answers 408 to a body trickled slower than the request timeout, and stores nothing', async () => {
    await setup({ requestTimeoutMs: 600 });
    const base = await app!.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify(validBody());
    const head = `POST /api/feedback HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Api-Key: ${API_KEY}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { text, unsent } = await raw(base, [head, ...body.split('')], { gapMs: 100 });
    const response = parse(text);
    expect(response.status).toBe(408);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(unsent).toBeGreaterThan(0); // cut off before the body was complete
    expect(await store!.count()).toBe(0);
  });

  it('closes a connection that sends nothing after the connection timeout', async () => {
    await setup({ connectionTimeoutMs: 500 });
    const base = await app!.listen({ port: 0, host: '127.0.0.1' });
    const { ms } = await raw(base, []);
    // A lower bound only: a busy machine makes the close later, never earlier.
    expect(ms).toBeGreaterThanOrEqual(400);
  });
});
