// `npm run dev` answers the feedback API and the preview (issue 27: the dev server could not send).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { devApi } from '../../server/dev-api';
import { DEFAULT_API_KEY } from '../../server/config';

const dir = mkdtempSync(join(tmpdir(), 'dev-api-'));
let app: FastifyInstance;
beforeAll(async () => {
  process.env.DATA_DIR = dir;
  app = await devApi();
});
afterAll(async () => {
  await app.close();
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe('the dev server API', () => {
  it('stores a submission', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'x-api-key': DEFAULT_API_KEY },
      payload: { howEasy: '5', howSatisfied: '4', serviceName: 'barring-short-survey' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ id: expect.any(String) });
  });

  it('serves the preview', async () => {
    const page = await app.inject({ url: '/preview/basic?lang=cy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="cy"');
  });
});
