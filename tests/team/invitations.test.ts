// Invitations and the addresses the team area gives out (issue 24).
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { teamServerOptions } from '../server/fixtures';
import { signedIn } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');
const PUBLIC_URL = 'https://feedback.example.gov.uk';
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

afterEach(async () => {
  await app?.close();
  await store?.close();
});

async function setup() {
  store = openSqliteStore(':memory:');
  app = await buildServer({ ...teamServerOptions(store, () => now), publicUrl: PUBLIC_URL });
}

describe('addresses come from PUBLIC_URL, never from the request', () => {
  it('an invitation link made through a forged Host', async () => {
    await setup();
    const admin = await signedIn(app, store, 'admin', now);
    const page = await admin.post(
      '/team/members',
      { email: 'new@example.gov.uk', role: 'viewer' },
      forged,
    );
    expect(page.body).toMatch(/https:\/\/feedback\.example\.gov\.uk\/team\/enrol\?token=[\w-]{43}/);
    expect(page.body).not.toContain('evil.example');
  });

  it('the passkey relying party, asked through a forged Host', async () => {
    await setup();
    const options = await app.inject({
      method: 'POST',
      url: '/team/sign-in/options',
      headers: forged,
      payload: {},
    });
    expect(options.json()).toMatchObject({ rpId: 'feedback.example.gov.uk' });
  });
});
